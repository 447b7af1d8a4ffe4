const pt = {
  todolist: {
    title: "Tarefas",
    subtitle: "Sua lista pessoal, guardada neste navegador.",
    input: { label: "Nova tarefa", placeholder: "O que precisa ser feito?" },
    buttons: { add: "Adicionar", save: "Salvar", cancel: "Cancelar", edit: "Editar tarefa", delete: "Excluir tarefa" },
    complete: "Concluir {{text}}",
    reopen: "Reabrir {{text}}",
    editLabel: "Editar tarefa",
    counts: "{{open}} pendente(s) · {{done}} concluída(s)",
    empty: { title: "Nenhuma tarefa por aqui", hint: "Escreva acima e tecle Enter para adicionar." },
    confirmationModal: {
      deleteTitle: "Excluir a tarefa?",
      deleteMessage: "“{{text}}” será removida desta lista.",
      deleteConfirm: "Excluir",
    },
    toasts: { deleted: "Tarefa excluída." },
  },
};

const en: typeof pt = {
  todolist: {
    title: "Tasks",
    subtitle: "Your personal list, kept in this browser.",
    input: { label: "New task", placeholder: "What needs to be done?" },
    buttons: { add: "Add", save: "Save", cancel: "Cancel", edit: "Edit task", delete: "Delete task" },
    complete: "Complete {{text}}",
    reopen: "Reopen {{text}}",
    editLabel: "Edit task",
    counts: "{{open}} open · {{done}} done",
    empty: { title: "No tasks yet", hint: "Type above and press Enter to add one." },
    confirmationModal: {
      deleteTitle: "Delete the task?",
      deleteMessage: "“{{text}}” will be removed from this list.",
      deleteConfirm: "Delete",
    },
    toasts: { deleted: "Task deleted." },
  },
};

const es: typeof pt = {
  todolist: {
    title: "Tareas",
    subtitle: "Tu lista personal, guardada en este navegador.",
    input: { label: "Nueva tarea", placeholder: "¿Qué hay que hacer?" },
    buttons: { add: "Agregar", save: "Guardar", cancel: "Cancelar", edit: "Editar tarea", delete: "Eliminar tarea" },
    complete: "Completar {{text}}",
    reopen: "Reabrir {{text}}",
    editLabel: "Editar tarea",
    counts: "{{open}} pendiente(s) · {{done}} completada(s)",
    empty: { title: "Aún no hay tareas", hint: "Escribe arriba y pulsa Enter para agregar una." },
    confirmationModal: {
      deleteTitle: "¿Eliminar la tarea?",
      deleteMessage: "“{{text}}” se quitará de esta lista.",
      deleteConfirm: "Eliminar",
    },
    toasts: { deleted: "Tarea eliminada." },
  },
};

export { en, es, pt };

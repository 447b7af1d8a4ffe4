const pt = {
  quickMessages: {
    title: "Respostas rápidas",
    searchPlaceholder: "Pesquisar respostas rápidas",
    buttons: { add: "Adicionar", edit: "Editar resposta rápida", delete: "Excluir resposta rápida" },
    table: {
      shortcode: "Atalho",
      message: "Mensagem",
      mediaName: "Arquivo",
      actions: "Ações",
      loadingMore: "Carregando mais respostas...",
    },
    empty: {
      title: "Nenhuma resposta rápida",
      search: "Nenhuma resposta rápida corresponde à pesquisa.",
      hint: "Crie atalhos para as mensagens que você mais envia. No atendimento, digite / e o atalho.",
    },
    confirmationModal: {
      deleteTitle: "Excluir a resposta /{{shortcode}}?",
      deleteMessage: "Esta ação não pode ser revertida.",
      deleteConfirm: "Excluir",
    },
    toasts: { deleted: "Resposta rápida excluída com sucesso." },
  },
  quickMessageModal: {
    title: { add: "Adicionar resposta rápida", edit: "Editar resposta rápida" },
    form: {
      shortcode: "Atalho",
      shortcodeHelp: "No atendimento, digite / seguido do atalho.",
      message: "Mensagem",
      geral: "Disponível para toda a empresa",
      attachMedia: "Anexar arquivo",
      replaceMedia: "Trocar arquivo",
      removeMedia: "Remover arquivo",
    },
    tooLarge: "Arquivo é muito grande! {{size}}MB máximo",
    buttons: { add: "Adicionar", save: "Salvar", cancel: "Cancelar" },
    success: "Resposta rápida salva com sucesso!",
  },
};

const en: typeof pt = {
  quickMessages: {
    title: "Quick replies",
    searchPlaceholder: "Search quick replies",
    buttons: { add: "Add", edit: "Edit quick reply", delete: "Delete quick reply" },
    table: {
      shortcode: "Shortcut",
      message: "Message",
      mediaName: "File",
      actions: "Actions",
      loadingMore: "Loading more quick replies...",
    },
    empty: {
      title: "No quick replies",
      search: "No quick reply matches the search.",
      hint: "Create shortcuts for the messages you send most. In a ticket, type / and the shortcut.",
    },
    confirmationModal: {
      deleteTitle: "Delete the quick reply /{{shortcode}}?",
      deleteMessage: "This cannot be undone.",
      deleteConfirm: "Delete",
    },
    toasts: { deleted: "Quick reply deleted successfully." },
  },
  quickMessageModal: {
    title: { add: "Add quick reply", edit: "Edit quick reply" },
    form: {
      shortcode: "Shortcut",
      shortcodeHelp: "In a ticket, type / followed by the shortcut.",
      message: "Message",
      geral: "Available to the whole company",
      attachMedia: "Attach file",
      replaceMedia: "Replace file",
      removeMedia: "Remove file",
    },
    tooLarge: "File is too large! {{size}}MB maximum",
    buttons: { add: "Add", save: "Save", cancel: "Cancel" },
    success: "Quick reply saved successfully!",
  },
};

const es: typeof pt = {
  quickMessages: {
    title: "Respuestas rápidas",
    searchPlaceholder: "Buscar respuestas rápidas",
    buttons: { add: "Agregar", edit: "Editar respuesta rápida", delete: "Eliminar respuesta rápida" },
    table: {
      shortcode: "Atajo",
      message: "Mensaje",
      mediaName: "Archivo",
      actions: "Acciones",
      loadingMore: "Cargando más respuestas...",
    },
    empty: {
      title: "Ninguna respuesta rápida",
      search: "Ninguna respuesta rápida coincide con la búsqueda.",
      hint: "Cree atajos para los mensajes que más envía. En un ticket, escriba / y el atajo.",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar la respuesta /{{shortcode}}?",
      deleteMessage: "Esta acción no se puede deshacer.",
      deleteConfirm: "Eliminar",
    },
    toasts: { deleted: "Respuesta rápida eliminada con éxito." },
  },
  quickMessageModal: {
    title: { add: "Agregar respuesta rápida", edit: "Editar respuesta rápida" },
    form: {
      shortcode: "Atajo",
      shortcodeHelp: "En un ticket, escriba / seguido del atajo.",
      message: "Mensaje",
      geral: "Disponible para toda la empresa",
      attachMedia: "Adjuntar archivo",
      replaceMedia: "Cambiar archivo",
      removeMedia: "Quitar archivo",
    },
    tooLarge: "¡El archivo es muy grande! {{size}}MB máximo",
    buttons: { add: "Agregar", save: "Guardar", cancel: "Cancelar" },
    success: "¡Respuesta rápida guardada con éxito!",
  },
};

export { en, es, pt };

const pt = {
  flows: {
    title: "Fluxos de conversa",
    subtitle: "Fluxos que respondem aos contatos: abra um para desenhá-lo.",
    searchPlaceholder: "Pesquisar fluxos",
    buttons: { add: "Adicionar fluxo", more: "Mais ações de {{name}}" },
    menu: { rename: "Editar nome", open: "Editar fluxo", duplicate: "Duplicar", delete: "Excluir" },
    table: {
      name: "Nome",
      status: "Status",
      actions: "Ações",
      loadingMore: "Carregando mais fluxos...",
    },
    status: { active: "Ativo", inactive: "Desativado" },
    empty: {
      title: "Nenhum fluxo de conversa",
      search: "Nenhum fluxo corresponde à pesquisa.",
      hint: "Crie um fluxo e desenhe as mensagens, menus e intervalos que o contato percorre.",
    },
    confirmationModal: {
      deleteTitle: "Excluir o fluxo {{name}}?",
      deleteMessage:
        "Tem certeza que deseja excluir este fluxo? Todas as integrações relacionadas a ele serão perdidas. Esta ação não pode ser revertida.",
      deleteConfirm: "Excluir",
    },
    toasts: { deleted: "Fluxo excluído com sucesso", duplicated: "Fluxo duplicado com sucesso" },
  },
  flowNameModal: {
    title: { add: "Adicionar fluxo", edit: "Editar nome do fluxo" },
    form: { name: "Nome do fluxo" },
    validation: { required: "Digite um nome!", tooShort: "Muito curto!", tooLong: "Muito longo!" },
    buttons: { add: "Adicionar", save: "Salvar", cancel: "Cancelar" },
    success: { add: "Fluxo criado com sucesso", edit: "Nome do fluxo alterado com sucesso" },
  },
};

const en: typeof pt = {
  flows: {
    title: "Conversation flows",
    subtitle: "Flows that answer your contacts: open one to draw it.",
    searchPlaceholder: "Search flows",
    buttons: { add: "Add flow", more: "More actions for {{name}}" },
    menu: { rename: "Edit name", open: "Edit flow", duplicate: "Duplicate", delete: "Delete" },
    table: {
      name: "Name",
      status: "Status",
      actions: "Actions",
      loadingMore: "Loading more flows...",
    },
    status: { active: "Active", inactive: "Inactive" },
    empty: {
      title: "No conversation flows",
      search: "No flow matches the search.",
      hint: "Create a flow and draw the messages, menus and intervals a contact goes through.",
    },
    confirmationModal: {
      deleteTitle: "Delete the flow {{name}}?",
      deleteMessage:
        "Are you sure you want to delete this flow? Every integration related to it will be lost. This cannot be undone.",
      deleteConfirm: "Delete",
    },
    toasts: { deleted: "Flow deleted successfully", duplicated: "Flow duplicated successfully" },
  },
  flowNameModal: {
    title: { add: "Add flow", edit: "Edit flow name" },
    form: { name: "Flow name" },
    validation: { required: "Type a name!", tooShort: "Too short!", tooLong: "Too long!" },
    buttons: { add: "Add", save: "Save", cancel: "Cancel" },
    success: { add: "Flow created successfully", edit: "Flow name changed successfully" },
  },
};

const es: typeof pt = {
  flows: {
    title: "Flujos de conversación",
    subtitle: "Flujos que responden a los contactos: abra uno para dibujarlo.",
    searchPlaceholder: "Buscar flujos",
    buttons: { add: "Agregar flujo", more: "Más acciones de {{name}}" },
    menu: { rename: "Editar nombre", open: "Editar flujo", duplicate: "Duplicar", delete: "Eliminar" },
    table: {
      name: "Nombre",
      status: "Estado",
      actions: "Acciones",
      loadingMore: "Cargando más flujos...",
    },
    status: { active: "Activo", inactive: "Desactivado" },
    empty: {
      title: "Ningún flujo de conversación",
      search: "Ningún flujo coincide con la búsqueda.",
      hint: "Cree un flujo y dibuje los mensajes, menús e intervalos que recorre el contacto.",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar el flujo {{name}}?",
      deleteMessage:
        "¿Está seguro de que desea eliminar este flujo? Todas las integraciones relacionadas se perderán. Esta acción no se puede deshacer.",
      deleteConfirm: "Eliminar",
    },
    toasts: { deleted: "Flujo eliminado con éxito", duplicated: "Flujo duplicado con éxito" },
  },
  flowNameModal: {
    title: { add: "Agregar flujo", edit: "Editar nombre del flujo" },
    form: { name: "Nombre del flujo" },
    validation: { required: "¡Escriba un nombre!", tooShort: "¡Muy corto!", tooLong: "¡Muy largo!" },
    buttons: { add: "Agregar", save: "Guardar", cancel: "Cancelar" },
    success: { add: "Flujo creado con éxito", edit: "Nombre del flujo cambiado con éxito" },
  },
};

export { en, es, pt };

const pt = {
  phraseLists: {
    title: "Campanhas de frase",
    subtitle: "Quando um contato envia a frase numa conexão, o fluxo escolhido começa.",
    buttons: {
      add: "Adicionar campanha",
      edit: "Editar campanha",
      delete: "Excluir campanha",
      retry: "Tentar novamente",
    },
    table: {
      name: "Nome",
      phrase: "Frase",
      status: "Status",
      actions: "Ações",
    },
    status: { active: "Ativo", inactive: "Desativado" },
    empty: {
      title: "Nenhuma campanha de frase",
      hint: "Escolha uma frase, uma conexão e o fluxo que ela inicia.",
      loadError: "Não foi possível carregar as campanhas.",
    },
    confirmationModal: {
      deleteTitle: "Excluir a campanha {{name}}?",
      deleteMessage: "A frase deixa de iniciar o fluxo. Esta ação não pode ser revertida.",
      deleteConfirm: "Excluir",
    },
    toasts: {
      created: "Frase criada com sucesso!",
      updated: "Frase alterada com sucesso!",
      deleted: "Frase deletada",
    },
  },
  flowCampaignModal: {
    title: { add: "Adicionar campanha de frase", edit: "Editar campanha de frase" },
    form: {
      name: "Nome",
      flowId: "Fluxo",
      whatsappId: "Conexão",
      phrase: "Frase",
      phraseHint: "A mensagem do contato que inicia o fluxo.",
      status: "Status",
      noFlows: "Nenhum fluxo criado ainda",
      noConnections: "Nenhuma conexão",
    },
    validation: { required: "Obrigatório" },
    buttons: { add: "Adicionar", save: "Salvar", cancel: "Cancelar" },
  },
};

const en: typeof pt = {
  phraseLists: {
    title: "Phrase campaigns",
    subtitle: "When a contact sends the phrase on a connection, the chosen flow starts.",
    buttons: { add: "Add campaign", edit: "Edit campaign", delete: "Delete campaign", retry: "Try again" },
    table: {
      name: "Name",
      phrase: "Phrase",
      status: "Status",
      actions: "Actions",
    },
    status: { active: "Active", inactive: "Inactive" },
    empty: {
      title: "No phrase campaigns",
      hint: "Choose a phrase, a connection and the flow it starts.",
      loadError: "The campaigns could not be loaded.",
    },
    confirmationModal: {
      deleteTitle: "Delete the campaign {{name}}?",
      deleteMessage: "The phrase no longer starts the flow. This cannot be undone.",
      deleteConfirm: "Delete",
    },
    toasts: {
      created: "Phrase created successfully!",
      updated: "Phrase changed successfully!",
      deleted: "Phrase deleted",
    },
  },
  flowCampaignModal: {
    title: { add: "Add phrase campaign", edit: "Edit phrase campaign" },
    form: {
      name: "Name",
      flowId: "Flow",
      whatsappId: "Connection",
      phrase: "Phrase",
      phraseHint: "The contact's message that starts the flow.",
      status: "Status",
      noFlows: "No flow created yet",
      noConnections: "No connection",
    },
    validation: { required: "Required" },
    buttons: { add: "Add", save: "Save", cancel: "Cancel" },
  },
};

const es: typeof pt = {
  phraseLists: {
    title: "Campañas de frase",
    subtitle: "Cuando un contacto envía la frase en una conexión, comienza el flujo elegido.",
    buttons: { add: "Agregar campaña", edit: "Editar campaña", delete: "Eliminar campaña", retry: "Intentar de nuevo" },
    table: {
      name: "Nombre",
      phrase: "Frase",
      status: "Estado",
      actions: "Acciones",
    },
    status: { active: "Activo", inactive: "Desactivado" },
    empty: {
      title: "Ninguna campaña de frase",
      hint: "Elija una frase, una conexión y el flujo que inicia.",
      loadError: "No se pudieron cargar las campañas.",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar la campaña {{name}}?",
      deleteMessage: "La frase deja de iniciar el flujo. Esta acción no se puede deshacer.",
      deleteConfirm: "Eliminar",
    },
    toasts: {
      created: "¡Frase creada con éxito!",
      updated: "¡Frase modificada con éxito!",
      deleted: "Frase eliminada",
    },
  },
  flowCampaignModal: {
    title: { add: "Agregar campaña de frase", edit: "Editar campaña de frase" },
    form: {
      name: "Nombre",
      flowId: "Flujo",
      whatsappId: "Conexión",
      phrase: "Frase",
      phraseHint: "El mensaje del contacto que inicia el flujo.",
      status: "Estado",
      noFlows: "Ningún flujo creado todavía",
      noConnections: "Ninguna conexión",
    },
    validation: { required: "Obligatorio" },
    buttons: { add: "Agregar", save: "Guardar", cancel: "Cancelar" },
  },
};

export { en, es, pt };

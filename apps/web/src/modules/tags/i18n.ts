const pt = {
  tags: {
    title: "Tags",
    searchPlaceholder: "Pesquisar tags",
    buttons: { add: "Nova tag", edit: "Editar tag", delete: "Excluir tag" },
    table: {
      name: "Nome",
      tickets: "Atendimentos",
      kanban: "Kanban",
      onKanban: "Coluna no Kanban",
      actions: "Ações",
      loadingMore: "Carregando mais tags...",
    },
    empty: {
      title: "Nenhuma tag encontrada",
      search: "Nenhuma tag corresponde à pesquisa.",
      hint: "Crie tags para organizar os atendimentos.",
    },
    confirmationModal: {
      deleteTitle: "Excluir a tag {{name}}?",
      deleteMessage: "A tag será removida de todos os atendimentos que a usam. Esta ação não pode ser desfeita.",
      deleteConfirm: "Excluir",
    },
    toasts: { deleted: "Tag excluída com sucesso." },
  },
  tagModal: {
    title: { add: "Adicionar tag", edit: "Editar tag" },
    form: { name: "Nome", color: "Cor", palette: "Paleta de cores", kanban: "Mostrar como coluna no Kanban" },
    validation: { required: "Obrigatório", tooShort: "Mensagem muito curta", tooLong: "Muito longo!" },
    buttons: { add: "Adicionar", save: "Salvar", cancel: "Cancelar" },
    success: "Tag salva com sucesso.",
  },
};

const en: typeof pt = {
  tags: {
    title: "Tags",
    searchPlaceholder: "Search tags",
    buttons: { add: "New tag", edit: "Edit tag", delete: "Delete tag" },
    table: {
      name: "Name",
      tickets: "Tickets",
      kanban: "Kanban",
      onKanban: "Kanban lane",
      actions: "Actions",
      loadingMore: "Loading more tags...",
    },
    empty: {
      title: "No tags found",
      search: "No tag matches the search.",
      hint: "Create tags to organise tickets.",
    },
    confirmationModal: {
      deleteTitle: "Delete the tag {{name}}?",
      deleteMessage: "The tag will be removed from every ticket that uses it. This cannot be undone.",
      deleteConfirm: "Delete",
    },
    toasts: { deleted: "Tag deleted successfully." },
  },
  tagModal: {
    title: { add: "Add tag", edit: "Edit tag" },
    form: { name: "Name", color: "Colour", palette: "Colour palette", kanban: "Show as a Kanban lane" },
    validation: { required: "Required", tooShort: "Message too short", tooLong: "Too long!" },
    buttons: { add: "Add", save: "Save", cancel: "Cancel" },
    success: "Tag saved successfully.",
  },
};

const es: typeof pt = {
  tags: {
    title: "Etiquetas",
    searchPlaceholder: "Buscar etiquetas",
    buttons: { add: "Nueva etiqueta", edit: "Editar etiqueta", delete: "Eliminar etiqueta" },
    table: {
      name: "Nombre",
      tickets: "Tickets",
      kanban: "Kanban",
      onKanban: "Columna en el Kanban",
      actions: "Acciones",
      loadingMore: "Cargando más etiquetas...",
    },
    empty: {
      title: "No se encontraron etiquetas",
      search: "Ninguna etiqueta coincide con la búsqueda.",
      hint: "Cree etiquetas para organizar los tickets.",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar la etiqueta {{name}}?",
      deleteMessage: "La etiqueta se quitará de todos los tickets que la usan. Esta acción no se puede deshacer.",
      deleteConfirm: "Eliminar",
    },
    toasts: { deleted: "Etiqueta eliminada con éxito." },
  },
  tagModal: {
    title: { add: "Agregar etiqueta", edit: "Editar etiqueta" },
    form: { name: "Nombre", color: "Color", palette: "Paleta de colores", kanban: "Mostrar como columna en el Kanban" },
    validation: { required: "Obligatorio", tooShort: "Mensaje muy corto", tooLong: "¡Muy largo!" },
    buttons: { add: "Agregar", save: "Guardar", cancel: "Cancelar" },
    success: "Etiqueta guardada con éxito.",
  },
};

export { en, es, pt };

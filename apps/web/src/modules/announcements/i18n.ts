const pt = {
  announcements: {
    title: "Informativos",
    searchPlaceholder: "Pesquisar",
    noImage: "Sem imagem",
    loadingMore: "Carregando mais informativos...",
    buttons: {
      add: "Adicionar informativo",
      edit: "Editar",
      delete: "Excluir",
      save: "Salvar",
      cancel: "Cancelar",
      attach: "Anexar imagem",
      removeImage: "Remover imagem",
    },
    fields: {
      title: "Título",
      text: "Texto",
      priority: "Prioridade",
      status: "Status",
      image: "Imagem",
      imageHint: "PNG, JPG ou JPEG, até 2 MB",
      actions: "Ações",
    },
    priorities: { 1: "Alta", 2: "Média", 3: "Baixa" },
    status: { active: "Ativo", inactive: "Inativo" },
    empty: {
      title: "Nenhum informativo",
      search: "Nenhum informativo corresponde à pesquisa.",
      hint: "Os informativos ativos aparecem para os usuários de todas as empresas.",
    },
    dialog: { addTitle: "Novo informativo", editTitle: "Editar informativo" },
    confirmationModal: {
      deleteTitle: "Excluir o informativo {{title}}?",
      deleteMessage: "Esta ação não pode ser revertida.",
    },
    toasts: {
      success: "Informativo salvo com sucesso!",
      deleted: "Informativo excluído com sucesso!",
      imageType: "Use uma imagem PNG, JPG ou JPEG.",
    },
    validation: { invalid: "Valor inválido" },
    popover: {
      title: "Informativos",
      button: "Informativos ({{count}})",
      empty: "Nenhum informativo no momento",
    },
  },
};

const en: typeof pt = {
  announcements: {
    title: "Announcements",
    searchPlaceholder: "Search",
    noImage: "No image",
    loadingMore: "Loading more announcements...",
    buttons: {
      add: "Add announcement",
      edit: "Edit",
      delete: "Delete",
      save: "Save",
      cancel: "Cancel",
      attach: "Attach image",
      removeImage: "Remove image",
    },
    fields: {
      title: "Title",
      text: "Text",
      priority: "Priority",
      status: "Status",
      image: "Image",
      imageHint: "PNG, JPG or JPEG, up to 2 MB",
      actions: "Actions",
    },
    priorities: { 1: "High", 2: "Medium", 3: "Low" },
    status: { active: "Active", inactive: "Inactive" },
    empty: {
      title: "No announcements",
      search: "No announcement matches the search.",
      hint: "Active announcements are shown to the users of every company.",
    },
    dialog: { addTitle: "New announcement", editTitle: "Edit announcement" },
    confirmationModal: {
      deleteTitle: "Delete the announcement {{title}}?",
      deleteMessage: "This cannot be undone.",
    },
    toasts: {
      success: "Announcement saved!",
      deleted: "Announcement deleted!",
      imageType: "Use a PNG, JPG or JPEG image.",
    },
    validation: { invalid: "Invalid value" },
    popover: {
      title: "Announcements",
      button: "Announcements ({{count}})",
      empty: "No announcements right now",
    },
  },
};

const es: typeof pt = {
  announcements: {
    title: "Informativos",
    searchPlaceholder: "Buscar",
    noImage: "Sin imagen",
    loadingMore: "Cargando más informativos...",
    buttons: {
      add: "Agregar informativo",
      edit: "Editar",
      delete: "Eliminar",
      save: "Guardar",
      cancel: "Cancelar",
      attach: "Adjuntar imagen",
      removeImage: "Quitar imagen",
    },
    fields: {
      title: "Título",
      text: "Texto",
      priority: "Prioridad",
      status: "Estado",
      image: "Imagen",
      imageHint: "PNG, JPG o JPEG, hasta 2 MB",
      actions: "Acciones",
    },
    priorities: { 1: "Alta", 2: "Media", 3: "Baja" },
    status: { active: "Activo", inactive: "Inactivo" },
    empty: {
      title: "Ningún informativo",
      search: "Ningún informativo coincide con la búsqueda.",
      hint: "Los informativos activos se muestran a los usuarios de todas las empresas.",
    },
    dialog: { addTitle: "Nuevo informativo", editTitle: "Editar informativo" },
    confirmationModal: {
      deleteTitle: "¿Eliminar el informativo {{title}}?",
      deleteMessage: "Esta acción no se puede deshacer.",
    },
    toasts: {
      success: "¡Informativo guardado!",
      deleted: "¡Informativo eliminado!",
      imageType: "Use una imagen PNG, JPG o JPEG.",
    },
    validation: { invalid: "Valor no válido" },
    popover: {
      title: "Informativos",
      button: "Informativos ({{count}})",
      empty: "Ningún informativo por ahora",
    },
  },
};

export { en, es, pt };

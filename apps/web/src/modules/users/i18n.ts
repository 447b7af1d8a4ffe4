const pt = {
  users: {
    title: "Usuários",
    noAccess: {
      title: "Você não tem acesso a esta página",
      hint: "Só administradores veem e gerenciam os usuários da empresa.",
    },
    searchPlaceholder: "Pesquisar por nome ou e-mail",
    searchHint: "Digite pelo menos {{count}} caracteres",
    buttons: {
      add: "Adicionar usuário",
      edit: "Editar usuário",
      delete: "Excluir usuário",
    },
    table: {
      id: "ID",
      name: "Nome",
      email: "E-mail",
      profile: "Perfil",
      actions: "Ações",
      loadingMore: "Carregando mais usuários...",
      online: "Online",
      offline: "Offline",
      presence: "Status",
    },
    profiles: {
      admin: "Administrador",
      user: "Usuário",
      supervisor: "Supervisor",
    },
    empty: {
      title: "Nenhum usuário encontrado",
      search: "Nenhum usuário corresponde à pesquisa.",
    },
    confirmationModal: {
      deleteTitle: "Excluir {{name}}?",
      deleteMessage:
        "Todos os dados do usuário serão perdidos. Os atendimentos abertos deste usuário serão movidos para a fila.",
      deleteConfirm: "Excluir",
    },
    toasts: {
      deleted: "Usuário excluído com sucesso!",
    },
  },
  userModal: {
    title: {
      add: "Adicionar usuário",
      edit: "Editar usuário",
    },
    form: {
      name: "Nome",
      email: "E-mail",
      password: "Senha",
      passwordKeep: "Deixe em branco para manter a senha atual",
      showPassword: "Mostrar senha",
      hidePassword: "Ocultar senha",
      profile: "Perfil",
      queues: "Filas",
      noQueues: "Nenhuma fila cadastrada",
      whatsapp: "Conexão padrão",
      noWhatsapp: "Nenhuma",
      whatsappHelp: "Conexão usada por padrão ao iniciar novos atendimentos",
      allTicket: "Ver chamados pendentes sem fila",
      allTicketHelp: "Quando habilitado, o usuário vê na notificação os chamados pendentes que ainda não têm fila",
      allTicketEnabled: "Habilitado",
      allTicketDisabled: "Desabilitado",
    },
    buttons: {
      cancel: "Cancelar",
      add: "Adicionar",
      save: "Salvar",
    },
    success: "Usuário salvo com sucesso.",
  },
};

const en: typeof pt = {
  users: {
    title: "Users",
    noAccess: {
      title: "You don't have access to this page",
      hint: "Only administrators see and manage the company's users.",
    },
    searchPlaceholder: "Search by name or email",
    searchHint: "Type at least {{count}} characters",
    buttons: {
      add: "Add user",
      edit: "Edit user",
      delete: "Delete user",
    },
    table: {
      id: "ID",
      name: "Name",
      email: "Email",
      profile: "Profile",
      actions: "Actions",
      loadingMore: "Loading more users...",
      online: "Online",
      offline: "Offline",
      presence: "Status",
    },
    profiles: {
      admin: "Admin",
      user: "User",
      supervisor: "Supervisor",
    },
    empty: {
      title: "No users found",
      search: "No user matches the search.",
    },
    confirmationModal: {
      deleteTitle: "Delete {{name}}?",
      deleteMessage: "All of this user's data will be lost. The user's open tickets will be moved back to the queue.",
      deleteConfirm: "Delete",
    },
    toasts: {
      deleted: "User deleted successfully!",
    },
  },
  userModal: {
    title: {
      add: "Add user",
      edit: "Edit user",
    },
    form: {
      name: "Name",
      email: "Email",
      password: "Password",
      passwordKeep: "Leave blank to keep the current password",
      showPassword: "Show password",
      hidePassword: "Hide password",
      profile: "Profile",
      queues: "Queues",
      noQueues: "No queues yet",
      whatsapp: "Default connection",
      noWhatsapp: "None",
      whatsappHelp: "Connection used by default when starting new tickets",
      allTicket: "See pending tickets without a queue",
      allTicketHelp: "When enabled, the user sees pending tickets that have no queue yet in the notifications",
      allTicketEnabled: "Enabled",
      allTicketDisabled: "Disabled",
    },
    buttons: {
      cancel: "Cancel",
      add: "Add",
      save: "Save",
    },
    success: "User saved successfully.",
  },
};

const es: typeof pt = {
  users: {
    title: "Usuarios",
    noAccess: {
      title: "No tiene acceso a esta página",
      hint: "Solo los administradores ven y gestionan los usuarios de la empresa.",
    },
    searchPlaceholder: "Buscar por nombre o correo",
    searchHint: "Escriba al menos {{count}} caracteres",
    buttons: {
      add: "Agregar usuario",
      edit: "Editar usuario",
      delete: "Eliminar usuario",
    },
    table: {
      id: "ID",
      name: "Nombre",
      email: "Correo",
      profile: "Perfil",
      actions: "Acciones",
      loadingMore: "Cargando más usuarios...",
      online: "En línea",
      offline: "Desconectado",
      presence: "Estado",
    },
    profiles: {
      admin: "Administrador",
      user: "Usuario",
      supervisor: "Supervisor",
    },
    empty: {
      title: "No se encontraron usuarios",
      search: "Ningún usuario coincide con la búsqueda.",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar {{name}}?",
      deleteMessage:
        "Se perderán todos los datos del usuario. Los tickets abiertos de este usuario volverán a la cola.",
      deleteConfirm: "Eliminar",
    },
    toasts: {
      deleted: "¡Usuario eliminado con éxito!",
    },
  },
  userModal: {
    title: {
      add: "Agregar usuario",
      edit: "Editar usuario",
    },
    form: {
      name: "Nombre",
      email: "Correo",
      password: "Contraseña",
      passwordKeep: "Déjelo en blanco para mantener la contraseña actual",
      showPassword: "Mostrar contraseña",
      hidePassword: "Ocultar contraseña",
      profile: "Perfil",
      queues: "Colas",
      noQueues: "No hay colas registradas",
      whatsapp: "Conexión predeterminada",
      noWhatsapp: "Ninguna",
      whatsappHelp: "Conexión usada por defecto al iniciar nuevos tickets",
      allTicket: "Ver tickets pendientes sin cola",
      allTicketHelp:
        "Si está habilitado, el usuario ve en las notificaciones los tickets pendientes que aún no tienen cola",
      allTicketEnabled: "Habilitado",
      allTicketDisabled: "Deshabilitado",
    },
    buttons: {
      cancel: "Cancelar",
      add: "Agregar",
      save: "Guardar",
    },
    success: "Usuario guardado con éxito.",
  },
};

export { en, es, pt };

const pt = {
  campaignSettings: {
    title: "Configurações das campanhas",
    subtitle: "Como as campanhas espaçam os envios e os textos que as mensagens podem usar.",
    intervals: {
      title: "Intervalos",
      settingsTitle: "Intervalos das campanhas",
      description: "Espaçar os envios deixa o ritmo parecido com o de uma pessoa e ajuda a evitar bloqueios do número.",
    },
    fields: {
      messageInterval: "Intervalo randômico de disparo",
      longerIntervalAfter: "Intervalo maior após",
      greaterInterval: "Intervalo de disparo maior",
    },
    helpers: {
      messageInterval: "O tempo entre uma mensagem e a seguinte.",
      longerIntervalAfter: "Depois de quantas mensagens a espera maior passa a valer.",
      greaterInterval: "A espera entre as mensagens a partir daí.",
    },
    none: { messageInterval: "Sem intervalo", longerIntervalAfter: "Não definido", greaterInterval: "Sem intervalo" },
    units: {
      seconds_one: "{{count}} segundo",
      seconds_other: "{{count}} segundos",
      messages_one: "{{count}} mensagem",
      messages_other: "{{count}} mensagens",
    },
    variables: {
      title: "Variáveis",
      description: "Escreva {atalho} numa mensagem de campanha e o conteúdo da variável entra no lugar.",
      shortcut: "Atalho",
      shortcutHelp: "Letras, números, _ . ou -",
      value: "Conteúdo",
      actions: "Ações",
      add: "Adicionar variável",
      delete: "Excluir variável",
      empty: "Nenhuma variável",
      emptyHint: "Crie atalhos para textos que se repetem nas campanhas, como o endereço da loja.",
    },
    validation: {
      invalidShortcut: "Use só letras, números, _ . ou -",
      duplicateShortcut: "Este atalho já existe",
    },
    confirmationModal: {
      deleteTitle: "Excluir a variável {{shortcut}}?",
      deleteMessage: "A exclusão vale quando você salvar as configurações.",
      deleteConfirm: "Excluir",
    },
    buttons: { save: "Salvar configurações" },
    unsaved: "Alterações não salvas",
    toasts: { saved: "Configurações salvas", updated: "Operação atualizada com sucesso." },
  },
};

const en: typeof pt = {
  campaignSettings: {
    title: "Campaign settings",
    subtitle: "How campaigns space their sends, and the texts their messages may use.",
    intervals: {
      title: "Intervals",
      settingsTitle: "Campaign intervals",
      description: "Spacing the sends keeps a human pace and helps keep the number from being blocked.",
    },
    fields: {
      messageInterval: "Random send interval",
      longerIntervalAfter: "Longer interval after",
      greaterInterval: "Longer send interval",
    },
    helpers: {
      messageInterval: "The time between one message and the next.",
      longerIntervalAfter: "After how many messages the longer wait applies.",
      greaterInterval: "The wait between messages from then on.",
    },
    none: { messageInterval: "No interval", longerIntervalAfter: "Not set", greaterInterval: "No interval" },
    units: {
      seconds_one: "{{count}} second",
      seconds_other: "{{count}} seconds",
      messages_one: "{{count}} message",
      messages_other: "{{count}} messages",
    },
    variables: {
      title: "Variables",
      description: "Write {shortcut} in a campaign message and the variable's content takes its place.",
      shortcut: "Shortcut",
      shortcutHelp: "Letters, digits, _ . or -",
      value: "Content",
      actions: "Actions",
      add: "Add variable",
      delete: "Delete variable",
      empty: "No variables",
      emptyHint: "Create shortcuts for texts campaigns repeat, such as the store's address.",
    },
    validation: {
      invalidShortcut: "Use only letters, digits, _ . or -",
      duplicateShortcut: "This shortcut already exists",
    },
    confirmationModal: {
      deleteTitle: "Delete the variable {{shortcut}}?",
      deleteMessage: "The deletion takes effect when you save the settings.",
      deleteConfirm: "Delete",
    },
    buttons: { save: "Save settings" },
    unsaved: "Unsaved changes",
    toasts: { saved: "Settings saved", updated: "Setting updated successfully." },
  },
};

const es: typeof pt = {
  campaignSettings: {
    title: "Configuración de campañas",
    subtitle: "Cómo las campañas espacian los envíos y los textos que sus mensajes pueden usar.",
    intervals: {
      title: "Intervalos",
      settingsTitle: "Intervalos de las campañas",
      description: "Espaciar los envíos mantiene un ritmo humano y ayuda a evitar que el número sea bloqueado.",
    },
    fields: {
      messageInterval: "Intervalo aleatorio de envío",
      longerIntervalAfter: "Intervalo mayor después de",
      greaterInterval: "Intervalo de envío mayor",
    },
    helpers: {
      messageInterval: "El tiempo entre un mensaje y el siguiente.",
      longerIntervalAfter: "Después de cuántos mensajes vale la espera mayor.",
      greaterInterval: "La espera entre mensajes a partir de entonces.",
    },
    none: { messageInterval: "Sin intervalo", longerIntervalAfter: "No definido", greaterInterval: "Sin intervalo" },
    units: {
      seconds_one: "{{count}} segundo",
      seconds_other: "{{count}} segundos",
      messages_one: "{{count}} mensaje",
      messages_other: "{{count}} mensajes",
    },
    variables: {
      title: "Variables",
      description: "Escriba {atajo} en un mensaje de campaña y el contenido de la variable ocupa su lugar.",
      shortcut: "Atajo",
      shortcutHelp: "Letras, números, _ . o -",
      value: "Contenido",
      actions: "Acciones",
      add: "Agregar variable",
      delete: "Eliminar variable",
      empty: "Ninguna variable",
      emptyHint: "Cree atajos para los textos que se repiten en las campañas, como la dirección de la tienda.",
    },
    validation: {
      invalidShortcut: "Use solo letras, números, _ . o -",
      duplicateShortcut: "Este atajo ya existe",
    },
    confirmationModal: {
      deleteTitle: "¿Eliminar la variable {{shortcut}}?",
      deleteMessage: "La eliminación vale cuando guarde la configuración.",
      deleteConfirm: "Eliminar",
    },
    buttons: { save: "Guardar configuración" },
    unsaved: "Cambios sin guardar",
    toasts: { saved: "Configuración guardada", updated: "Operación actualizada con éxito." },
  },
};

export { en, es, pt };

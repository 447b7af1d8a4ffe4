const pt = {
  mainDrawer: {
    listItems: {
      simulator: "Simulador",
    },
  },
  simulator: {
    title: "Simulador de WhatsApp",
    subtitle: "Teste o atendimento sem celular: aqui você é o cliente.",
    intro: {
      connection: "Escolha uma conexão do Simulador e, se ela mostrar um QR Code, clique em Escanear.",
      customer: "Escolha ou crie um cliente.",
      send: "Envie mensagens: elas chegam em Atendimentos como as de um celular de verdade, e as respostas da empresa aparecem aqui com as confirmações de entrega e leitura.",
    },
    off: "O simulador está desligado neste servidor.",
    noConnection: {
      title: "Nenhuma conexão do Simulador",
      description: "Crie uma conexão com o provedor Simulador na página Conexões.",
      action: "Ir para Conexões",
    },
    steps: {
      connection: "Conexão",
      customer: "Cliente",
      where: "Conversa",
    },
    connection: {
      label: "Conexão do Simulador",
      pairedAs: "Pareada como {{number}}",
      qrHint: "A conexão está mostrando este QR Code. Escaneie-o com o celular simulado:",
      askAdmin: "Desconectada. Peça a um administrador para gerar um novo QR Code em Conexões.",
    },
    customer: {
      number: "Número",
      numberHelp: "Só dígitos, com o código do país (8 a 20)",
      name: "Nome",
      known: "Clientes que já conversaram",
    },
    where: {
      private: "Conversa privada",
      groupName: "Nome do novo grupo",
      newGroupHint: "Novo grupo: envie a primeira mensagem",
    },
    chat: {
      title: "Conversa simulada",
      groupTitle: "{{group}} (como {{name}})",
      empty: "Nenhuma mensagem ainda",
      emptyHint: "Escreva abaixo como o cliente: um novo atendimento aparece em Atendimentos.",
      notConnected: "A conexão não está conectada: as mensagens ficam aguardando até ela conectar.",
      groupHint:
        "Mensagens de grupo só abrem atendimentos quando a opção de ignorar mensagens de grupos está desativada em Configurações.",
      readHelp: "O cliente abre a conversa: tudo o que a empresa enviou fica como lido.",
      received: "Recebida pela empresa",
      pending: "Aguardando a conexão",
      ack: {
        "1": "Enviada",
        "2": "Entregue",
        "3": "Lida",
      },
      deleted: "Mensagem apagada",
      file: "Arquivo",
      contactCard: "Contato",
    },
    composer: {
      placeholder: "Mensagem do cliente",
      attach: "Enviar imagem, áudio, vídeo ou documento",
      location: "Enviar localização",
      contact: "Enviar contato",
    },
    location: {
      title: "Enviar localização",
      lat: "Latitude",
      lng: "Longitude",
      description: "Descrição",
    },
    contactCard: {
      title: "Enviar contato",
      name: "Nome do contato",
      number: "Número do contato",
    },
    buttons: {
      scan: "Escanear QR Code",
      newQr: "Gerar novo QR Code",
      newCustomer: "Novo cliente",
      createGroup: "Criar",
      read: "Marcar como lida",
      send: "Enviar",
      cancel: "Cancelar",
    },
  },
};

const en: typeof pt = {
  mainDrawer: {
    listItems: {
      simulator: "Simulator",
    },
  },
  simulator: {
    title: "WhatsApp simulator",
    subtitle: "Try the service without a phone: here you are the customer.",
    intro: {
      connection: "Pick a Simulator connection and, if it shows a QR code, click Scan.",
      customer: "Pick or create a customer.",
      send: "Send messages: they reach Tickets like a real phone's, and the company's answers show here with their delivery and read receipts.",
    },
    off: "The simulator is off on this server.",
    noConnection: {
      title: "No Simulator connection",
      description: "Create a connection with the Simulator provider on the Connections page.",
      action: "Go to Connections",
    },
    steps: {
      connection: "Connection",
      customer: "Customer",
      where: "Chat",
    },
    connection: {
      label: "Simulator connection",
      pairedAs: "Paired as {{number}}",
      qrHint: "The connection is showing this QR code. Scan it with the simulated phone:",
      askAdmin: "Disconnected. Ask an administrator to generate a new QR code in Connections.",
    },
    customer: {
      number: "Number",
      numberHelp: "Digits only, with the country code (8 to 20)",
      name: "Name",
      known: "Customers who already chatted",
    },
    where: {
      private: "Private chat",
      groupName: "New group name",
      newGroupHint: "New group: send the first message",
    },
    chat: {
      title: "Simulated chat",
      groupTitle: "{{group}} (as {{name}})",
      empty: "No messages yet",
      emptyHint: "Write below as the customer: a new ticket shows up in Tickets.",
      notConnected: "The connection is not connected: messages wait until it connects.",
      groupHint: "Group messages open tickets only when ignoring group messages is turned off in Settings.",
      readHelp: "The customer opens the chat: everything the company sent becomes read.",
      received: "Received by the company",
      pending: "Waiting for the connection",
      ack: {
        "1": "Sent",
        "2": "Delivered",
        "3": "Read",
      },
      deleted: "Message deleted",
      file: "File",
      contactCard: "Contact",
    },
    composer: {
      placeholder: "Customer's message",
      attach: "Send an image, audio, video or document",
      location: "Send a location",
      contact: "Send a contact",
    },
    location: {
      title: "Send a location",
      lat: "Latitude",
      lng: "Longitude",
      description: "Description",
    },
    contactCard: {
      title: "Send a contact",
      name: "Contact name",
      number: "Contact number",
    },
    buttons: {
      scan: "Scan QR code",
      newQr: "Generate a new QR code",
      newCustomer: "New customer",
      createGroup: "Create",
      read: "Mark as read",
      send: "Send",
      cancel: "Cancel",
    },
  },
};

const es: typeof pt = {
  mainDrawer: {
    listItems: {
      simulator: "Simulador",
    },
  },
  simulator: {
    title: "Simulador de WhatsApp",
    subtitle: "Pruebe la atención sin teléfono: aquí usted es el cliente.",
    intro: {
      connection: "Elija una conexión del Simulador y, si muestra un código QR, haga clic en Escanear.",
      customer: "Elija o cree un cliente.",
      send: "Envíe mensajes: llegan a Tickets como los de un teléfono real, y las respuestas de la empresa aparecen aquí con sus confirmaciones de entrega y lectura.",
    },
    off: "El simulador está apagado en este servidor.",
    noConnection: {
      title: "Ninguna conexión del Simulador",
      description: "Cree una conexión con el proveedor Simulador en la página Conexiones.",
      action: "Ir a Conexiones",
    },
    steps: {
      connection: "Conexión",
      customer: "Cliente",
      where: "Conversación",
    },
    connection: {
      label: "Conexión del Simulador",
      pairedAs: "Emparejada como {{number}}",
      qrHint: "La conexión muestra este código QR. Escanéelo con el teléfono simulado:",
      askAdmin: "Desconectada. Pida a un administrador que genere un nuevo código QR en Conexiones.",
    },
    customer: {
      number: "Número",
      numberHelp: "Solo dígitos, con el código del país (8 a 20)",
      name: "Nombre",
      known: "Clientes que ya conversaron",
    },
    where: {
      private: "Conversación privada",
      groupName: "Nombre del nuevo grupo",
      newGroupHint: "Grupo nuevo: envíe el primer mensaje",
    },
    chat: {
      title: "Conversación simulada",
      groupTitle: "{{group}} (como {{name}})",
      empty: "Todavía no hay mensajes",
      emptyHint: "Escriba abajo como el cliente: un nuevo ticket aparece en Tickets.",
      notConnected: "La conexión no está conectada: los mensajes esperan hasta que se conecte.",
      groupHint:
        "Los mensajes de grupo abren tickets solo cuando ignorar mensajes de grupos está desactivado en Configuración.",
      readHelp: "El cliente abre la conversación: todo lo que envió la empresa queda como leído.",
      received: "Recibido por la empresa",
      pending: "Esperando la conexión",
      ack: {
        "1": "Enviado",
        "2": "Entregado",
        "3": "Leído",
      },
      deleted: "Mensaje eliminado",
      file: "Archivo",
      contactCard: "Contacto",
    },
    composer: {
      placeholder: "Mensaje del cliente",
      attach: "Enviar imagen, audio, video o documento",
      location: "Enviar ubicación",
      contact: "Enviar contacto",
    },
    location: {
      title: "Enviar ubicación",
      lat: "Latitud",
      lng: "Longitud",
      description: "Descripción",
    },
    contactCard: {
      title: "Enviar contacto",
      name: "Nombre del contacto",
      number: "Número del contacto",
    },
    buttons: {
      scan: "Escanear código QR",
      newQr: "Generar un nuevo código QR",
      newCustomer: "Nuevo cliente",
      createGroup: "Crear",
      read: "Marcar como leído",
      send: "Enviar",
      cancel: "Cancelar",
    },
  },
};

export { en, es, pt };

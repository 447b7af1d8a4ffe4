const pt = {
  kanban: {
    title: "Kanban",
    openLane: "Em aberto",
    count_one: "{{count}} atendimento",
    count_other: "{{count}} atendimentos",
    emptyLane: "Nenhum atendimento",
    card: "Abrir atendimento de {{name}}",
    moveTo: "Mover para",
    noTags: "Nenhuma etiqueta de kanban",
    noTagsHint: "Marque a opção kanban numa etiqueta para criar uma coluna.",
    toasts: {
      added: "Etiqueta {{tag}} adicionada ao atendimento.",
      removed: "Etiqueta removida do atendimento.",
    },
  },
};

const en: typeof pt = {
  kanban: {
    title: "Kanban",
    openLane: "Open",
    count_one: "{{count}} ticket",
    count_other: "{{count}} tickets",
    emptyLane: "No tickets",
    card: "Open the ticket of {{name}}",
    moveTo: "Move to",
    noTags: "No kanban tags",
    noTagsHint: "Turn on the kanban option of a tag to create a lane.",
    toasts: {
      added: "Tag {{tag}} added to the ticket.",
      removed: "Tag removed from the ticket.",
    },
  },
};

const es: typeof pt = {
  kanban: {
    title: "Kanban",
    openLane: "Abiertos",
    count_one: "{{count}} ticket",
    count_other: "{{count}} tickets",
    emptyLane: "Ningún ticket",
    card: "Abrir el ticket de {{name}}",
    moveTo: "Mover a",
    noTags: "Ninguna etiqueta de kanban",
    noTagsHint: "Active la opción kanban de una etiqueta para crear una columna.",
    toasts: {
      added: "Etiqueta {{tag}} agregada al ticket.",
      removed: "Etiqueta quitada del ticket.",
    },
  },
};

export { en, es, pt };

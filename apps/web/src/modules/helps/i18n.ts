const pt = {
  helps: {
    title: "Central de ajuda",
    subtitle: "Vídeos e guias que explicam como usar cada recurso",
    empty: "Nenhum vídeo de ajuda disponível no momento.",
    loadError: "Não foi possível carregar os vídeos de ajuda.",
    play: "Assistir: {{title}}",
    guide: "Guia em texto",
    playerTitle: "Reprodutor de vídeo",
  },
};

const en: typeof pt = {
  helps: {
    title: "Help center",
    subtitle: "Videos and guides that explain how to use each feature",
    empty: "No help videos available right now.",
    loadError: "Could not load the help videos.",
    play: "Watch: {{title}}",
    guide: "Written guide",
    playerTitle: "Video player",
  },
};

const es: typeof pt = {
  helps: {
    title: "Centro de ayuda",
    subtitle: "Videos y guías que explican cómo usar cada recurso",
    empty: "No hay videos de ayuda disponibles en este momento.",
    loadError: "No fue posible cargar los videos de ayuda.",
    play: "Ver: {{title}}",
    guide: "Guía escrita",
    playerTitle: "Reproductor de video",
  },
};

export { en, es, pt };

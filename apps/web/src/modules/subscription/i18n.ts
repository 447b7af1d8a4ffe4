const pt = {
  subscription: {
    title: "Assinatura",
    trial: {
      title: "Período de teste",
      remaining_one: "Resta {{count}} dia no seu período de teste.",
      remaining_other: "Restam {{count}} dias no seu período de teste.",
      today: "Seu período de teste termina hoje.",
      ended: "Seu acesso venceu em {{date}}.",
      until: "Acesso válido até {{date}}",
      none: "Sem data de vencimento.",
    },
    chargeEmail: "E-mail de cobrança",
    signNow: "Assine agora!",
    loading: "Buscando sua fatura…",
  },
};

const en: typeof pt = {
  subscription: {
    title: "Subscription",
    trial: {
      title: "Trial period",
      remaining_one: "{{count}} day left in your trial.",
      remaining_other: "{{count}} days left in your trial.",
      today: "Your trial ends today.",
      ended: "Your access expired on {{date}}.",
      until: "Access valid until {{date}}",
      none: "No due date.",
    },
    chargeEmail: "Billing email",
    signNow: "Sign now!",
    loading: "Finding your invoice…",
  },
};

const es: typeof pt = {
  subscription: {
    title: "Suscripción",
    trial: {
      title: "Período de prueba",
      remaining_one: "Queda {{count}} día de su período de prueba.",
      remaining_other: "Quedan {{count}} días de su período de prueba.",
      today: "Su período de prueba termina hoy.",
      ended: "Su acceso venció el {{date}}.",
      until: "Acceso válido hasta {{date}}",
      none: "Sin fecha de vencimiento.",
    },
    chargeEmail: "Correo de facturación",
    signNow: "¡Suscríbase ahora!",
    loading: "Buscando su factura…",
  },
};

export { en, es, pt };

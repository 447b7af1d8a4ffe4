export const PROFILES = ["admin", "user", "supervisor"] as const;
export type Profile = (typeof PROFILES)[number];

export const TICKET_STATUSES = ["open", "pending", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CONNECTION_STATUSES = ["qrcode", "PAIRING", "OPENING", "CONNECTED", "DISCONNECTED", "TIMEOUT"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** Statuses that put the exclamation badge on the connections menu entry. */
export const CONNECTION_ALERT_STATUSES: readonly ConnectionStatus[] = [
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
];

export const CONNECTION_PROVIDERS = ["beta", "baileys", "simulator", "cloud"] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const INVOICE_STATUSES = ["open", "paid", "expired"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const MEDIA_TYPES = [
  "chat",
  "image",
  "audio",
  "video",
  "application",
  "locationMessage",
  "vcard",
  "contactMessage",
  "call_log",
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** The spec spells the off value "desabled"; kept as written for compatibility. */
export const ALL_TICKET_VALUES = ["enabled", "desabled"] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export const SCHEDULE_TYPES = ["disabled", "company", "queue"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** A scheduled message's life: waiting, being sent (taken by one sender), sent, or failed. */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIANDO", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const CHATBOT_TYPES = ["text", "button", "list"] as const;
export type ChatbotType = (typeof CHATBOT_TYPES)[number];

export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;

import { z } from "zod";
import { CalendarDay, Id, IsoDate } from "./common.schemas.js";
import { TICKET_STATUSES } from "./enums.js";

/**
 * The ticket list pages by 40: the ticket manager shows three tabs of short
 * rows and scrolls them endlessly, so a larger page means fewer round trips
 * (the spec does not give the size; PAGE_SIZE 20 stays for the other lists).
 */
export const TICKETS_PAGE_SIZE = 40;

/** The default rating request when the connection has no ratingMessage. */
export const DEFAULT_RATING_MESSAGE = "Por favor, avalie nosso atendimento de 1 a 3";

/** A ticket list cursor: the last row's updatedAt in microseconds since the epoch, "_", its id. */
export const TICKETS_CURSOR = /^\d{1,19}_\d{1,10}$/;

const NamedRef = z.object({ id: z.number(), name: z.string() });

/** Document 1 section 3, Ticket. */
export const Ticket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  userId: z.number().nullable(),
  user: NamedRef.nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: NamedRef.nullable(),
  contactId: z.number(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string(),
    profilePicUrl: z.string(),
    email: z.string(),
  }),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  updatedAt: IsoDate,
  createdAt: IsoDate,
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  useIntegration: z.boolean(),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  code: z.string().nullable(),
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketsPage = z.object({
  tickets: z.array(Ticket),
  /**
   * The number of tickets the whole filter lists (the tab badges), on pages asked by number; a page
   * asked by cursor has none: counting again on every page of a scroll was a quarter to a third of each
   * page's PostgreSQL time, and the spec's answer (tickets, hasMore) has no count for a scroll to keep.
   */
  count: z.number().optional(),
  hasMore: z.boolean(),
  /**
   * Where the next page starts when there is one (pass it as `cursor`), else null. Paging by cursor
   * skips no ticket when one leaves or joins the list between two pages, as offsets do.
   */
  nextCursor: z.string().nullable().optional(),
});
export type TicketsPage = z.infer<typeof TicketsPage>;

/** A JSON array of ids in a query string (`tags=[1,2]`); a repeated or comma-separated value also works. */
const idList = z.preprocess((value) => {
  if (value === undefined || value === "" || value === null) return undefined;
  if (Array.isArray(value)) return value.flatMap((item) => String(item).split(",")).filter(Boolean);
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return text.split(",").filter(Boolean);
}, z.array(Id).max(500).optional());

const day = CalendarDay.optional().or(z.literal("").transform(() => undefined));

const flag = z
  .preprocess((value) => value === true || value === "true" || value === "1", z.boolean())
  .optional()
  .default(false);

export const TicketsListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** A previous page's nextCursor: the page after it (pageNumber is then not read). */
  cursor: z.string().regex(TICKETS_CURSOR, "invalidCursor").optional(),
  tags: idList,
  users: idList,
  queueIds: idList,
  status: z
    .enum(TICKET_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** YYYY-MM-DD of createdAt, read in the server's time zone. */
  date: day,
  /** YYYY-MM-DD of updatedAt, read in the server's time zone. */
  updatedAt: day,
  /** Honoured for admins only. */
  showAll: flag,
  withUnreadMessages: flag,
});
export type TicketsListQuery = z.infer<typeof TicketsListQuery>;

/** "" and 0 from a cleared select mean none. */
const optionalId = z.preprocess(
  (value) => (value === "" || value === 0 || value === "0" ? null : value),
  Id.nullable().optional(),
);

export const CreateTicketBody = z.object({
  contactId: Id,
  queueId: optionalId,
  whatsappId: optionalId,
  /** Accepted for the spec's payload; a new ticket always belongs to the caller. */
  userId: optionalId,
  /** Accepted for the spec's payload; a new ticket is always open (document 1 section 4). */
  status: z.enum(TICKET_STATUSES).optional(),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

export const UpdateTicketBody = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  userId: optionalId,
  queueId: optionalId,
  whatsappId: optionalId,
  useIntegration: z.boolean().optional(),
  promptId: optionalId,
  integrationId: optionalId,
});
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

export const TicketUuidParams = z.object({ uuid: z.string().max(64) });

/** ERR_OTHER_OPEN_TICKET's data: the client names the owner and the queue. */
export const OtherOpenTicketData = z.object({
  ticket: z.object({
    id: z.number(),
    uuid: z.string(),
    userId: z.number().nullable(),
    user: z.object({ name: z.string() }).nullable(),
    queue: z.object({ name: z.string() }).nullable(),
  }),
});
export type OtherOpenTicketData = z.infer<typeof OtherOpenTicketData>;

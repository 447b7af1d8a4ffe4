import { z } from "zod";
import { Id, IsoDate, ListQuery, looseBoolean } from "./common.schemas.js";
import { TAG_DEFAULT_KANBAN, TAG_NAME_MIN } from "./constants.js";
import { TICKET_STATUSES } from "./enums.js";

/** The default colour of a new tag (the original client's). */
export const TAG_DEFAULT_COLOR = "#A4CCCC";

/** Document 2: the tag dialog offers 50 fixed colours (ten hues, five shades each, light to dark). */
export const TAG_COLORS = [
  ...["#FFCDD2", "#E57373", "#F44336", "#D32F2F", "#B71C1C"],
  ...["#F8BBD0", "#F06292", "#E91E63", "#C2185B", "#880E4F"],
  ...["#E1BEE7", "#BA68C8", "#9C27B0", "#7B1FA2", "#4A148C"],
  ...["#C5CAE9", "#7986CB", "#3F51B5", "#303F9F", "#1A237E"],
  ...["#BBDEFB", "#64B5F6", "#2196F3", "#1976D2", "#0D47A1"],
  ...["#B2EBF2", "#4DD0E1", "#00BCD4", "#0097A7", "#006064"],
  ...["#C8E6C9", "#81C784", "#4CAF50", "#388E3C", "#1B5E20"],
  ...["#F0F4C3", "#DCE775", "#CDDC39", "#AFB42B", "#827717"],
  ...["#FFE0B2", "#FFB74D", "#FF9800", "#F57C00", "#E65100"],
  ...["#D7CCC8", "#A1887F", "#795548", "#5D4037", "#3E2723"],
] as const;

/** 0 or 1 on the wire; also takes true/false and "0"/"1" from older clients. */
const kanbanFlag = z.preprocess(
  (value) => (value === true || value === "1" ? 1 : value === false || value === "0" ? 0 : value),
  z.union([z.literal(0), z.literal(1)]),
);

export const Tag = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  userId: z.number().nullable(),
  /** How many tickets carry the tag. */
  ticketsCount: z.number(),
});
export type Tag = z.infer<typeof Tag>;

/** A tag as carried by a ticket (no count). */
export const TagSummary = z.object({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() });
export type TagSummary = z.infer<typeof TagSummary>;

const tagFields = {
  name: z.string().trim().min(1, "required").min(TAG_NAME_MIN, "tooShort").max(100, "tooLong"),
  color: z.string().trim().min(1, "required").max(9, "tooLong"),
  /** Only admin and supervisor may set it (canSetKanbanTag); the server ignores it for others. */
  kanban: kanbanFlag,
};

/** userId is not read from the body: the author is the caller. */
export const TagBody = z.object({
  name: tagFields.name,
  color: tagFields.color.default(TAG_DEFAULT_COLOR),
  kanban: tagFields.kanban.default(TAG_DEFAULT_KANBAN as 0),
});
export type TagBody = z.infer<typeof TagBody>;
/** Without defaults: a field left out of an update stays as it is. */
export const TagUpdateBody = z.object(tagFields).partial();
export type TagUpdateBody = z.infer<typeof TagUpdateBody>;
/** The tag dialog's form. */
export const TagForm = z.object({
  name: tagFields.name,
  color: tagFields.color,
  kanban: z.union([z.literal(0), z.literal(1)]),
});
export type TagForm = z.infer<typeof TagForm>;

export const TagListQuery = ListQuery;
export const TagsPage = z.object({ tags: z.array(Tag), count: z.number(), hasMore: z.boolean() });
export type TagsPage = z.infer<typeof TagsPage>;

export const TagsListQuery = z.object({ kanban: kanbanFlag.optional() });
export const KanbanTagsAnswer = z.object({ lista: z.array(Tag) });

export const TagSyncBody = z.object({
  ticketId: Id,
  /** Extra keys on each tag (name, colour...) are accepted and ignored. */
  tags: z.array(z.object({ id: Id })).max(200),
});
export type TagSyncBody = z.infer<typeof TagSyncBody>;

export const TicketTagsParams = z.object({ ticketId: Id });
export const TicketTagParams = TicketTagsParams.extend({ tagId: Id });

/** queueIds arrives as a JSON array in a string, as the original client sends it. */
const jsonIdList = z.string().transform((text, ctx) => {
  try {
    const parsed: unknown = JSON.parse(text);
    const ids = z.array(Id).max(500).parse(parsed);
    return ids;
  } catch {
    ctx.addIssue({ code: "custom", message: "invalidIdList" });
    return z.NEVER;
  }
});

export const KanbanTicketsQuery = z.object({
  queueIds: jsonIdList.optional(),
  /** Honoured for admins only. */
  showAll: looseBoolean.optional().default(false),
});
export type KanbanTicketsQuery = z.infer<typeof KanbanTicketsQuery>;

export const KanbanTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  lastMessage: z.string(),
  updatedAt: IsoDate,
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  tags: z.array(TagSummary),
});
export type KanbanTicket = z.infer<typeof KanbanTicket>;
export const KanbanTicketsAnswer = z.object({ tickets: z.array(KanbanTicket) });

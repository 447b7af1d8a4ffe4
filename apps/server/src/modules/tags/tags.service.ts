import {
  canSetKanbanTag,
  companyEvent,
  type KanbanTicket,
  type KanbanTicketsQuery,
  PAGE_SIZE,
  type Tag,
  type TagBody,
  type TagEventPayload,
  type TagSummary,
  type TagSyncBody,
  type TagsPage,
  type TagUpdateBody,
  type TicketEventPayload,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { emitTicketEvent } from "../tickets/tickets.events.js";
import { findTicketRow } from "../tickets/tickets.repository.js";
import {
  addTicketTags,
  clearTicketTags,
  companyTagIds,
  deleteTag,
  findTag,
  findTagWithCount,
  insertTag,
  kanbanTickets,
  listTags,
  lockTicket,
  pageTags,
  replaceTicketTags,
  type TagChanges,
  type TagWithCount,
  tagNameTaken,
  tagsOfTickets,
  updateTag,
} from "./tags.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;

/** The kanban board loads every open card at once; this bounds one answer. */
const KANBAN_TICKETS_LIMIT = 1000;

/** The tag channel is not in shared's companyEvent list yet (see the module report). */
export const tagEvent = companyEvent.tag;

function toTag(row: TagWithCount): Tag {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    kanban: row.kanban,
    userId: row.userId,
    ticketsCount: Number(row.ticketsCount),
  };
}

function emitTag(deps: Deps, companyId: number, payload: TagEventPayload) {
  deps.realtime.toCompany(companyId, tagEvent(companyId), payload);
}

/** Tag changes reach exactly the sockets allowed to see the ticket. */
async function emitTicketTags(deps: Deps, companyId: number, ticketId: number, tags: TagSummary[]) {
  const ticket = await findTicketRow(deps.db, companyId, ticketId);
  if (!ticket) return;
  const payload: TicketEventPayload = { action: "update", ticket: { id: ticketId, tags } };
  await emitTicketEvent(deps, ticket, payload);
}

const notFound = () => new AppError("ERR_NOT_FOUND");
/** No dedicated code exists for a taken tag name: a field error names it. */
const duplicatedName = () => new AppError("ERR_TAG_NAME_ALREADY_EXISTS");

function rethrowUnique(error: unknown): never {
  if (uniqueViolation(error) === "tags_company_name_unique") throw duplicatedName();
  throw error;
}

const maySetKanban = (actor: AuthSession) => actor.super || canSetKanbanTag(actor.profile);

export async function pageCompanyTags(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<TagsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageTags(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { tags: rows.map(toTag), count, hasMore: count > offset + rows.length };
}

export async function listCompanyTags(deps: Deps, actor: AuthSession, kanban?: number): Promise<Tag[]> {
  return (await listTags(deps.db, actor.companyId, kanban)).map(toTag);
}

export async function showTag(deps: Deps, actor: AuthSession, id: number): Promise<Tag> {
  const row = await findTagWithCount(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return toTag(row);
}

export async function createTag(deps: Deps, actor: AuthSession, body: TagBody): Promise<Tag> {
  const { companyId } = actor;
  if (await tagNameTaken(deps.db, companyId, body.name)) throw duplicatedName();
  const row = await insertTag(deps.db, {
    companyId,
    name: body.name,
    color: body.color,
    kanban: maySetKanban(actor) ? body.kanban : 0,
    userId: actor.userId,
  }).catch(rethrowUnique);
  const tag = toTag({ ...row, ticketsCount: 0 });
  emitTag(deps, companyId, { action: "create", tag });
  return tag;
}

export async function updateTagById(deps: Deps, actor: AuthSession, id: number, body: TagUpdateBody): Promise<Tag> {
  const { companyId } = actor;
  if (!(await findTag(deps.db, companyId, id))) throw notFound();
  if (body.name !== undefined && (await tagNameTaken(deps.db, companyId, body.name, id))) throw duplicatedName();
  const changes: TagChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.color !== undefined) changes.color = body.color;
  if (body.kanban !== undefined && maySetKanban(actor)) changes.kanban = body.kanban;
  if (!(await updateTag(deps.db, companyId, id, changes).catch(rethrowUnique))) throw notFound();
  const tag = await showTag(deps, actor, id);
  emitTag(deps, companyId, { action: "update", tag });
  return tag;
}

export async function removeTag(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (!(await deleteTag(deps.db, actor.companyId, id))) throw notFound();
  emitTag(deps, actor.companyId, { action: "delete", tagId: id });
}

async function ticketTagsOf(deps: Deps, companyId: number, ticketId: number): Promise<TagSummary[]> {
  return (await tagsOfTickets(deps.db, companyId, [ticketId])).get(ticketId) ?? [];
}

/** Replaces every tag of the ticket with the given ones, all or nothing. */
export async function syncTicketTags(deps: Deps, actor: AuthSession, body: TagSyncBody): Promise<TagSummary[]> {
  const { companyId } = actor;
  const tagIds = [...new Set(body.tags.map((tag) => tag.id))];
  await deps.db.transaction(async (tx) => {
    if (!(await lockTicket(tx, companyId, body.ticketId))) throw new AppError("ERR_NO_TICKET_FOUND");
    if ((await companyTagIds(tx, companyId, tagIds)).length !== tagIds.length) throw notFound();
    await replaceTicketTags(tx, companyId, body.ticketId, tagIds);
  });
  const tags = await ticketTagsOf(deps, companyId, body.ticketId);
  await emitTicketTags(deps, companyId, body.ticketId, tags);
  return tags;
}

export async function addTicketTag(deps: Deps, actor: AuthSession, ticketId: number, tagId: number): Promise<void> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    if (!(await lockTicket(tx, companyId, ticketId))) throw new AppError("ERR_NO_TICKET_FOUND");
    if (!(await findTag(tx, companyId, tagId))) throw notFound();
    await addTicketTags(tx, companyId, ticketId, [tagId]);
  });
  await emitTicketTags(deps, companyId, ticketId, await ticketTagsOf(deps, companyId, ticketId));
}

export async function removeTicketTags(deps: Deps, actor: AuthSession, ticketId: number): Promise<void> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    if (!(await lockTicket(tx, companyId, ticketId))) throw new AppError("ERR_NO_TICKET_FOUND");
    await clearTicketTags(tx, companyId, ticketId);
  });
  await emitTicketTags(deps, companyId, ticketId, []);
}

/**
 * The kanban shows what the ticket list shows (the shared visibility rule):
 * only an admin's showAll is honoured, and queueIds filters as the list's does.
 */
export async function listKanbanTickets(
  deps: Deps,
  actor: AuthSession,
  query: KanbanTicketsQuery,
): Promise<KanbanTicket[]> {
  const { companyId } = actor;
  const rows = await kanbanTickets(
    deps.db,
    companyId,
    {
      viewer: { id: actor.userId, profile: actor.profile, super: actor.super },
      showAll: query.showAll,
      queueIds: query.queueIds,
    },
    KANBAN_TICKETS_LIMIT,
  );
  const tags = await tagsOfTickets(
    deps.db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
    contact: row.contact,
    tags: tags.get(row.id) ?? [],
  }));
}

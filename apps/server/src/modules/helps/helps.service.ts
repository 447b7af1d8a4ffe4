import { type Help, type HelpBody, type HelpUpdateBody, PAGE_SIZE } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import * as repo from "./helps.repository.js";

type Deps = Pick<AppContext, "db">;

const toHelp = (row: repo.HelpRow): Help => ({
  id: row.id,
  title: row.title,
  video: row.video,
  description: row.description,
});

export async function listHelps(deps: Deps): Promise<Help[]> {
  return (await repo.listAllHelps(deps.db)).map(toHelp);
}

export async function pageHelps(
  deps: Deps,
  query: { searchParam: string; pageNumber: number },
): Promise<{ records: Help[]; count: number; hasMore: boolean }> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await repo.pageHelps(deps.db, { searchParam: query.searchParam, limit: PAGE_SIZE, offset });
  return { records: rows.map(toHelp), count, hasMore: count > offset + rows.length };
}

export async function createHelp(deps: Deps, body: HelpBody): Promise<Help> {
  return toHelp(await repo.insertHelp(deps.db, body));
}

export async function updateHelp(deps: Deps, id: number, body: HelpUpdateBody): Promise<Help> {
  const row = await repo.updateHelp(deps.db, id, body);
  if (!row) throw new AppError("ERR_NO_HELP_FOUND");
  return toHelp(row);
}

export async function deleteHelp(deps: Deps, id: number): Promise<void> {
  if (!(await repo.deleteHelp(deps.db, id))) throw new AppError("ERR_NO_HELP_FOUND");
}

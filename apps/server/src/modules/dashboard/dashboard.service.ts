import type { Dashboard, DashboardChartQuery, DashboardQuery, TicketsByPeriod, TicketsByUser } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { pgErrorOf } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  activeCounts,
  countNewContacts,
  countServicesByBucket,
  countServicesByUser,
  listAttendants,
  type Period,
  periodOfDays,
  periodOfLastDays,
  serviceTotals,
} from "./dashboard.repository.js";

type Deps = Pick<AppContext, "db">;

/** Minutes with two decimals: enough for a card, stable for a test. */
const round = (value: number | null) => (value === null ? 0 : Math.round(Number(value) * 100) / 100);

/**
 * A zone the JavaScript runtime knows but PostgreSQL does not (22023) is the
 * caller's mistake, not ours.
 */
async function inZone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorOf(error)?.code === "22023") {
      throw new AppError("ERR_VALIDATION", { fields: [{ path: "querystring.tz", message: "invalidTimeZone" }] });
    }
    throw error;
  }
}

function periodOf(deps: Deps, query: DashboardQuery): Promise<Period> {
  return query.days !== undefined
    ? periodOfLastDays(deps.db, query.days, query.tz)
    : periodOfDays(deps.db, query.date_from!, query.date_to, query.tz);
}

/** GET /dashboard: the counters and attendants of docs/decisions.md ("Dashboard figures"). */
export async function getDashboard(deps: Deps, actor: AuthSession, query: DashboardQuery): Promise<Dashboard> {
  const { companyId } = actor;
  return inZone(async () => {
    const period = await periodOf(deps, query);
    const [totals, active, newContacts, attendants] = await Promise.all([
      serviceTotals(deps.db, companyId, period),
      activeCounts(deps.db, companyId, period),
      countNewContacts(deps.db, companyId, period),
      listAttendants(deps.db, companyId, period),
    ]);
    const company = totals.find((row) => !row.by_user);
    const supportTimeOf = new Map(
      totals.filter((row) => row.by_user && row.user_id !== null).map((row) => [row.user_id, row.avg_support]),
    );
    return {
      counters: {
        supportHappening: active.happening,
        supportPending: active.pending,
        supportFinished: company?.finished ?? 0,
        newContacts,
        avgSupportTime: round(company?.avg_support ?? null),
        avgWaitTime: round(company?.avg_wait ?? null),
      },
      attendants: attendants.map((row) => ({
        id: row.id,
        name: row.name,
        rating: round(row.rating),
        avgSupportTime: round(supportTimeOf.get(row.id) ?? null),
        online: row.online,
      })),
    };
  });
}

/** GET /dashboard/ticketsUsers: services taken per attendant in the range. */
export async function ticketsByUser(
  deps: Deps,
  actor: AuthSession,
  query: DashboardChartQuery,
): Promise<TicketsByUser> {
  return inZone(async () => {
    const period = await periodOfDays(deps.db, query.initialDate, query.finalDate, query.tz);
    const rows = await countServicesByUser(deps.db, actor.companyId, period);
    return {
      data: rows.map((row) => ({ userId: row.user_id, name: row.name, total: row.total })),
      count: rows.reduce((sum, row) => sum + row.total, 0),
    };
  });
}

/** GET /dashboard/ticketsDay: services by arrival, per day, or per hour when the range is one day. */
export async function ticketsByDay(
  deps: Deps,
  actor: AuthSession,
  query: DashboardChartQuery,
): Promise<TicketsByPeriod> {
  const unit = query.initialDate === query.finalDate ? "hour" : "day";
  return inZone(async () => {
    const period = await periodOfDays(deps.db, query.initialDate, query.finalDate, query.tz);
    const data = await countServicesByBucket(deps.db, actor.companyId, {
      period,
      first: query.initialDate,
      last: query.finalDate,
      tz: query.tz,
      unit,
    });
    return { unit, data, count: data.reduce((sum, row) => sum + row.total, 0) };
  });
}

import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { selectRows } from "../presence/presence.repository.js";
import { onlineSql } from "../users/online.js";

/** A half-open interval [from, to) of instants. */
export interface Period {
  from: Date;
  to: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The last `days` calendar days of `tz`, today included. */
export async function periodOfLastDays(db: Executor, days: number, tz: string): Promise<Period> {
  return bounds(
    db,
    sql`((now() at time zone ${tz})::date - ${days - 1}::int)::timestamp at time zone ${tz}`,
    sql`((now() at time zone ${tz})::date + 1)::timestamp at time zone ${tz}`,
  );
}

/** The calendar days first..last of `tz`, both included; without `last`, through today. */
export async function periodOfDays(db: Executor, first: string, last: string | undefined, tz: string): Promise<Period> {
  return bounds(
    db,
    sql`(${first}::date)::timestamp at time zone ${tz}`,
    sql`(coalesce(${last ?? null}::date, (now() at time zone ${tz})::date) + 1)::timestamp at time zone ${tz}`,
  );
}

async function bounds(db: Executor, from: SQL, to: SQL): Promise<Period> {
  const result = await selectRows<{ from_s: number; to_s: number }>(
    db,
    sql`select extract(epoch from ${from})::float8 as from_s, extract(epoch from ${to})::float8 as to_s`,
  );
  const row = result[0]!;
  return { from: new Date(Number(row.from_s) * 1000), to: new Date(Number(row.to_s) * 1000) };
}

/**
 * The services (ticket life cycles) that arrived in the period, by arrival
 * time (`queued_at`): every tracking row queued in it, plus the pending
 * tickets that came in by a message and have no tracking yet (ingestion
 * writes none; the first acceptance does), arrived at their `created_at`.
 */
function arrivals(companyId: number, period: Period): SQL {
  return sql`
    select tt.user_id, tt.queued_at
      from ticket_trackings tt
     where tt.company_id = ${companyId} and tt.queued_at >= ${at(period.from)} and tt.queued_at < ${at(period.to)}
    union all
    select null, t.created_at
      from tickets t
     where t.company_id = ${companyId} and t.status = 'pending'
       and t.created_at >= ${at(period.from)} and t.created_at < ${at(period.to)}
       and not exists (select 1 from ticket_trackings x where x.company_id = ${companyId} and x.ticket_id = t.id)`;
}

const minutes = (later: string, earlier: string) => sql.raw(`extract(epoch from (${later} - ${earlier})) / 60.0`);

export type TotalsRow = {
  /** null on the company-wide row. */
  user_id: number | null;
  by_user: boolean;
  finished: number;
  avg_support: number | null;
  avg_wait: number | null;
};

/**
 * The finished count and the talk and wait averages of the services that
 * arrived in the period, company-wide and per attendant, in one pass over
 * the tracking rows (a pending ticket without tracking has neither).
 * Finished counts tickets, not services: a ticket closed, reopened and
 * closed again in the period is one finished ticket; its two talks still
 * both weigh in the averages.
 */
export async function serviceTotals(db: Executor, companyId: number, period: Period): Promise<TotalsRow[]> {
  return selectRows<TotalsRow>(
    db,
    sql`
    select user_id, grouping(user_id) = 0 as by_user,
           count(distinct ticket_id) filter (where finished_at is not null)::int as finished,
           avg(${minutes("finished_at", "started_at")})
             filter (where finished_at is not null and started_at is not null)::float8 as avg_support,
           avg(${minutes("started_at", "queued_at")}) filter (where started_at > queued_at)::float8 as avg_wait
      from ticket_trackings
     where company_id = ${companyId} and queued_at >= ${at(period.from)} and queued_at < ${at(period.to)}
     group by grouping sets ((), (user_id))`,
  );
}

/**
 * The unfinished services that arrived in the period, by their ticket's
 * status: open is in talk, pending is waiting. A ticket's running cycle is its
 * unfinished tracking row, or the ticket itself when it has none yet.
 */
export async function activeCounts(
  db: Executor,
  companyId: number,
  period: Period,
): Promise<{ happening: number; pending: number }> {
  const [row] = await selectRows<{ happening: number; pending: number }>(
    db,
    sql`
    select count(*) filter (where t.status = 'open')::int as happening,
           count(*) filter (where t.status = 'pending')::int as pending
      from tickets t
      left join ticket_trackings tt
        on tt.company_id = ${companyId} and tt.ticket_id = t.id and tt.finished_at is null
     where t.company_id = ${companyId} and t.status in ('open', 'pending')
       and coalesce(tt.queued_at, t.created_at) >= ${at(period.from)}
       and coalesce(tt.queued_at, t.created_at) < ${at(period.to)}`,
  );
  return row!;
}

export async function countNewContacts(db: Executor, companyId: number, period: Period): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from contacts
     where company_id = ${companyId} and not is_group
       and created_at >= ${at(period.from)} and created_at < ${at(period.to)}`,
  );
  return row!.n;
}

export type AttendantRow = {
  id: number;
  name: string;
  rating: number | null;
  online: boolean;
};

/** Every user of the company, with the mean rate received in the period and presence. */
export async function listAttendants(db: Executor, companyId: number, period: Period): Promise<AttendantRow[]> {
  return selectRows<AttendantRow>(
    db,
    sql`
    select u.id, u.name, r.rating::float8 as rating, ${onlineSql("u")} as online
      from users u
      left join (
        select user_id, avg(rate) as rating
          from user_ratings
         where company_id = ${companyId} and created_at >= ${at(period.from)} and created_at < ${at(period.to)}
           and user_id is not null
         group by user_id
      ) r on r.user_id = u.id
     where u.company_id = ${companyId}
     order by u.name, u.id`,
  );
}

export async function countServicesByUser(
  db: Executor,
  companyId: number,
  period: Period,
): Promise<{ user_id: number; name: string; total: number }[]> {
  const result = await selectRows<{ user_id: number; name: string; total: number }>(
    db,
    sql`
    select u.id as user_id, u.name, count(*)::int as total
      from ticket_trackings tt
      join users u on u.id = tt.user_id and u.company_id = ${companyId}
     where tt.company_id = ${companyId} and tt.queued_at >= ${at(period.from)} and tt.queued_at < ${at(period.to)}
     group by u.id, u.name
     order by total desc, u.name, u.id`,
  );
  return result;
}

/**
 * Services by arrival, one row per day (yyyy-MM-dd) or hour (HH) of `tz`
 * between the calendar days first..last, empty buckets included.
 */
export async function countServicesByBucket(
  db: Executor,
  companyId: number,
  input: { period: Period; first: string; last: string; tz: string; unit: "day" | "hour" },
): Promise<{ bucket: string; total: number }[]> {
  const { period, first, last, tz, unit } = input;
  const format = unit === "day" ? "YYYY-MM-DD" : "HH24";
  const result = await selectRows<{ bucket: string; total: number }>(
    db,
    sql`
    with c as (${arrivals(companyId, period)}),
    counted as (
      select date_trunc(${unit}, c.queued_at at time zone ${tz}) as b, count(*)::int as total from c group by 1
    )
    select to_char(s.b, ${format}) as bucket, coalesce(counted.total, 0)::int as total
      from generate_series(${first}::date::timestamp, (${last}::date + 1)::timestamp - ${`1 ${unit}`}::interval,
                           ${`1 ${unit}`}::interval) as s(b)
      left join counted on counted.b = s.b
     order by s.b`,
  );
  return result;
}

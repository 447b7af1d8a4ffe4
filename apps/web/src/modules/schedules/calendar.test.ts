import type { Schedule } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { AGENDA_DAYS, countByDay, dayKey, EVENT_DISPLAY_MS, rangeOf, toCalendarEvents } from "./calendar";

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: 1,
  body: "Lembrete da consulta",
  sendAt: "2026-05-04T13:30:00.000Z",
  sentAt: null,
  status: "PENDENTE",
  errorCode: null,
  contactId: 7,
  ticketId: null,
  userId: 5,
  companyId: 3,
  mediaPath: null,
  mediaName: null,
  contact: { id: 7, name: "Ana Cliente", number: "5511988887777", profilePicUrl: "" },
  user: { id: 5, name: "Bia" },
  createdAt: "2026-05-01T10:00:00.000Z",
  updatedAt: "2026-05-01T10:00:00.000Z",
  ...overrides,
});

describe("toCalendarEvents", () => {
  it("places each schedule at its sendAt, titled with its contact's name", () => {
    const [event] = toCalendarEvents([schedule()]);
    expect(event).toMatchObject({ id: 1, title: "Ana Cliente" });
    expect(event!.start.toISOString()).toBe("2026-05-04T13:30:00.000Z");
    expect(event!.end.getTime() - event!.start.getTime()).toBe(EVENT_DISPLAY_MS);
    expect(event!.schedule.body).toBe("Lembrete da consulta");
  });

  it("keeps a late event within its own day", () => {
    const late = new Date(2026, 4, 4, 23, 50);
    const [event] = toCalendarEvents([schedule({ sendAt: late.toISOString() })]);
    expect(event!.end).toEqual(new Date(2026, 4, 4, 23, 59, 59, 999));
  });
});

describe("countByDay", () => {
  it("counts each local day's schedules", () => {
    const at = (day: number, hour: number) => new Date(2026, 4, day, hour).toISOString();
    const counts = countByDay(
      toCalendarEvents([
        schedule({ id: 1, sendAt: at(4, 9) }),
        schedule({ id: 2, sendAt: at(4, 23) }),
        schedule({ id: 3, sendAt: at(5, 0) }),
      ]),
    );
    expect(counts.get(dayKey(new Date(2026, 4, 4)))).toBe(2);
    expect(counts.get(dayKey(new Date(2026, 4, 5)))).toBe(1);
    expect(counts.get(dayKey(new Date(2026, 4, 6)))).toBeUndefined();
  });
});

describe("rangeOf", () => {
  const day = new Date(2026, 4, 14, 15, 0);

  it("covers a month with the neighbouring weeks its grid shows", () => {
    expect(rangeOf("month", day)).toEqual({ start: new Date(2026, 3, 24), end: new Date(2026, 5, 8) });
  });

  it("covers a week whichever day it starts on, a day, and the agenda's days", () => {
    const week = rangeOf("week", day);
    expect(week.start <= new Date(2026, 4, 8) && week.end >= new Date(2026, 4, 21)).toBe(true);
    expect(rangeOf("day", day)).toEqual({ start: new Date(2026, 4, 14), end: new Date(2026, 4, 15) });
    expect(rangeOf("agenda", day)).toEqual({
      start: new Date(2026, 4, 14),
      end: new Date(2026, 4, 14 + AGENDA_DAYS + 1),
    });
  });
});

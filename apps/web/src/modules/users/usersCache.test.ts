import type { User } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { removeUser, upsertUser } from "./usersCache";

const user = (id: number, name: string): User => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: "user",
  super: false,
  companyId: 1,
  allTicket: "desabled",
  whatsappId: null,
  language: null,
  online: false,
  queues: [],
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
});

const pages = (...lists: User[][]) => ({
  pages: lists.map((users) => ({ users, count: 3, hasMore: false })),
  pageParams: lists.map((_, index) => index + 1),
});

describe("users cache", () => {
  it("replaces an updated user where it is", () => {
    const data = pages([user(1, "Ana")], [user(2, "Bia"), user(3, "Caio")]);
    const next = upsertUser(data, { ...user(2, "Beatriz") }, "");
    expect(next?.pages[1]?.users.map((item) => item.name)).toEqual(["Beatriz", "Caio"]);
    expect(next?.pages[0]?.count).toBe(3);
  });

  it("adds a new user on top only when it matches the list's search", () => {
    const data = pages([user(1, "Ana")]);
    expect(upsertUser(data, user(9, "Marta"), "")?.pages[0]?.users.map((item) => item.id)).toEqual([9, 1]);
    expect(upsertUser(data, user(9, "Marta"), "mar")?.pages[0]?.count).toBe(4);
    expect(upsertUser(data, user(9, "Marta"), "ana")).toBe(data);
  });

  it("removes a deleted user", () => {
    const data = pages([user(1, "Ana"), user(2, "Bia")]);
    const next = removeUser(data, 1);
    expect(next?.pages[0]?.users.map((item) => item.id)).toEqual([2]);
    expect(next?.pages[0]?.count).toBe(2);
    expect(removeUser(data, 42)).toBe(data);
  });
});

import type { User } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { UsersPageData } from "./usersApi";

type UsersPages = InfiniteData<UsersPageData, number>;

/** Whether a user belongs in a list filtered by `searchParam` (the server matches name or email). */
export function matchesSearch(user: Pick<User, "name" | "email">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  if (!term) return true;
  return user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term);
}

/**
 * Puts a created or updated user into the cached pages: replaced where it is,
 * else added on top of the first page when it matches the list's search. Every page carries the total count.
 */
export function upsertUser(data: UsersPages | undefined, user: User, searchParam: string): UsersPages | undefined {
  if (!data) return data;
  const found = data.pages.some((page) => page.users.some((item) => item.id === user.id));
  if (found) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((item) => (item.id === user.id ? user : item)),
      })),
    };
  }
  if (!matchesSearch(user, searchParam) || data.pages.length === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      users: index === 0 ? [user, ...page.users] : page.users,
      count: page.count + 1,
    })),
  };
}

/** Takes a deleted user out of the cached pages. */
export function removeUser(data: UsersPages | undefined, userId: number): UsersPages | undefined {
  if (!data) return data;
  const found = data.pages.some((page) => page.users.some((item) => item.id === userId));
  if (!found) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      users: page.users.filter((item) => item.id !== userId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

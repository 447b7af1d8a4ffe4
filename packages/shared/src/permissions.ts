import type { Profile } from "./enums.js";

/** Document 1 section 6: the admin's static list; any other permission is denied. */
export const PERMISSIONS = [
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_TABLE: Record<Profile, readonly Permission[]> = {
  admin: PERMISSIONS,
  supervisor: [],
  user: [],
};

export function can(profile: Profile | undefined | null, permission: Permission): boolean {
  if (!profile) return false;
  return PERMISSION_TABLE[profile]?.includes(permission) ?? false;
}

/** What the permission checks read about a user. */
export type PermissionHolder = { profile: Profile; super: boolean };

/** can() for a user: the super admin holds every permission of the list, whatever their profile. */
export function hasPermission(user: PermissionHolder | undefined | null, permission: Permission): boolean {
  return !!user && (user.super || can(user.profile, permission));
}

/**
 * A company's admin, or the super admin whatever their profile: who may do what the
 * server reserves to admins beyond the static list (see every ticket, for one).
 */
export function isAdmin(user: PermissionHolder | undefined | null): boolean {
  return !!user && (user.profile === "admin" || user.super);
}

/** The kanban flag on a tag may be changed by admin and supervisor (document 2 section 2). */
export function canSetKanbanTag(profile: Profile | undefined | null): boolean {
  return profile === "admin" || profile === "supervisor";
}

/** Top-bar entry (scaffold). */
export function NotificationsBell() {
  return null;
}

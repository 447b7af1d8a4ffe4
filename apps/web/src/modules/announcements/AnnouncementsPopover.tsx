/** Top-bar entry (scaffold). */
export function AnnouncementsPopover() {
  return null;
}

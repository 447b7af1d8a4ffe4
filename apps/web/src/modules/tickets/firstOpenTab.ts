export type OpenTab = "open" | "pending";

/**
 * The open tab's sub-tab shown when the ticket manager first loads, before the user picks one.
 * Document 1 names the sub-tabs (assigned, pending) but not which comes first: Atendendo, unless the
 * user has nothing assigned and customers are waiting, so the first view is a conversation to
 * accept rather than an empty list next to a count (docs/decisions.md).
 */
export function firstOpenTab(assignedCount: number, waitingCount: number): OpenTab {
  return assignedCount === 0 && waitingCount > 0 ? "pending" : "open";
}

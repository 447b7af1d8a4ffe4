/** The statements sent so far, by their first word, and their total (statement-count.mjs). */
export function statementCounts(): { total: number; byKind: Record<string, number> };

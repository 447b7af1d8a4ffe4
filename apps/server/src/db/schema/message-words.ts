import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The words of every message body, for ticket search (docs/decisions.md, ticket search). Written only by
 * the word indexer (migration 0029, search-words.ts) and the triggers on `messages`: a word is a run of
 * letters and digits of the lowered body, cut to its first 64 characters. Ordered by time within a word,
 * so a word's newest occurrences are read from the index alone, where a substring match over the bodies
 * must visit one heap page per match.
 * No foreign keys: a check per word would cost every insert, and the triggers remove a message's words
 * with it.
 */
export const messageWords = pgTable(
  "message_words",
  {
    companyId: integer().notNull(),
    word: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    messageId: integer().notNull(),
    ticketId: integer().notNull(),
  },
  (t) => [index("message_words_lookup_idx").on(t.companyId, t.word, t.createdAt, t.messageId, t.ticketId)],
);

/**
 * Each company's distinct message words, the vocabulary a search's substring is looked up in (by its
 * trigram index, migration 0027) before the words' occurrences are read. Not unique: two transactions
 * that meet a new word at once may both add it, where a unique key would make the second wait for the
 * first (and could deadlock two ingestions); readers take distinct words.
 */
export const companyWords = pgTable(
  "company_words",
  {
    companyId: integer().notNull(),
    word: text().notNull(),
  },
  (t) => [index("company_words_word_idx").on(t.companyId, t.word)],
);

/**
 * The messages whose words are not in message_words yet. A message's insert adds it here (a trigger, in
 * the writer's transaction) and the word indexer moves whole batches into message_words, so ingestion
 * pays one small insert instead of a message's words. Every committed message is in exactly one of the
 * two, and search reads the pending bodies directly: it stays exact while the indexer catches up.
 */
export const messageWordsPending = pgTable(
  "message_words_pending",
  {
    companyId: integer().notNull(),
    messageId: integer().notNull(),
  },
  // By company first: a search reads its own company's pending messages, not every company's.
  (t) => [primaryKey({ columns: [t.companyId, t.messageId] })],
);

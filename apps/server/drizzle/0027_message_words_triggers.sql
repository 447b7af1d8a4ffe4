-- Ticket search's word index (docs/decisions.md, ticket search; tables in 0026). A body's words are
-- the runs of letters and digits of lower(body), each cut to 64 characters: a search made of letters
-- and digits alone matches a body as ILIKE '%search%' does exactly when it is inside one of them.
-- Kept here by triggers, so every path that writes messages keeps it, in the writer's transaction.
CREATE INDEX IF NOT EXISTS "company_words_trgm_idx" ON "company_words" USING gin ("company_id", "word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_body_words(body text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(word, 64) FROM regexp_split_to_table(lower(body), '[^[:alnum:]]+') AS word WHERE word <> ''
$$;--> statement-breakpoint
-- The words of a set of rows (one array per column, as unnest reads them), and those their company had
-- not met before. The vocabulary has no unique key (see company_words), so a new word costs no wait on
-- another transaction that adds it too.
CREATE OR REPLACE FUNCTION message_words_add(companies integer[], ids integer[], tickets integer[], created timestamptz[], bodies text[]) RETURNS void
LANGUAGE sql AS $$
  WITH words AS (
    SELECT m.company_id, w.word, m.created_at, m.id, m.ticket_id
    FROM unnest(companies, ids, tickets, created, bodies) AS m(company_id, id, ticket_id, created_at, body)
    CROSS JOIN LATERAL message_body_words(m.body) AS w(word)
  ),
  added AS (
    INSERT INTO message_words (company_id, word, created_at, message_id, ticket_id) SELECT * FROM words
  )
  INSERT INTO company_words (company_id, word)
  SELECT DISTINCT words.company_id, words.word FROM words
  WHERE NOT EXISTS (
    SELECT 1 FROM company_words known WHERE known.company_id = words.company_id AND known.word = words.word
  )
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_words_drop(companies integer[], ids integer[], created timestamptz[], bodies text[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM message_words mw
  USING unnest(companies, ids, created, bodies) AS m(company_id, id, created_at, body)
  CROSS JOIN LATERAL message_body_words(m.body) AS w(word)
  WHERE mw.company_id = m.company_id AND mw.word = w.word AND mw.created_at = m.created_at AND mw.message_id = m.id
$$;--> statement-breakpoint
-- Inserts and deletes are set-based (a statement's rows at once): ingestion writes messages in batches.
CREATE OR REPLACE FUNCTION messages_words_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_words_add(array_agg(company_id), array_agg(id), array_agg(ticket_id), array_agg(created_at), array_agg(body))
  FROM new_messages;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_words_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_words_drop(array_agg(company_id), array_agg(id), array_agg(created_at), array_agg(body))
  FROM old_messages;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Nothing edits a body today; should something, its words follow it.
CREATE OR REPLACE FUNCTION messages_words_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_words_drop(ARRAY[OLD.company_id], ARRAY[OLD.id], ARRAY[OLD.created_at], ARRAY[OLD.body]);
  PERFORM message_words_add(ARRAY[NEW.company_id], ARRAY[NEW.id], ARRAY[NEW.ticket_id], ARRAY[NEW.created_at], ARRAY[NEW.body]);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_words_inserted ON messages;--> statement-breakpoint
CREATE TRIGGER messages_words_inserted AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION messages_words_inserted();--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_words_deleted ON messages;--> statement-breakpoint
CREATE TRIGGER messages_words_deleted AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_messages FOR EACH STATEMENT EXECUTE FUNCTION messages_words_deleted();--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_words_updated ON messages;--> statement-breakpoint
CREATE TRIGGER messages_words_updated AFTER UPDATE OF body, created_at, ticket_id, company_id ON messages FOR EACH ROW
  WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION messages_words_updated();--> statement-breakpoint
-- The messages stored before this migration, read as a set rather than as arrays (an array is
-- bounded to 1 GB).
INSERT INTO message_words (company_id, word, created_at, message_id, ticket_id)
SELECT m.company_id, w.word, m.created_at, m.id, m.ticket_id
FROM messages m CROSS JOIN LATERAL message_body_words(m.body) AS w(word);--> statement-breakpoint
INSERT INTO company_words (company_id, word) SELECT DISTINCT company_id, word FROM message_words;

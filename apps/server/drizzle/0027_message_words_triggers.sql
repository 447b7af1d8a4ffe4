-- Ticket search's word index (docs/decisions.md, ticket search; tables in 0026). A body's words are
-- the runs of letters and digits of lower(body), each cut to 64 characters: a search made of letters
-- and digits alone matches a body as ILIKE '%search%' does exactly when it is inside one of them.
-- Kept here by triggers, so every path that writes messages keeps it, in the writer's transaction.
-- The vocabulary's trigram index keeps a small pending list, as the other search indexes do (0021).
CREATE INDEX IF NOT EXISTS "company_words_trgm_idx" ON "company_words" USING gin ("company_id", "word" gin_trgm_ops) WITH (gin_pending_list_limit = 256);--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_body_words(body text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(word, 64) FROM regexp_split_to_table(lower(body), '[^[:alnum:]]+') AS word WHERE word <> ''
$$;--> statement-breakpoint
-- A message's words, and those its company had not met before. PL/pgSQL keeps each statement's plan for
-- the session. Each lookup is a correlated probe of an index: written as joins, the planner guessed
-- ~1,000 words per body (regexp_split_to_table's default) and hashed the company's whole vocabulary
-- for every message (3 ms each). The vocabulary has no unique key (see company_words), so a new word
-- costs no wait on another transaction that adds it too.
CREATE OR REPLACE FUNCTION message_words_add(company integer, message integer, ticket integer, created timestamptz, body text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH words AS (SELECT w.word FROM message_body_words(body) AS w(word)),
  stored AS (
    INSERT INTO message_words (company_id, word, created_at, message_id, ticket_id)
    SELECT company, words.word, created, message, ticket FROM words
  )
  INSERT INTO company_words (company_id, word)
  SELECT company, words.word FROM words
  WHERE (SELECT 1 FROM company_words known WHERE known.company_id = company AND known.word = words.word LIMIT 1) IS NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_words_drop(company integer, message integer, created timestamptz, body text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_words
  WHERE company_id = company AND word = ANY (ARRAY(SELECT message_body_words(body)))
    AND created_at = created AND message_id = message;
END
$$;--> statement-breakpoint
-- Row by row: ingestion inserts one message per statement, where a statement-level trigger's
-- transition table cost more than the row's own work (measured: ~40 against ~80 µs per message).
-- An update replaces the words; nothing edits a body today, but should something, its words follow.
CREATE OR REPLACE FUNCTION messages_words_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM message_words_drop(OLD.company_id, OLD.id, OLD.created_at, OLD.body);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM message_words_add(NEW.company_id, NEW.id, NEW.ticket_id, NEW.created_at, NEW.body);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_words_stored ON messages;--> statement-breakpoint
CREATE TRIGGER messages_words_stored AFTER INSERT OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_words_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_words_updated ON messages;--> statement-breakpoint
CREATE TRIGGER messages_words_updated AFTER UPDATE OF body, created_at, ticket_id, company_id ON messages FOR EACH ROW
  WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION messages_words_changed();--> statement-breakpoint
-- The messages stored before this migration, as one set.
INSERT INTO message_words (company_id, word, created_at, message_id, ticket_id)
SELECT m.company_id, w.word, m.created_at, m.id, m.ticket_id
FROM messages m CROSS JOIN LATERAL message_body_words(m.body) AS w(word);--> statement-breakpoint
INSERT INTO company_words (company_id, word) SELECT DISTINCT company_id, word FROM message_words;

-- Ticket search's words leave the writer's transaction (docs/decisions.md, ticket search). The row
-- trigger of 0027 wrote each message's words there: ~9 index entries and as many vocabulary probes,
-- ~125 µs of PostgreSQL per inserted message, which took ingestion down by 10-25%. The trigger now
-- notes the message in message_words_pending (0028), and message_words_index() moves the pending
-- messages' words in batches, as one set. A committed message is in exactly one of the two places,
-- and search reads the pending bodies directly, so it stays exact while the indexer catches up.
CREATE OR REPLACE FUNCTION messages_words_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The pending row first: when the indexer is taking this message, the statement waits for its
  -- commit, and the words dropped below then include those it has just written.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO message_words_pending (company_id, message_id) VALUES (NEW.company_id, NEW.id);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO message_words_pending (company_id, message_id) VALUES (NEW.company_id, NEW.id) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM message_words_pending WHERE company_id = OLD.company_id AND message_id = OLD.id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM message_words_drop(OLD.company_id, OLD.id, OLD.created_at, OLD.body);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Takes up to `batch` pending messages (any company's; those another indexer holds are skipped) and
-- writes their words and the company's new words; answers how many messages it took. The pending rows
-- it deletes stay locked until its commit, which is what a message's delete or edit waits on (above);
-- the messages themselves are not locked, so the acks' updates never wait for a batch. The batch's
-- distinct words are each probed in the vocabulary's index: as NOT EXISTS, the planner sorted or
-- hashed the company's whole vocabulary for every batch (51 of 112 ms at 57,000 words).
CREATE OR REPLACE FUNCTION message_words_index(batch integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  taken_count integer;
BEGIN
  WITH taken AS (
    DELETE FROM message_words_pending
    WHERE (company_id, message_id) IN (
      SELECT pending.company_id, pending.message_id FROM message_words_pending pending
      LIMIT batch FOR UPDATE SKIP LOCKED
    )
    RETURNING message_id
  ),
  source AS (
    SELECT m.company_id, m.id, m.ticket_id, m.created_at, m.body FROM messages m
    WHERE m.id IN (SELECT taken.message_id FROM taken)
  ),
  words AS MATERIALIZED (
    SELECT source.company_id, w.word, source.created_at, source.id AS message_id, source.ticket_id
    FROM source CROSS JOIN LATERAL message_body_words(source.body) AS w(word)
  ),
  stored AS (
    INSERT INTO message_words (company_id, word, created_at, message_id, ticket_id)
    SELECT words.company_id, words.word, words.created_at, words.message_id, words.ticket_id FROM words
  ),
  learned AS (
    INSERT INTO company_words (company_id, word)
    SELECT batch_words.company_id, batch_words.word
    FROM (SELECT DISTINCT words.company_id, words.word FROM words) AS batch_words
    WHERE (
      SELECT 1 FROM company_words known
      WHERE known.company_id = batch_words.company_id AND known.word = batch_words.word LIMIT 1
    ) IS NULL
  )
  SELECT count(*) INTO taken_count FROM taken;
  RETURN taken_count;
END
$$;--> statement-breakpoint
-- The writer of one message's words (0027) has no caller left.
DROP FUNCTION IF EXISTS message_words_add(integer, integer, integer, timestamptz, text);

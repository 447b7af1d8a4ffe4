ALTER TABLE "chats" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
-- The chats list shows and orders by the last message's time; chats written before this column
-- take it from their newest message.
UPDATE "chats" SET "last_message_at" = "latest"."created_at"
FROM (SELECT "chat_id", max("created_at") AS "created_at" FROM "chat_messages" GROUP BY "chat_id") AS "latest"
WHERE "latest"."chat_id" = "chats"."id";

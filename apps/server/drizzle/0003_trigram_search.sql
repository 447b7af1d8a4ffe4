-- Substring search (ILIKE '%text%') on message bodies and contact names and numbers.
-- Kept out of the Drizzle schema files: drizzle-kit cannot declare the extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);

-- Every search is scoped to one company: one GIN index over (company_id, text)
-- finds a company's matches directly instead of every company's matches filtered
-- afterwards (btree_gin lets an integer column join a trigram index).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_company_body_trgm_idx" ON "messages" USING gin ("company_id", "body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_company_name_trgm_idx" ON "contacts" USING gin ("company_id", "name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_company_number_trgm_idx" ON "contacts" USING gin ("company_id", "number" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "messages_body_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_number_trgm_idx";

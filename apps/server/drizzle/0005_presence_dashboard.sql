ALTER TABLE "users" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_trackings_company_queued_idx" ON "ticket_trackings" USING btree ("company_id","queued_at");
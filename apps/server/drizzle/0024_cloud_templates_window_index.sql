ALTER TABLE "campaign_shippings" ADD COLUMN "error" varchar(64);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template" jsonb;--> statement-breakpoint
CREATE INDEX "messages_company_contact_inbound_idx" ON "messages" USING btree ("company_id","contact_id","whatsapp_id","created_at") WHERE "messages"."from_me" = false;
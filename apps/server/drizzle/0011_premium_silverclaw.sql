ALTER TABLE "campaign_shippings" ADD COLUMN "name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "variant" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "send_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_shippings_due_idx" ON "campaign_shippings" USING btree ("company_id","campaign_id","send_at","id") WHERE "campaign_shippings"."delivered_at" IS NULL AND "campaign_shippings"."failed_at" IS NULL;
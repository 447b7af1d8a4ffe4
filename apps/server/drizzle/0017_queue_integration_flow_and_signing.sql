ALTER TABLE "queue_integrations" ADD COLUMN "flow_id" integer;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "signing_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_integrations_flow_idx" ON "queue_integrations" USING btree ("flow_id");
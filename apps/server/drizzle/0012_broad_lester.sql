ALTER TABLE "schedules" ADD COLUMN "error_code" varchar(64);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "send_version" integer DEFAULT 0 NOT NULL;
ALTER TABLE "messages" ADD COLUMN "send_error" varchar(300);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "status_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_phone_number_id" varchar(30);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_business_account_id" varchar(30);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_access_token" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_app_secret" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_verify_token" varchar(64);
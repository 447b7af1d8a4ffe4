ALTER TABLE "file_list_options" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "file_list_options" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "file_list_options" ALTER COLUMN "media_type" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "file_list_options" ALTER COLUMN "media_type" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "file_list_options" ADD COLUMN "media_name" text DEFAULT '' NOT NULL;
CREATE TABLE "company_words" (
	"company_id" integer NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_words" (
	"company_id" integer NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"message_id" integer NOT NULL,
	"ticket_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_words_word_idx" ON "company_words" USING btree ("company_id","word");--> statement-breakpoint
CREATE INDEX "message_words_lookup_idx" ON "message_words" USING btree ("company_id","word","created_at","message_id","ticket_id");
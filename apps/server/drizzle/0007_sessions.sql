CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_company_user_idx" ON "sessions" USING btree ("company_id","user_id");--> statement-breakpoint
-- Written by hand: the logins that exist already become sessions, live while one of their refresh tokens is.
INSERT INTO "sessions" ("id", "company_id", "user_id", "ended_at", "created_at")
SELECT "family", "company_id", "user_id",
  CASE WHEN bool_or("revoked_at" IS NULL AND "expires_at" > now()) THEN NULL ELSE now() END,
  min("created_at")
FROM "refresh_tokens"
GROUP BY "family", "company_id", "user_id";

CREATE TABLE "flow_media" (
	"company_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_media_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "flow_media_uses" (
	"company_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	CONSTRAINT "flow_media_uses_company_id_flow_id_name_pk" PRIMARY KEY("company_id","flow_id","name")
);
--> statement-breakpoint
ALTER TABLE "flow_media" ADD CONSTRAINT "flow_media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_media_uses" ADD CONSTRAINT "flow_media_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_media_uses" ADD CONSTRAINT "flow_media_uses_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_media_uses" ADD CONSTRAINT "flow_media_uses_company_id_name_flow_media_company_id_name_fk" FOREIGN KEY ("company_id","name") REFERENCES "public"."flow_media"("company_id","name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_media_uses_company_name_idx" ON "flow_media_uses" USING btree ("company_id","name");--> statement-breakpoint
-- Flows saved before media were tracked: the files their documents name become the company's
-- flow media, used by those flows.
WITH "named" AS (
	SELECT DISTINCT f."company_id", f."id" AS "flow_id", m."name"
	FROM "flows" f
	CROSS JOIN LATERAL (
		SELECT n->'data'->>'url' AS "name"
		FROM jsonb_array_elements(coalesce(f."flow"->'nodes', '[]'::jsonb)) n
		WHERE n->>'type' IN ('img', 'audio', 'video')
		UNION
		SELECT e->>'value'
		FROM jsonb_array_elements(coalesce(f."flow"->'nodes', '[]'::jsonb)) n
		CROSS JOIN LATERAL jsonb_array_elements(coalesce(n->'data'->'elements', '[]'::jsonb)) e
		WHERE n->>'type' = 'singleBlock' AND e->>'type' IN ('img', 'audio', 'video')
	) m
	WHERE m."name" IS NOT NULL AND length(m."name") <= 120
)
INSERT INTO "flow_media" ("company_id", "name") SELECT DISTINCT "company_id", "name" FROM "named" ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH "named" AS (
	SELECT DISTINCT f."company_id", f."id" AS "flow_id", m."name"
	FROM "flows" f
	CROSS JOIN LATERAL (
		SELECT n->'data'->>'url' AS "name"
		FROM jsonb_array_elements(coalesce(f."flow"->'nodes', '[]'::jsonb)) n
		WHERE n->>'type' IN ('img', 'audio', 'video')
		UNION
		SELECT e->>'value'
		FROM jsonb_array_elements(coalesce(f."flow"->'nodes', '[]'::jsonb)) n
		CROSS JOIN LATERAL jsonb_array_elements(coalesce(n->'data'->'elements', '[]'::jsonb)) e
		WHERE n->>'type' = 'singleBlock' AND e->>'type' IN ('img', 'audio', 'video')
	) m
	WHERE m."name" IS NOT NULL AND length(m."name") <= 120
)
INSERT INTO "flow_media_uses" ("company_id", "flow_id", "name") SELECT "company_id", "flow_id", "name" FROM "named" ON CONFLICT DO NOTHING;

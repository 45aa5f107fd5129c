CREATE TABLE "pd_team_files" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"tech_pack_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text NOT NULL,
	"sent_by_name" text NOT NULL,
	"first_opened_at" timestamp with time zone,
	"first_opened_by" text
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "approval_by_second_person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pd_team_files" ADD CONSTRAINT "pd_team_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_team_files" ADD CONSTRAINT "pd_team_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_sends" ADD CONSTRAINT "pd_tech_pack_sends_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_sends" ADD CONSTRAINT "pd_tech_pack_sends_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pd_team_files_team_idx" ON "pd_team_files" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pd_tech_pack_sends_pack_factory_key" ON "pd_tech_pack_sends" USING btree ("tech_pack_id","factory_id");--> statement-breakpoint
CREATE INDEX "pd_tech_pack_sends_factory_idx" ON "pd_tech_pack_sends" USING btree ("factory_id","sent_at");--> statement-breakpoint
-- Issue 23: every version keeps the product details it showed (until now they lived on the product only).
INSERT INTO "pd_tech_pack_parts" ("tech_pack_id", "tab", "data")
SELECT t."id", 'editProductDetails', jsonb_build_object(
  'code', p."code", 'name', p."name", 'status', p."status", 'season', p."season", 'category', p."category",
  'collection', p."collection", 'batch', p."batch", 'fit', p."fit", 'description', p."description",
  'tags', to_jsonb(p."tags"), 'targetCostCents', p."target_cost_cents", 'targetPriceCents', p."target_price_cents")
FROM "pd_tech_packs" t JOIN "pd_products" p ON p."id" = t."product_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Versions already marked sent went to the brand's own facility.
INSERT INTO "pd_tech_pack_sends" ("tech_pack_id", "factory_id", "sent_at", "sent_by", "sent_by_name")
SELECT t."id", c."factory_id", t."sent_to_factory_at", coalesce(t."sent_to_factory_by", ''),
  coalesce((SELECT nullif(trim(u."first_name" || ' ' || u."last_name"), '') FROM "users" u
            WHERE lower(u."user_name") = lower(t."sent_to_factory_by") LIMIT 1), t."sent_to_factory_by", '')
FROM "pd_tech_packs" t
JOIN "pd_products" p ON p."id" = t."product_id"
JOIN "teams" tm ON tm."id" = p."team_id"
JOIN "clients" c ON c."client_id" = tm."client_id"
WHERE t."sent_to_factory_at" IS NOT NULL AND c."factory_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Each product-development file belongs to the team that uses it (else its uploader's team of the file's client).
INSERT INTO "pd_team_files" ("file_id", "team_id")
SELECT DISTINCT ON (x."file_id") x."file_id", x."team_id"
FROM (
  SELECT (e->>'fileId')::int AS "file_id", p."team_id", 1 AS "pri"
  FROM "pd_tech_pack_parts" pp
  JOIN "pd_tech_packs" t ON t."id" = pp."tech_pack_id"
  JOIN "pd_products" p ON p."id" = t."product_id"
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN pp."tab" IN ('images', 'files') AND jsonb_typeof(pp."data"->pp."tab") = 'array' THEN pp."data"->pp."tab" ELSE '[]'::jsonb END) e
  WHERE (e->>'fileId') ~ '^[0-9]+$'
  UNION ALL
  SELECT (e->>'imageFileId')::int, p."team_id", 1
  FROM "pd_tech_pack_parts" pp
  JOIN "pd_tech_packs" t ON t."id" = pp."tech_pack_id"
  JOIN "pd_products" p ON p."id" = t."product_id"
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN pp."tab" = 'constructionDetails' AND jsonb_typeof(pp."data"->'steps') = 'array' THEN pp."data"->'steps' ELSE '[]'::jsonb END) e
  WHERE (e->>'imageFileId') ~ '^[0-9]+$'
  UNION ALL
  SELECT i."image_file_id", i."team_id", 1 FROM "pd_library_items" i WHERE i."image_file_id" IS NOT NULL
  UNION ALL
  SELECT v."image_file_id", i."team_id", 1
  FROM "pd_library_variants" v JOIN "pd_library_items" i ON i."id" = v."item_id"
  WHERE v."image_file_id" IS NOT NULL
  UNION ALL
  SELECT f."id", (SELECT min(tm."id") FROM "teams" tm JOIN "team_users" tu ON tu."team_id" = tm."id"
                  WHERE tm."client_id" = f."client_id" AND tu."user_id" = f."uploaded_by" AND tu."pending" = false
                    AND (tu."invitation_status" IS NULL OR tu."invitation_status" = 'ACCEPTED')), 2
  FROM "stored_files" f WHERE f."area" IN ('techPack', 'pd-library')
) x
JOIN "stored_files" f ON f."id" = x."file_id"
JOIN "teams" tm ON tm."id" = x."team_id" AND tm."client_id" = f."client_id"
ORDER BY x."file_id", x."pri", x."team_id"
ON CONFLICT DO NOTHING;

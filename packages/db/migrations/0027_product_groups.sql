CREATE TABLE "pd_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pd_batches" ADD CONSTRAINT "pd_batches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_collections" ADD CONSTRAINT "pd_collections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tags" ADD CONSTRAINT "pd_tags_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pd_batches_name_key" ON "pd_batches" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_collections_name_key" ON "pd_collections" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_tags_name_key" ON "pd_tags" USING btree ("team_id",lower("name"));--> statement-breakpoint
-- Every collection, batch and tag a product already names becomes its team's (hand-written: the names were free text before).
INSERT INTO "pd_collections" ("team_id", "name") SELECT DISTINCT ON ("team_id", lower("collection")) "team_id", "collection" FROM "pd_products" WHERE coalesce("collection", '') <> '' ORDER BY "team_id", lower("collection"), "collection";--> statement-breakpoint
INSERT INTO "pd_batches" ("team_id", "name") SELECT DISTINCT ON ("team_id", lower("batch")) "team_id", "batch" FROM "pd_products" WHERE coalesce("batch", '') <> '' ORDER BY "team_id", lower("batch"), "batch";--> statement-breakpoint
INSERT INTO "pd_tags" ("team_id", "name") SELECT DISTINCT ON ("team_id", lower(t.tag)) "team_id", t.tag FROM "pd_products", unnest("tags") AS t(tag) WHERE t.tag <> '' ORDER BY "team_id", lower(t.tag), t.tag;

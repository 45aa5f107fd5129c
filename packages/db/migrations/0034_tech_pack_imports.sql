CREATE TABLE "pd_tech_pack_import_mappings" (
	"team_id" integer NOT NULL,
	"section" text NOT NULL,
	"header" text NOT NULL,
	"field" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_tech_pack_import_mappings_team_id_section_header_pk" PRIMARY KEY("team_id","section","header")
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid NOT NULL,
	"team_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sheets" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_product_id" integer,
	"applied_tech_pack_id" integer,
	"applied_at" timestamp with time zone,
	CONSTRAINT "pd_tech_pack_imports_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "pd_tech_pack_import_mappings" ADD CONSTRAINT "pd_tech_pack_import_mappings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_imports" ADD CONSTRAINT "pd_tech_pack_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_imports" ADD CONSTRAINT "pd_tech_pack_imports_applied_product_id_pd_products_id_fk" FOREIGN KEY ("applied_product_id") REFERENCES "public"."pd_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_imports" ADD CONSTRAINT "pd_tech_pack_imports_applied_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("applied_tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pd_tech_pack_imports_team_idx" ON "pd_tech_pack_imports" USING btree ("team_id","created_at");
CREATE TABLE "pd_library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"supplier_id" integer,
	"unit" text,
	"cost_cents" integer,
	"image_file_id" integer,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_library_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer,
	"cost_cents" integer,
	"image_file_id" integer,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_pom_template_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"how_to_measure" text,
	"tol_plus" numeric(12, 4) DEFAULT 0 NOT NULL,
	"tol_minus" numeric(12, 4) DEFAULT 0 NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"base_value" numeric(12, 4),
	"grade_rules" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_pom_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_range_id" integer,
	"unit" text DEFAULT 'cm' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_size_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"sizes" text[] NOT NULL,
	"base_size" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"country" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"lead_time_days" integer,
	"notes" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pd_library_items" ADD CONSTRAINT "pd_library_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_library_items" ADD CONSTRAINT "pd_library_items_supplier_id_pd_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."pd_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_library_items" ADD CONSTRAINT "pd_library_items_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_library_variants" ADD CONSTRAINT "pd_library_variants_item_id_pd_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."pd_library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_library_variants" ADD CONSTRAINT "pd_library_variants_supplier_id_pd_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."pd_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_library_variants" ADD CONSTRAINT "pd_library_variants_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pom_template_points" ADD CONSTRAINT "pd_pom_template_points_template_id_pd_pom_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."pd_pom_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pom_templates" ADD CONSTRAINT "pd_pom_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pom_templates" ADD CONSTRAINT "pd_pom_templates_size_range_id_pd_size_ranges_id_fk" FOREIGN KEY ("size_range_id") REFERENCES "public"."pd_size_ranges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_size_ranges" ADD CONSTRAINT "pd_size_ranges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_suppliers" ADD CONSTRAINT "pd_suppliers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pd_library_items_code_key" ON "pd_library_items" USING btree ("team_id","kind",lower("code"));--> statement-breakpoint
CREATE INDEX "pd_library_items_team_kind_idx" ON "pd_library_items" USING btree ("team_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "pd_library_variants_code_key" ON "pd_library_variants" USING btree ("item_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_pom_template_points_code_key" ON "pd_pom_template_points" USING btree ("template_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_pom_templates_name_key" ON "pd_pom_templates" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_size_ranges_name_key" ON "pd_size_ranges" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pd_suppliers_code_key" ON "pd_suppliers" USING btree ("team_id",lower("code"));
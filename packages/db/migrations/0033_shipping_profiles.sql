CREATE TABLE "pd_shipping_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"box_item_id" integer,
	"box_length" numeric(8, 2),
	"box_width" numeric(8, 2),
	"box_height" numeric(8, 2),
	"dimension_unit" text DEFAULT 'cm' NOT NULL,
	"fold_method" text NOT NULL,
	"polybag" boolean DEFAULT false NOT NULL,
	"polybag_item_id" integer,
	"insert_item_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"units_per_box" integer NOT NULL,
	"box_tare_grams" integer DEFAULT 0 NOT NULL,
	"weights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pd_shipping_profiles" ADD CONSTRAINT "pd_shipping_profiles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_shipping_profiles" ADD CONSTRAINT "pd_shipping_profiles_box_item_id_pd_library_items_id_fk" FOREIGN KEY ("box_item_id") REFERENCES "public"."pd_library_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_shipping_profiles" ADD CONSTRAINT "pd_shipping_profiles_polybag_item_id_pd_library_items_id_fk" FOREIGN KEY ("polybag_item_id") REFERENCES "public"."pd_library_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pd_shipping_profiles_name_key" ON "pd_shipping_profiles" USING btree ("team_id",lower("name"));
CREATE TABLE "factory_config_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"field" text NOT NULL,
	"from_value" text NOT NULL,
	"to_value" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factory_settings" (
	"factory_id" integer PRIMARY KEY NOT NULL,
	"working_days" text[] NOT NULL,
	"workday_start" text NOT NULL,
	"workday_end" text NOT NULL,
	"time_zone" text NOT NULL,
	"shipping_label_format" text NOT NULL,
	"unit_label_format" text NOT NULL,
	"label_symbology" text NOT NULL,
	"label_paper" text NOT NULL,
	"shipping_label_printer" text NOT NULL,
	"unit_label_printer" text NOT NULL,
	"tote_label_printer" text NOT NULL,
	"default_carrier" text NOT NULL,
	"default_box_name" text NOT NULL,
	"default_box_length_in" numeric(7, 2) NOT NULL,
	"default_box_width_in" numeric(7, 2) NOT NULL,
	"default_box_height_in" numeric(7, 2) NOT NULL,
	"auto_release" boolean NOT NULL,
	"tote_barcode_prefix" text NOT NULL,
	"tote_barcode_first" integer NOT NULL,
	"tote_barcode_last" integer NOT NULL,
	"cut_max_plies" integer NOT NULL,
	"cut_table_length_inches" numeric(8, 2) NOT NULL,
	"cut_max_garments_per_ply" integer NOT NULL,
	"cut_end_allowance_inches" numeric(6, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factory_config_history" ADD CONSTRAINT "factory_config_history_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_settings" ADD CONSTRAINT "factory_settings_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factory_config_history_factory_idx" ON "factory_config_history" USING btree ("factory_id","id");
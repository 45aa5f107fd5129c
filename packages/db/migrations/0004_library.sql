CREATE TABLE "lib_attribute_profile_attributes" (
	"profile_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "lib_attribute_profile_attributes_profile_id_attribute_id_pk" PRIMARY KEY("profile_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "lib_attribute_profile_styles" (
	"profile_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	CONSTRAINT "lib_attribute_profile_styles_profile_id_style_id_pk" PRIMARY KEY("profile_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "lib_attribute_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hex_color" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_fabric_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_fabrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"fabric_code" text NOT NULL,
	"fabric_name" text NOT NULL,
	"fabric_type_id" integer,
	"supplier" text,
	"color" text,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'yd' NOT NULL,
	"width_inches" numeric(12, 4),
	"weight_gsm" integer,
	"out_of_stock" boolean DEFAULT false NOT NULL,
	"stock_changed_at" timestamp with time zone,
	"stock_changed_by" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_instruction_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"instruction_id" integer NOT NULL,
	"caption" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_instruction_profile_steps" (
	"profile_id" integer NOT NULL,
	"step" integer NOT NULL,
	"instruction_id" integer NOT NULL,
	CONSTRAINT "lib_instruction_profile_steps_profile_id_step_pk" PRIMARY KEY("profile_id","step")
);
--> statement-breakpoint
CREATE TABLE "lib_instruction_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"machine_id" integer,
	"standard_minutes" numeric(12, 4),
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"machine_type" text NOT NULL,
	"make" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_option_attributes" (
	"option_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lib_option_attributes_option_id_attribute_id_pk" PRIMARY KEY("option_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "lib_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_part_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_part_profile_parts" (
	"profile_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	CONSTRAINT "lib_part_profile_parts_profile_id_part_id_pk" PRIMARY KEY("profile_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "lib_part_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"part_code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"supplier" text,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"out_of_stock" boolean DEFAULT false NOT NULL,
	"stock_changed_at" timestamp with time zone,
	"stock_changed_by" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_sku_map_segments" (
	"sku_map_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"start_position" integer NOT NULL,
	"length" integer,
	CONSTRAINT "lib_sku_map_segments_sku_map_id_option_id_pk" PRIMARY KEY("sku_map_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "lib_sku_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"name" text NOT NULL,
	"style_id" integer NOT NULL,
	"style_token" text NOT NULL,
	"style_start" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_style_clients" (
	"style_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "lib_style_clients_style_id_client_id_pk" PRIMARY KEY("style_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "lib_style_fabrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"style_id" integer NOT NULL,
	"fabric_id" integer NOT NULL,
	"attribute_id" integer,
	"placement" text,
	"consumption" numeric(12, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_style_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"style_id" integer NOT NULL,
	"step" integer NOT NULL,
	"instruction_id" integer NOT NULL,
	"machine_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "lib_style_markers" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_range" text NOT NULL,
	"length_inches" numeric(12, 4) NOT NULL,
	"width_inches" numeric(12, 4) NOT NULL,
	"efficiency_pct" numeric(12, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_style_option_attributes" (
	"style_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"upcharge_cents" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lib_style_option_attributes_style_id_option_id_attribute_id_pk" PRIMARY KEY("style_id","option_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "lib_style_options" (
	"style_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lib_style_options_style_id_option_id_pk" PRIMARY KEY("style_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "lib_style_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"style_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"attribute_id" integer,
	"quantity" numeric(12, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_style_price_tiers" (
	"style_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "lib_style_price_tiers_style_id_min_quantity_pk" PRIMARY KEY("style_id","min_quantity")
);
--> statement-breakpoint
CREATE TABLE "lib_styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"base_price_cents" integer DEFAULT 0 NOT NULL,
	"offered_to_all" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lib_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"kind" text DEFAULT 'thread' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color_code" text NOT NULL,
	"hex_color" text,
	"brand" text,
	"ticket" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factories" ADD COLUMN "labour_cents_per_minute" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "lib_attribute_profile_attributes" ADD CONSTRAINT "lib_attribute_profile_attributes_profile_id_lib_attribute_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."lib_attribute_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_attribute_profile_attributes" ADD CONSTRAINT "lib_attribute_profile_attributes_attribute_id_lib_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."lib_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_attribute_profile_styles" ADD CONSTRAINT "lib_attribute_profile_styles_profile_id_lib_attribute_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."lib_attribute_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_attribute_profile_styles" ADD CONSTRAINT "lib_attribute_profile_styles_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_attribute_profiles" ADD CONSTRAINT "lib_attribute_profiles_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_attributes" ADD CONSTRAINT "lib_attributes_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_fabric_types" ADD CONSTRAINT "lib_fabric_types_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_fabrics" ADD CONSTRAINT "lib_fabrics_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_fabrics" ADD CONSTRAINT "lib_fabrics_fabric_type_id_lib_fabric_types_id_fk" FOREIGN KEY ("fabric_type_id") REFERENCES "public"."lib_fabric_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_fabrics" ADD CONSTRAINT "lib_fabrics_stock_changed_by_users_user_id_fk" FOREIGN KEY ("stock_changed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instruction_images" ADD CONSTRAINT "lib_instruction_images_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instruction_images" ADD CONSTRAINT "lib_instruction_images_instruction_id_lib_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."lib_instructions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instruction_profile_steps" ADD CONSTRAINT "lib_instruction_profile_steps_profile_id_lib_instruction_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."lib_instruction_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instruction_profile_steps" ADD CONSTRAINT "lib_instruction_profile_steps_instruction_id_lib_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."lib_instructions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instruction_profiles" ADD CONSTRAINT "lib_instruction_profiles_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instructions" ADD CONSTRAINT "lib_instructions_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_instructions" ADD CONSTRAINT "lib_instructions_machine_id_lib_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."lib_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_machines" ADD CONSTRAINT "lib_machines_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_option_attributes" ADD CONSTRAINT "lib_option_attributes_option_id_lib_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."lib_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_option_attributes" ADD CONSTRAINT "lib_option_attributes_attribute_id_lib_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."lib_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_options" ADD CONSTRAINT "lib_options_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_part_categories" ADD CONSTRAINT "lib_part_categories_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_part_profile_parts" ADD CONSTRAINT "lib_part_profile_parts_profile_id_lib_part_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."lib_part_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_part_profile_parts" ADD CONSTRAINT "lib_part_profile_parts_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_part_profiles" ADD CONSTRAINT "lib_part_profiles_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_parts" ADD CONSTRAINT "lib_parts_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_parts" ADD CONSTRAINT "lib_parts_category_id_lib_part_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."lib_part_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_parts" ADD CONSTRAINT "lib_parts_stock_changed_by_users_user_id_fk" FOREIGN KEY ("stock_changed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_sku_map_segments" ADD CONSTRAINT "lib_sku_map_segments_sku_map_id_lib_sku_maps_id_fk" FOREIGN KEY ("sku_map_id") REFERENCES "public"."lib_sku_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_sku_map_segments" ADD CONSTRAINT "lib_sku_map_segments_option_id_lib_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."lib_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_sku_maps" ADD CONSTRAINT "lib_sku_maps_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_sku_maps" ADD CONSTRAINT "lib_sku_maps_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_clients" ADD CONSTRAINT "lib_style_clients_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_clients" ADD CONSTRAINT "lib_style_clients_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_fabrics" ADD CONSTRAINT "lib_style_fabrics_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_fabrics" ADD CONSTRAINT "lib_style_fabrics_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_fabrics" ADD CONSTRAINT "lib_style_fabrics_attribute_id_lib_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."lib_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_instructions" ADD CONSTRAINT "lib_style_instructions_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_instructions" ADD CONSTRAINT "lib_style_instructions_instruction_id_lib_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."lib_instructions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_instructions" ADD CONSTRAINT "lib_style_instructions_machine_id_lib_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."lib_machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_markers" ADD CONSTRAINT "lib_style_markers_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_markers" ADD CONSTRAINT "lib_style_markers_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_option_attributes" ADD CONSTRAINT "lib_style_option_attributes_attribute_id_lib_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."lib_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_option_attributes" ADD CONSTRAINT "lib_style_option_attributes_style_id_option_id_lib_style_options_style_id_option_id_fk" FOREIGN KEY ("style_id","option_id") REFERENCES "public"."lib_style_options"("style_id","option_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_options" ADD CONSTRAINT "lib_style_options_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_options" ADD CONSTRAINT "lib_style_options_option_id_lib_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."lib_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_parts" ADD CONSTRAINT "lib_style_parts_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_parts" ADD CONSTRAINT "lib_style_parts_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_parts" ADD CONSTRAINT "lib_style_parts_attribute_id_lib_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."lib_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_price_tiers" ADD CONSTRAINT "lib_style_price_tiers_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_styles" ADD CONSTRAINT "lib_styles_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_threads" ADD CONSTRAINT "lib_threads_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lib_attribute_profile_styles_style_idx" ON "lib_attribute_profile_styles" USING btree ("style_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_attribute_profiles_name_key" ON "lib_attribute_profiles" USING btree ("factory_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_attributes_code_key" ON "lib_attributes" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_fabric_types_name_key" ON "lib_fabric_types" USING btree ("factory_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_fabrics_code_key" ON "lib_fabrics" USING btree ("factory_id",lower("fabric_code"));--> statement-breakpoint
CREATE INDEX "lib_instruction_images_instruction_idx" ON "lib_instruction_images" USING btree ("instruction_id");--> statement-breakpoint
CREATE INDEX "lib_instruction_profile_steps_instr_idx" ON "lib_instruction_profile_steps" USING btree ("instruction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_instruction_profiles_name_key" ON "lib_instruction_profiles" USING btree ("factory_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_instructions_code_key" ON "lib_instructions" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE INDEX "lib_instructions_machine_idx" ON "lib_instructions" USING btree ("machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_machines_code_key" ON "lib_machines" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE INDEX "lib_option_attributes_attr_idx" ON "lib_option_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_options_code_key" ON "lib_options" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_part_categories_name_key" ON "lib_part_categories" USING btree ("factory_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lib_part_profile_parts_part_idx" ON "lib_part_profile_parts" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_part_profiles_name_key" ON "lib_part_profiles" USING btree ("factory_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lib_parts_code_key" ON "lib_parts" USING btree ("factory_id",lower("part_code"));--> statement-breakpoint
CREATE INDEX "lib_sku_maps_style_idx" ON "lib_sku_maps" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "lib_sku_maps_token_idx" ON "lib_sku_maps" USING btree ("factory_id",lower("style_token"));--> statement-breakpoint
CREATE INDEX "lib_style_clients_client_idx" ON "lib_style_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "lib_style_fabrics_style_idx" ON "lib_style_fabrics" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "lib_style_fabrics_fabric_idx" ON "lib_style_fabrics" USING btree ("fabric_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_style_instructions_step_key" ON "lib_style_instructions" USING btree ("style_id","step");--> statement-breakpoint
CREATE INDEX "lib_style_instructions_instruction_idx" ON "lib_style_instructions" USING btree ("instruction_id");--> statement-breakpoint
CREATE INDEX "lib_style_markers_style_idx" ON "lib_style_markers" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "lib_style_option_attributes_attr_idx" ON "lib_style_option_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "lib_style_options_option_idx" ON "lib_style_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "lib_style_parts_style_idx" ON "lib_style_parts" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "lib_style_parts_part_idx" ON "lib_style_parts" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_styles_code_key" ON "lib_styles" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE INDEX "lib_styles_name_idx" ON "lib_styles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "lib_styles_category_idx" ON "lib_styles" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "lib_threads_code_key" ON "lib_threads" USING btree ("factory_id","kind",lower("code"));
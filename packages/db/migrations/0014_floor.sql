CREATE TABLE "floor_cut_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "floor_cut_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text GENERATED ALWAYS AS ('CT-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"factory_id" integer NOT NULL,
	"plan_id" integer,
	"fabric_id" integer,
	"colour" text,
	"marker_id" integer,
	"ratio" jsonb NOT NULL,
	"plies" integer NOT NULL,
	"length_inches" numeric(12, 4) NOT NULL,
	"utilisation_pct" numeric(12, 4),
	"cutter_station_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"cut_at" timestamp with time zone,
	"cut_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_qc_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"station_id" integer,
	"passed" boolean NOT NULL,
	"reason_id" integer,
	"note" text,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_qc_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"default_action" text DEFAULT 'recut' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_scans" (
	"factory_id" integer NOT NULL,
	"scan_id" text NOT NULL,
	"action" text NOT NULL,
	"response" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_scans_factory_id_scan_id_pk" PRIMARY KEY("factory_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "floor_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_press" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_totes" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'empty' NOT NULL,
	"station_id" integer,
	"transit_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_unit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"station_id" integer,
	"reason" text,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"barcode" text GENERATED ALWAYS AS ('U-' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"instance" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"recut_of_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"style_id" integer,
	"size" text,
	"colour" text,
	"fabric_id" integer,
	"print_file_id" integer,
	"due_date" date,
	"priority" integer DEFAULT 0 NOT NULL,
	"swatches_inspected_at" timestamp with time zone,
	"tote_id" integer,
	"cut_ticket_id" integer,
	"station_id" integer,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_units" (
	"shipment_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "shipment_units_shipment_id_unit_id_pk" PRIMARY KEY("shipment_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_number" text GENERATED ALWAYS AS ('SH-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"service" text,
	"tracking_number" text,
	"tracking_url" text,
	"external_label_id" text,
	"label_cost_cents" integer,
	"status" text DEFAULT 'packed' NOT NULL,
	"weight_oz" numeric(12, 4),
	"length_in" numeric(12, 4),
	"width_in" numeric(12, 4),
	"height_in" numeric(12, 4),
	"shipped_at" timestamp with time zone,
	"store_notified_at" timestamp with time zone,
	"store_notify_error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_by" text;--> statement-breakpoint
ALTER TABLE "floor_cut_plans" ADD CONSTRAINT "floor_cut_plans_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_cut_tickets" ADD CONSTRAINT "floor_cut_tickets_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_cut_tickets" ADD CONSTRAINT "floor_cut_tickets_plan_id_floor_cut_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."floor_cut_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_cut_tickets" ADD CONSTRAINT "floor_cut_tickets_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_cut_tickets" ADD CONSTRAINT "floor_cut_tickets_marker_id_lib_style_markers_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."lib_style_markers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_cut_tickets" ADD CONSTRAINT "floor_cut_tickets_cutter_station_id_floor_stations_id_fk" FOREIGN KEY ("cutter_station_id") REFERENCES "public"."floor_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_qc_inspections" ADD CONSTRAINT "floor_qc_inspections_unit_id_floor_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."floor_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_qc_inspections" ADD CONSTRAINT "floor_qc_inspections_station_id_floor_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."floor_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_qc_inspections" ADD CONSTRAINT "floor_qc_inspections_reason_id_floor_qc_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."floor_qc_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_qc_reasons" ADD CONSTRAINT "floor_qc_reasons_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_scans" ADD CONSTRAINT "floor_scans_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_stations" ADD CONSTRAINT "floor_stations_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_totes" ADD CONSTRAINT "floor_totes_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_totes" ADD CONSTRAINT "floor_totes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_totes" ADD CONSTRAINT "floor_totes_station_id_floor_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."floor_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_unit_events" ADD CONSTRAINT "floor_unit_events_unit_id_floor_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."floor_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_unit_events" ADD CONSTRAINT "floor_unit_events_station_id_floor_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."floor_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_unit_events" ADD CONSTRAINT "floor_unit_events_actor_user_id_users_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_recut_of_id_floor_units_id_fk" FOREIGN KEY ("recut_of_id") REFERENCES "public"."floor_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_print_file_id_stored_files_id_fk" FOREIGN KEY ("print_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_tote_id_floor_totes_id_fk" FOREIGN KEY ("tote_id") REFERENCES "public"."floor_totes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_cut_ticket_id_floor_cut_tickets_id_fk" FOREIGN KEY ("cut_ticket_id") REFERENCES "public"."floor_cut_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_station_id_floor_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."floor_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_units" ADD CONSTRAINT "shipment_units_unit_id_floor_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."floor_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_cut_plans_factory_idx" ON "floor_cut_plans" USING btree ("factory_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "floor_cut_tickets_station_idx" ON "floor_cut_tickets" USING btree ("factory_id","status","cutter_station_id");--> statement-breakpoint
CREATE INDEX "floor_qc_inspections_unit_idx" ON "floor_qc_inspections" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_qc_reasons_code_key" ON "floor_qc_reasons" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "floor_stations_code_key" ON "floor_stations" USING btree ("factory_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "floor_totes_barcode_key" ON "floor_totes" USING btree ("factory_id",lower("barcode"));--> statement-breakpoint
CREATE INDEX "floor_unit_events_unit_idx" ON "floor_unit_events" USING btree ("unit_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_units_item_instance_key" ON "floor_units" USING btree ("item_id","instance","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_units_barcode_key" ON "floor_units" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "floor_units_factory_status_idx" ON "floor_units" USING btree ("factory_id","status","due_date");--> statement-breakpoint
CREATE INDEX "floor_units_order_idx" ON "floor_units" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "floor_units_tote_idx" ON "floor_units" USING btree ("tote_id");--> statement-breakpoint
CREATE INDEX "floor_units_ticket_idx" ON "floor_units" USING btree ("cut_ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_units_unit_key" ON "shipment_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "shipments_factory_created_idx" ON "shipments" USING btree ("factory_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");
CREATE TABLE "inv_average_cost_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"fabric_id" integer,
	"part_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"quantity_before" numeric(14, 4) NOT NULL,
	"quantity_after" numeric(14, 4) NOT NULL,
	"cost_before_cents" integer NOT NULL,
	"cost_after_cents" integer NOT NULL,
	"ledger_id" integer,
	"po_line_id" integer,
	CONSTRAINT "inv_average_cost_history_one" CHECK (num_nonnulls("inv_average_cost_history"."fabric_id", "inv_average_cost_history"."part_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "inv_po_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_id" integer NOT NULL,
	"idempotency_key" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inv_po_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inv_purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"fabric_id" integer,
	"part_id" integer,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	"expected_date" date,
	"received_amt" numeric(14, 4) DEFAULT '0' NOT NULL,
	"cancelled_amt" numeric(14, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "inv_purchase_order_lines_one" CHECK (num_nonnulls("inv_purchase_order_lines"."fabric_id", "inv_purchase_order_lines"."part_id") = 1),
	CONSTRAINT "inv_purchase_order_lines_amounts" CHECK ("inv_purchase_order_lines"."received_amt" + "inv_purchase_order_lines"."cancelled_amt" <= "inv_purchase_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "inv_purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expected_date" date,
	"notes" text,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inv_stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"fabric_id" integer,
	"part_id" integer,
	"kind" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_cost_cents" integer,
	"reason" text,
	"reference" text,
	"po_line_id" integer,
	"receipt_id" integer,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inv_stock_ledger_one" CHECK (num_nonnulls("inv_stock_ledger"."fabric_id", "inv_stock_ledger"."part_id") = 1),
	CONSTRAINT "inv_stock_ledger_kind" CHECK ("inv_stock_ledger"."kind" in ('receipt','consumption','adjustment','return'))
);
--> statement-breakpoint
CREATE TABLE "inv_stock_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"fabric_id" integer,
	"part_id" integer,
	"threshold" numeric(14, 4) DEFAULT '0' NOT NULL,
	"threshold_by_cnt" boolean DEFAULT false NOT NULL,
	"avg_cost_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inv_stock_settings_one" CHECK (num_nonnulls("inv_stock_settings"."fabric_id", "inv_stock_settings"."part_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "inv_supplier_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"fabric_id" integer,
	"part_id" integer,
	"supplier_code" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"unit" text NOT NULL,
	"min_order_qty" numeric(14, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "inv_supplier_materials_one" CHECK (num_nonnulls("inv_supplier_materials"."fabric_id", "inv_supplier_materials"."part_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "inv_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"lead_time_days" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inv_average_cost_history" ADD CONSTRAINT "inv_average_cost_history_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_average_cost_history" ADD CONSTRAINT "inv_average_cost_history_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_average_cost_history" ADD CONSTRAINT "inv_average_cost_history_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_average_cost_history" ADD CONSTRAINT "inv_average_cost_history_ledger_id_inv_stock_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."inv_stock_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_average_cost_history" ADD CONSTRAINT "inv_average_cost_history_po_line_id_inv_purchase_order_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."inv_purchase_order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_po_receipts" ADD CONSTRAINT "inv_po_receipts_po_id_inv_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."inv_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_po_receipts" ADD CONSTRAINT "inv_po_receipts_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_po_status_history" ADD CONSTRAINT "inv_po_status_history_po_id_inv_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."inv_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_po_status_history" ADD CONSTRAINT "inv_po_status_history_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_order_lines" ADD CONSTRAINT "inv_purchase_order_lines_po_id_inv_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."inv_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_order_lines" ADD CONSTRAINT "inv_purchase_order_lines_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_order_lines" ADD CONSTRAINT "inv_purchase_order_lines_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_orders" ADD CONSTRAINT "inv_purchase_orders_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_orders" ADD CONSTRAINT "inv_purchase_orders_supplier_id_inv_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."inv_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_purchase_orders" ADD CONSTRAINT "inv_purchase_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_po_line_id_inv_purchase_order_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."inv_purchase_order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_receipt_id_inv_po_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."inv_po_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_ledger" ADD CONSTRAINT "inv_stock_ledger_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_settings" ADD CONSTRAINT "inv_stock_settings_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_settings" ADD CONSTRAINT "inv_stock_settings_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_stock_settings" ADD CONSTRAINT "inv_stock_settings_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_supplier_materials" ADD CONSTRAINT "inv_supplier_materials_supplier_id_inv_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."inv_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_supplier_materials" ADD CONSTRAINT "inv_supplier_materials_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_supplier_materials" ADD CONSTRAINT "inv_supplier_materials_part_id_lib_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."lib_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_suppliers" ADD CONSTRAINT "inv_suppliers_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inv_average_cost_history_fabric_idx" ON "inv_average_cost_history" USING btree ("fabric_id","at");--> statement-breakpoint
CREATE INDEX "inv_average_cost_history_part_idx" ON "inv_average_cost_history" USING btree ("part_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "inv_po_receipts_key" ON "inv_po_receipts" USING btree ("po_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "inv_po_status_history_po_idx" ON "inv_po_status_history" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "inv_purchase_order_lines_po_idx" ON "inv_purchase_order_lines" USING btree ("po_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inv_purchase_orders_number_key" ON "inv_purchase_orders" USING btree ("factory_id",lower("number"));--> statement-breakpoint
CREATE INDEX "inv_purchase_orders_status_idx" ON "inv_purchase_orders" USING btree ("factory_id","status");--> statement-breakpoint
CREATE INDEX "inv_purchase_orders_supplier_idx" ON "inv_purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "inv_stock_ledger_fabric_idx" ON "inv_stock_ledger" USING btree ("fabric_id","at");--> statement-breakpoint
CREATE INDEX "inv_stock_ledger_part_idx" ON "inv_stock_ledger" USING btree ("part_id","at");--> statement-breakpoint
CREATE INDEX "inv_stock_ledger_factory_idx" ON "inv_stock_ledger" USING btree ("factory_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "inv_stock_settings_fabric_key" ON "inv_stock_settings" USING btree ("fabric_id") WHERE "inv_stock_settings"."fabric_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inv_stock_settings_part_key" ON "inv_stock_settings" USING btree ("part_id") WHERE "inv_stock_settings"."part_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inv_supplier_materials_fabric_key" ON "inv_supplier_materials" USING btree ("supplier_id","fabric_id") WHERE "inv_supplier_materials"."fabric_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inv_supplier_materials_part_key" ON "inv_supplier_materials" USING btree ("supplier_id","part_id") WHERE "inv_supplier_materials"."part_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inv_suppliers_code_key" ON "inv_suppliers" USING btree ("factory_id",lower("code"));
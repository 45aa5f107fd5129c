CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_value_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_number" text GENERATED ALWAYS AS ('RMA-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"client_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"factory_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason_code" text NOT NULL,
	"note" text,
	"requested_by" text NOT NULL,
	"refund_key" text,
	"refund_amount_cents" integer,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"remake_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower('RMA-' || lpad(id::text, 6, '0') || ' ' || order_number || ' ' || client_name)) STORED
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_status_history" ADD CONSTRAINT "return_status_history_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_remake_order_id_orders_id_fk" FOREIGN KEY ("remake_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_item_key" ON "return_lines" USING btree ("return_id","item_id");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "return_status_history_return_idx" ON "return_status_history" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_client_created_idx" ON "returns" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_search_trgm" ON "returns" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Returns are built now: facility users get the Returns card by default (DEFAULT_TYPE_CARDS). An
-- installation that already knows the card got its type grants when it was coming soon, so add
-- the facility types' grants here, once (a fresh installation has no cards yet: the seed grants them).
INSERT INTO "card_grants" ("route_name", "type_id")
SELECT 'returns', t."id" FROM "user_types" t
WHERE t."name" IN ('manufacturer', 'factory')
  AND EXISTS (SELECT 1 FROM "cards" c WHERE c."route_name" = 'returns')
ON CONFLICT DO NOTHING;

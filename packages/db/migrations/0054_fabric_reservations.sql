CREATE TABLE "inv_fabric_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"fabric_id" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"override_reason" text,
	"override_by" integer,
	"override_by_name" text,
	"override_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inv_fabric_reservations_state" CHECK ("inv_fabric_reservations"."state" in ('reserved','consumed','released'))
);
--> statement-breakpoint
ALTER TABLE "inv_fabric_reservations" ADD CONSTRAINT "inv_fabric_reservations_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_fabric_reservations" ADD CONSTRAINT "inv_fabric_reservations_unit_id_floor_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."floor_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_fabric_reservations" ADD CONSTRAINT "inv_fabric_reservations_fabric_id_lib_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."lib_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inv_fabric_reservations" ADD CONSTRAINT "inv_fabric_reservations_override_by_users_user_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inv_fabric_reservations_live_key" ON "inv_fabric_reservations" USING btree ("unit_id","fabric_id") WHERE "inv_fabric_reservations"."state" = 'reserved';--> statement-breakpoint
CREATE INDEX "inv_fabric_reservations_fabric_idx" ON "inv_fabric_reservations" USING btree ("fabric_id") WHERE "inv_fabric_reservations"."state" = 'reserved';--> statement-breakpoint
CREATE INDEX "inv_fabric_reservations_unit_idx" ON "inv_fabric_reservations" USING btree ("unit_id");
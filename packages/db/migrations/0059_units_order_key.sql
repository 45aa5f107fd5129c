-- A unit is its order's, of the order's client and factory: one foreign key checks all three (one
-- lookup a unit released instead of three: issue 21, ADR 0003), and says what the three keys it
-- replaces did not, that a unit's client and factory are its order's.
CREATE UNIQUE INDEX "orders_id_client_factory_key" ON "orders" USING btree ("id","client_id","factory_id");--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_factory_id_factories_factory_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_client_id_clients_client_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" ADD CONSTRAINT "floor_units_order_fk" FOREIGN KEY ("order_id","client_id","factory_id") REFERENCES "public"."orders"("id","client_id","factory_id") ON DELETE cascade ON UPDATE cascade;

-- Fewer index entries for every unit released and every scan (issue 21, ADR 0003): an order's units are
-- found by (order_id, status); the tote, ticket and station indexes keep only the rows that have one.
DROP INDEX "floor_units_order_idx";--> statement-breakpoint
DROP INDEX "floor_unit_events_station_at_idx";--> statement-breakpoint
DROP INDEX "floor_units_tote_idx";--> statement-breakpoint
DROP INDEX "floor_units_ticket_idx";--> statement-breakpoint
CREATE INDEX "floor_unit_events_station_at_idx" ON "floor_unit_events" USING btree ("station_id","at","id") WHERE station_id is not null;--> statement-breakpoint
CREATE INDEX "floor_units_tote_idx" ON "floor_units" USING btree ("tote_id") WHERE tote_id is not null;--> statement-breakpoint
CREATE INDEX "floor_units_ticket_idx" ON "floor_units" USING btree ("cut_ticket_id") WHERE cut_ticket_id is not null;
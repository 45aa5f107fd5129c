CREATE INDEX "billing_ledger_created_idx" ON "billing_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "floor_qc_inspections_at_idx" ON "floor_qc_inspections" USING btree ("at");--> statement-breakpoint
CREATE INDEX "floor_unit_events_at_idx" ON "floor_unit_events" USING btree ("at");
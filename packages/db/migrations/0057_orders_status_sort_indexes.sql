CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status","total_cents" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_status_client_name_idx" ON "orders" USING btree ("status","client_name","id");
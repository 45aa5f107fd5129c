ALTER TABLE "inv_stock_ledger" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quoted_fabric_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quoted_part_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quoted_labour_cents" integer;--> statement-breakpoint
CREATE INDEX "inv_stock_ledger_item_idx" ON "inv_stock_ledger" USING btree ("order_item_id");
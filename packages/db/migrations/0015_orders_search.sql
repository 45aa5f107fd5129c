DROP INDEX "orders_search_trgm";--> statement-breakpoint
DROP INDEX "orders_client_placed_idx";--> statement-breakpoint
DROP INDEX "orders_status_placed_idx";--> statement-breakpoint
DROP INDEX "orders_placed_idx";--> statement-breakpoint
ALTER TABLE "orders" drop column "order_number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" text GENERATED ALWAYS AS ('SO-' || lpad(id::text, greatest(6, length(id::text)), '0')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The orders stored before: their tokens as orderSearchTokens (packages/db/src/schema/orders.ts) makes them.
UPDATE "orders" o SET "search_tokens" = coalesce((
  SELECT array_agg(DISTINCT t ORDER BY t) FROM (
    SELECT left(w, 64) AS w FROM (
      SELECT regexp_split_to_table(lower(v), '\s+') AS w
      FROM unnest(array[o.po_number, o.external_order_id, o.client_name, c.site_name, o.ship_name]
        || array(SELECT x FROM "order_items" i, unnest(array[i.sku, i.style_code]) x WHERE i.order_id = o.id)) v
    ) words
  ) cut,
  LATERAL (
    SELECT cut.w AS t
    UNION ALL
    SELECT substr(cut.w, p + 1) FROM generate_series(1, length(cut.w)) p WHERE substr(cut.w, p, 1) = '-'
  ) parts
  WHERE t <> ''
), '{}') FROM "clients" c WHERE c.client_id = o.client_id;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array['so-' || lpad("id"::text, greatest(6, length("id"::text)), '0'), lpad("id"::text, greatest(6, length("id"::text)), '0')] || "search_tokens")) STORED;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "orders_client_placed_idx" ON "orders" USING btree ("client_id","placed_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at" DESC NULLS FIRST,"id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "line_codes";
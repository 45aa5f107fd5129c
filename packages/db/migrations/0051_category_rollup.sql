CREATE TABLE "sales_daily_categories" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"category" text NOT NULL,
	"style_code" text NOT NULL,
	"style_name" text NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_categories_pk" PRIMARY KEY("day","client_id","factory_id","category","style_code")
);
--> statement-breakpoint
-- Home Goods reads a line's category from its style (issue 18): a style's category changed, or a
-- line's style changed (a style deleted sets it null), changes the rolled-up days of those lines.
CREATE FUNCTION hub_rollup_style_category_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hub_mark_rollup_days(array(
    SELECT DISTINCT (o.placed_at AT TIME ZONE 'UTC')::date FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.style_id = NEW.id AND hub_rollup_settled(o.placed_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lib_styles_rollup_category AFTER UPDATE OF category ON lib_styles FOR EACH ROW
  WHEN (OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION hub_rollup_style_category_changed();
--> statement-breakpoint
DROP TRIGGER order_items_rollup_update ON order_items;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_update AFTER UPDATE ON order_items FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.line_total_cents IS DISTINCT FROM NEW.line_total_cents
    OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.style_code IS DISTINCT FROM NEW.style_code
    OR OLD.style_name IS DISTINCT FROM NEW.style_name OR OLD.options IS DISTINCT FROM NEW.options
    OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.style_id IS DISTINCT FROM NEW.style_id
    OR (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled'))
  EXECUTE FUNCTION hub_rollup_items_changed();
--> statement-breakpoint
-- The new grain has no rows yet: the next refresh rolls every grain up again from the first day
-- (as migrations 0047 and 0048 did).
DELETE FROM rollup_state;

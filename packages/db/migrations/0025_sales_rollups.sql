CREATE TABLE "ledger_daily" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_day_client_id_factory_id_pk" PRIMARY KEY("day","client_id","factory_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty_days" (
	"day" date PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"source" text NOT NULL,
	"client_name" text NOT NULL,
	"orders" integer NOT NULL,
	"placed_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_day_client_id_factory_id_source_pk" PRIMARY KEY("day","client_id","factory_id","source")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_coupons" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"orders" integer NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"placed_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_coupons_pk" PRIMARY KEY("day","client_id","factory_id","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_heat" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_heat_day_client_id_factory_id_size_colour_pk" PRIMARY KEY("day","client_id","factory_id","size","colour")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_lines" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"style_code" text NOT NULL,
	"sku" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"style_name" text NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_lines_pk" PRIMARY KEY("day","client_id","factory_id","style_code","sku","size","colour")
);
--> statement-breakpoint
CREATE TABLE "sales_monthly_lines" (
	"month" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"style_code" text NOT NULL,
	"sku" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"style_name" text NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_monthly_lines_pk" PRIMARY KEY("month","client_id","factory_id","style_code","sku","size","colour")
);
--> statement-breakpoint
-- Past days whose sales or ledger rows change are marked dirty in the changing transaction (the
-- dashboards read a dirty day from the source until the rollup refresh rebuilds it). "Today" is the
-- clock's, not the transaction's: a placing that began before midnight and writes after it marks
-- its day. Placing itself writes today's rows and marks nothing.
CREATE FUNCTION hub_mark_rollup_days(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_dirty_days (day)
  SELECT DISTINCT d FROM unnest(days) d
  WHERE d IS NOT NULL AND d < (clock_timestamp() AT TIME ZONE 'UTC')::date
  ORDER BY d
  ON CONFLICT (day) DO UPDATE SET marked_at = excluded.marked_at;
END $$;
--> statement-breakpoint
CREATE FUNCTION hub_rollup_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Placing writes today's rows: nothing to mark, and no further statement.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE placed_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (placed_at AT TIME ZONE 'UTC')::date FROM new_rows
      WHERE placed_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(SELECT (placed_at AT TIME ZONE 'UTC')::date FROM old_rows));
  ELSE
    PERFORM hub_mark_rollup_days(array[(OLD.placed_at AT TIME ZONE 'UTC')::date, (NEW.placed_at AT TIME ZONE 'UTC')::date]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.discount_cents IS DISTINCT FROM NEW.discount_cents
    OR OLD.coupon_code IS DISTINCT FROM NEW.coupon_code OR OLD.source IS DISTINCT FROM NEW.source
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.factory_id IS DISTINCT FROM NEW.factory_id
    OR OLD.client_name IS DISTINCT FROM NEW.client_name OR OLD.placed_at IS DISTINCT FROM NEW.placed_at)
  EXECUTE FUNCTION hub_rollup_orders_changed();
--> statement-breakpoint
CREATE FUNCTION hub_rollup_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No INSERT trigger: lines are written with their order (placing, a remake, a bulk load), whose
  -- own INSERT marks a past day; a line edit changes the order's total too.
  IF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (o.placed_at AT TIME ZONE 'UTC')::date FROM old_rows n JOIN orders o ON o.id = n.order_id));
  ELSE
    PERFORM hub_mark_rollup_days(array(
      SELECT (o.placed_at AT TIME ZONE 'UTC')::date FROM orders o WHERE o.id IN (OLD.order_id, NEW.order_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_update AFTER UPDATE ON order_items FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.line_total_cents IS DISTINCT FROM NEW.line_total_cents
    OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.style_code IS DISTINCT FROM NEW.style_code
    OR OLD.style_name IS DISTINCT FROM NEW.style_name OR OLD.options IS DISTINCT FROM NEW.options
    OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR (OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled'))
  EXECUTE FUNCTION hub_rollup_items_changed();
--> statement-breakpoint
CREATE FUNCTION hub_rollup_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE created_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM new_rows
      WHERE created_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(SELECT (created_at AT TIME ZONE 'UTC')::date FROM old_rows));
  ELSE
    PERFORM hub_mark_rollup_days(array[(OLD.created_at AT TIME ZONE 'UTC')::date, (NEW.created_at AT TIME ZONE 'UTC')::date]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER billing_ledger_rollup_insert AFTER INSERT ON billing_ledger REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER billing_ledger_rollup_delete AFTER DELETE ON billing_ledger REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER billing_ledger_rollup_update AFTER UPDATE ON billing_ledger FOR EACH ROW
  WHEN (OLD.amount_cents IS DISTINCT FROM NEW.amount_cents OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.client_id IS DISTINCT FROM NEW.client_id
    OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION hub_rollup_ledger_changed();

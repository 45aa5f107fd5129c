ALTER TABLE "rollup_state" ADD COLUMN "partial_until" timestamp with time zone;--> statement-breakpoint
-- The refresh now also rolls up the current day, for the rows older than its margin (15 minutes, as
-- for closing a day). So a change marks the day of a row older than the margin (it may be in a
-- rollup), today included, and never a row newer than it (placing, a charge settled seconds after it
-- was made: those are read from the source by every view until the next refresh passes them).
-- The test reads the clock as it is now (clock_timestamp), so it is volatile.
CREATE OR REPLACE FUNCTION hub_mark_rollup_days(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_dirty_days (day)
  SELECT DISTINCT d FROM unnest(days) d
  WHERE d IS NOT NULL
  ORDER BY d
  ON CONFLICT (day) DO UPDATE SET marked_at = excluded.marked_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hub_rollup_settled(at timestamptz) RETURNS boolean LANGUAGE sql VOLATILE AS $$
  SELECT at < clock_timestamp() - interval '15 minutes'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hub_rollup_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Placing writes rows of this moment: nothing to mark, and no further statement.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE hub_rollup_settled(placed_at)) THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (placed_at AT TIME ZONE 'UTC')::date FROM new_rows WHERE hub_rollup_settled(placed_at)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (placed_at AT TIME ZONE 'UTC')::date FROM old_rows WHERE hub_rollup_settled(placed_at)));
  ELSE
    PERFORM hub_mark_rollup_days(array[
      CASE WHEN hub_rollup_settled(OLD.placed_at) THEN (OLD.placed_at AT TIME ZONE 'UTC')::date END,
      CASE WHEN hub_rollup_settled(NEW.placed_at) THEN (NEW.placed_at AT TIME ZONE 'UTC')::date END]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hub_rollup_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No INSERT trigger: lines are written with their order (placing, a remake, a bulk load), whose
  -- own INSERT marks a settled day; a line edit changes the order's total too.
  IF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (o.placed_at AT TIME ZONE 'UTC')::date FROM old_rows n JOIN orders o ON o.id = n.order_id
      WHERE hub_rollup_settled(o.placed_at)));
  ELSE
    PERFORM hub_mark_rollup_days(array(
      SELECT (o.placed_at AT TIME ZONE 'UTC')::date FROM orders o
      WHERE o.id IN (OLD.order_id, NEW.order_id) AND hub_rollup_settled(o.placed_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hub_rollup_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE hub_rollup_settled(created_at)) THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM new_rows WHERE hub_rollup_settled(created_at)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM old_rows WHERE hub_rollup_settled(created_at)));
  ELSE
    PERFORM hub_mark_rollup_days(array[
      CASE WHEN hub_rollup_settled(OLD.created_at) THEN (OLD.created_at AT TIME ZONE 'UTC')::date END,
      CASE WHEN hub_rollup_settled(NEW.created_at) THEN (NEW.created_at AT TIME ZONE 'UTC')::date END]);
  END IF;
  RETURN NULL;
END $$;

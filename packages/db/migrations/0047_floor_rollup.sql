CREATE TABLE "floor_daily_events" (
	"day" date NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"to_status" text NOT NULL,
	"station_id" integer,
	"actor" text NOT NULL,
	"events" integer NOT NULL,
	"hours" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_daily_qc" (
	"day" date NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"station_id" integer,
	"reason_id" integer,
	"style_id" integer,
	"actor" text NOT NULL,
	"inspections" integer NOT NULL,
	"fails" integer NOT NULL,
	"first_inspected" integer NOT NULL,
	"first_passed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_daily_qc_units" (
	"day" date NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"since" date NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_daily_recuts" (
	"day" date NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"recuts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "floor_daily_events_day_idx" ON "floor_daily_events" USING btree ("day","factory_id","client_id");--> statement-breakpoint
CREATE INDEX "floor_daily_qc_day_idx" ON "floor_daily_qc" USING btree ("day","factory_id","client_id");--> statement-breakpoint
CREATE INDEX "floor_daily_qc_units_day_idx" ON "floor_daily_qc_units" USING btree ("day","factory_id","client_id");--> statement-breakpoint
CREATE INDEX "floor_daily_recuts_day_idx" ON "floor_daily_recuts" USING btree ("day","factory_id","client_id");--> statement-breakpoint
CREATE INDEX "floor_units_status_tenant_idx" ON "floor_units" USING btree ("status","factory_id","client_id");--> statement-breakpoint
CREATE INDEX "floor_units_recut_created_idx" ON "floor_units" USING btree ("created_at") WHERE attempt > 1;--> statement-breakpoint
CREATE INDEX "shipments_shipped_at_idx" ON "shipments" USING btree ("shipped_at");--> statement-breakpoint
-- The floor rollup (ADR 0014) shares the sales rollups' refresh, state and dirty days: a change to
-- a floor row older than the margin (hub_rollup_settled) marks its day, in the changing
-- transaction; scans and QC results written now mark nothing. Every day so far is rolled up again by
-- the next refresh (the floor tables are new), read from the source meanwhile.
DELETE FROM rollup_state;
--> statement-breakpoint
CREATE FUNCTION hub_rollup_unit_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A scan writes rows of this moment: nothing to mark, and no further statement.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE hub_rollup_settled(at)) THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (at AT TIME ZONE 'UTC')::date FROM new_rows WHERE hub_rollup_settled(at)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (at AT TIME ZONE 'UTC')::date FROM old_rows WHERE hub_rollup_settled(at)));
  ELSE
    PERFORM hub_mark_rollup_days(array[
      CASE WHEN hub_rollup_settled(OLD.at) THEN (OLD.at AT TIME ZONE 'UTC')::date END,
      CASE WHEN hub_rollup_settled(NEW.at) THEN (NEW.at AT TIME ZONE 'UTC')::date END]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_unit_events_rollup_insert AFTER INSERT ON floor_unit_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_unit_events_changed();
--> statement-breakpoint
CREATE TRIGGER floor_unit_events_rollup_delete AFTER DELETE ON floor_unit_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_unit_events_changed();
--> statement-breakpoint
CREATE TRIGGER floor_unit_events_rollup_update AFTER UPDATE ON floor_unit_events FOR EACH ROW
  WHEN (OLD.at IS DISTINCT FROM NEW.at OR OLD.to_status IS DISTINCT FROM NEW.to_status
    OR OLD.station_id IS DISTINCT FROM NEW.station_id OR OLD.actor IS DISTINCT FROM NEW.actor
    OR OLD.unit_id IS DISTINCT FROM NEW.unit_id)
  EXECUTE FUNCTION hub_rollup_unit_events_changed();
--> statement-breakpoint
-- An inspection's figures depend on its unit's other inspections (the first by id is the first
-- pass; the previous by time tells a unit already counted in a range), so a settled change marks
-- the days of every settled inspection of the units it touches, its own included.
CREATE FUNCTION hub_mark_qc_units_days(units int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hub_mark_rollup_days(array(
    SELECT DISTINCT (q.at AT TIME ZONE 'UTC')::date FROM floor_qc_inspections q
    WHERE q.unit_id = any(units) AND hub_rollup_settled(q.at)));
END $$;
--> statement-breakpoint
CREATE FUNCTION hub_rollup_qc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A QC result of this moment is the newest of its unit: it changes no settled day.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE hub_rollup_settled(at)) THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_qc_units_days(array(SELECT DISTINCT unit_id FROM new_rows WHERE hub_rollup_settled(at)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (at AT TIME ZONE 'UTC')::date FROM old_rows WHERE hub_rollup_settled(at)));
    PERFORM hub_mark_qc_units_days(array(SELECT DISTINCT unit_id FROM old_rows));
  ELSE
    PERFORM hub_mark_rollup_days(array[
      CASE WHEN hub_rollup_settled(OLD.at) THEN (OLD.at AT TIME ZONE 'UTC')::date END,
      CASE WHEN hub_rollup_settled(NEW.at) THEN (NEW.at AT TIME ZONE 'UTC')::date END]);
    IF OLD.at IS DISTINCT FROM NEW.at OR OLD.unit_id IS DISTINCT FROM NEW.unit_id THEN
      PERFORM hub_mark_qc_units_days(array[OLD.unit_id, NEW.unit_id]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_qc_inspections_rollup_insert AFTER INSERT ON floor_qc_inspections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_qc_changed();
--> statement-breakpoint
CREATE TRIGGER floor_qc_inspections_rollup_delete AFTER DELETE ON floor_qc_inspections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_qc_changed();
--> statement-breakpoint
CREATE TRIGGER floor_qc_inspections_rollup_update AFTER UPDATE ON floor_qc_inspections FOR EACH ROW
  WHEN (OLD.at IS DISTINCT FROM NEW.at OR OLD.passed IS DISTINCT FROM NEW.passed
    OR OLD.station_id IS DISTINCT FROM NEW.station_id OR OLD.reason_id IS DISTINCT FROM NEW.reason_id
    OR OLD.actor IS DISTINCT FROM NEW.actor OR OLD.unit_id IS DISTINCT FROM NEW.unit_id)
  EXECUTE FUNCTION hub_rollup_qc_changed();
--> statement-breakpoint
-- A unit: its recut count by the day it was created, and the tenant and style its events and
-- inspections are rolled up under. A status change (every scan) does not fire.
CREATE FUNCTION hub_rollup_units_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Units are released now; a bulk load of past recuts marks their days.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE attempt > 1 AND hub_rollup_settled(created_at)) THEN
      RETURN NULL;
    END IF;
    PERFORM hub_mark_rollup_days(array(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM new_rows WHERE attempt > 1 AND hub_rollup_settled(created_at)));
  ELSIF TG_OP = 'DELETE' THEN
    -- Its events and inspections go with it (their own triggers mark their days).
    PERFORM hub_mark_rollup_days(array(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM old_rows WHERE attempt > 1 AND hub_rollup_settled(created_at)));
  ELSE
    PERFORM hub_mark_rollup_days(array[
      CASE WHEN hub_rollup_settled(OLD.created_at) AND OLD.attempt > 1 THEN (OLD.created_at AT TIME ZONE 'UTC')::date END,
      CASE WHEN hub_rollup_settled(NEW.created_at) AND NEW.attempt > 1 THEN (NEW.created_at AT TIME ZONE 'UTC')::date END]);
    IF OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.factory_id IS DISTINCT FROM NEW.factory_id
      OR OLD.style_id IS DISTINCT FROM NEW.style_id THEN
      PERFORM hub_mark_rollup_days(array(
        SELECT DISTINCT (e.at AT TIME ZONE 'UTC')::date FROM floor_unit_events e
        WHERE e.unit_id = NEW.id AND hub_rollup_settled(e.at)));
      PERFORM hub_mark_qc_units_days(array[NEW.id]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_units_rollup_insert AFTER INSERT ON floor_units REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_units_changed();
--> statement-breakpoint
CREATE TRIGGER floor_units_rollup_delete AFTER DELETE ON floor_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_units_changed();
--> statement-breakpoint
CREATE TRIGGER floor_units_rollup_update AFTER UPDATE ON floor_units FOR EACH ROW
  WHEN (OLD.attempt IS DISTINCT FROM NEW.attempt OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.factory_id IS DISTINCT FROM NEW.factory_id
    OR OLD.style_id IS DISTINCT FROM NEW.style_id)
  EXECUTE FUNCTION hub_rollup_units_changed();

CREATE TABLE "floor_daily_stays" (
	"day" date NOT NULL,
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"from_status" text,
	"station_id" integer,
	"bucket" integer NOT NULL,
	"stays" integer NOT NULL,
	"seconds" double precision NOT NULL,
	"min_seconds" double precision NOT NULL,
	"max_seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "floor_daily_stays_day_idx" ON "floor_daily_stays" USING btree ("day","factory_id","client_id");--> statement-breakpoint
-- Every day is rolled up again by the next refresh (the stays table is new), read from the source
-- meanwhile, as migration 0047 did.
DELETE FROM rollup_state;
--> statement-breakpoint
-- A stay ends at an event and began at the unit's previous event (by id). Deleting an event, or
-- changing its moment, state or unit, changes the stay of the unit's next event too: its day is
-- marked here (the event's own day is marked by 0047's triggers, which also watch `from_status` now).
CREATE FUNCTION hub_rollup_stays_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM hub_mark_rollup_days(array(
      SELECT (n.at AT TIME ZONE 'UTC')::date FROM old_rows o
      CROSS JOIN LATERAL (SELECT e.at FROM floor_unit_events e WHERE e.unit_id = o.unit_id AND e.id > o.id
        ORDER BY e.id LIMIT 1) n
      WHERE hub_rollup_settled(n.at)));
  ELSE
    PERFORM hub_mark_rollup_days(array(
      SELECT (n.at AT TIME ZONE 'UTC')::date FROM (VALUES (OLD.unit_id, OLD.id), (NEW.unit_id, NEW.id)) AS o(unit_id, id)
      CROSS JOIN LATERAL (SELECT e.at FROM floor_unit_events e WHERE e.unit_id = o.unit_id AND e.id > o.id
        ORDER BY e.id LIMIT 1) n
      WHERE hub_rollup_settled(n.at)));
    IF OLD.from_status IS DISTINCT FROM NEW.from_status AND hub_rollup_settled(NEW.at) THEN
      PERFORM hub_mark_rollup_days(array[(NEW.at AT TIME ZONE 'UTC')::date]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_unit_events_stays_delete AFTER DELETE ON floor_unit_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_rollup_stays_changed();
--> statement-breakpoint
CREATE TRIGGER floor_unit_events_stays_update AFTER UPDATE ON floor_unit_events FOR EACH ROW
  WHEN (OLD.at IS DISTINCT FROM NEW.at OR OLD.from_status IS DISTINCT FROM NEW.from_status
    OR OLD.unit_id IS DISTINCT FROM NEW.unit_id)
  EXECUTE FUNCTION hub_rollup_stays_changed();

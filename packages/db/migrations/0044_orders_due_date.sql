DROP INDEX "orders_floor_due_idx";--> statement-breakpoint
ALTER TABLE "factory_settings" ADD COLUMN "lead_working_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- Kept by hand (drizzle-kit does not write functions or triggers). The orders stored before keep the
-- due date the old rule gave them: the requested ship date, else placing (UTC) + 14 calendar days.
UPDATE "orders" SET "due_date" = coalesce("requested_ship_date", (("placed_at" AT TIME ZONE 'UTC') + interval '14 days')::date);--> statement-breakpoint
CREATE INDEX "orders_floor_due_idx" ON "orders" USING btree ("factory_id","due_date","id") WHERE "orders"."released_at" is not null;--> statement-breakpoint
-- The facility's lead time in working days after placing, on its calendar (Factory Config): a placing
-- on a working day before the day's end counts from that day, else from the next working day. The
-- defaults are the contracts' FACTORY_SETTINGS_DEFAULTS (Mon-Fri, 17:00, UTC, 10 working days) for a
-- facility that never saved its settings; factory-config.test.ts checks they agree.
CREATE FUNCTION "hub_floor_due_date"("p_factory" integer, "p_placed" timestamptz) RETURNS date
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  week constant text[] := ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  days text[] := ARRAY['mon', 'tue', 'wed', 'thu', 'fri'];
  day_end time := '17:00';
  zone text := 'UTC';
  lead integer := 10;
  local_at timestamp;
  d date;
  n integer := 0;
BEGIN
  SELECT s."working_days", s."workday_end"::time, s."time_zone", s."lead_working_days"
    INTO days, day_end, zone, lead
    FROM "factory_settings" s WHERE s."factory_id" = p_factory;
  IF NOT FOUND THEN
    days := ARRAY['mon', 'tue', 'wed', 'thu', 'fri']; day_end := '17:00'; zone := 'UTC'; lead := 10;
  END IF;
  local_at := p_placed AT TIME ZONE zone;
  d := local_at::date;
  IF NOT (week[extract(isodow FROM d)::int] = ANY (days)) OR local_at::time >= day_end THEN
    LOOP
      d := d + 1;
      EXIT WHEN week[extract(isodow FROM d)::int] = ANY (days);
    END LOOP;
  END IF;
  WHILE n < lead LOOP
    d := d + 1;
    IF week[extract(isodow FROM d)::int] = ANY (days) THEN n := n + 1; END IF;
  END LOOP;
  RETURN d;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_due_date_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."requested_ship_date" IS NOT DISTINCT FROM NEW."requested_ship_date" THEN
    RETURN NEW;
  END IF;
  NEW."due_date" := coalesce(NEW."requested_ship_date", "hub_floor_due_date"(NEW."factory_id", NEW."placed_at"));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_due_date" BEFORE INSERT OR UPDATE OF "requested_ship_date" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_due_date_fill"();

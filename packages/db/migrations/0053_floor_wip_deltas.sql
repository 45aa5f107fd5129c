CREATE TABLE "floor_wip" (
	"factory_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
-- Work in progress as deltas (ADR 0014): every statement that writes floor units adds, in its own
-- transaction, one row per (facility, client, state) it changed: +n entered, −n left. Insert-only,
-- so concurrent scans never wait on each other; the refresh compacts them every minute.
CREATE FUNCTION hub_floor_wip_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO floor_wip (factory_id, client_id, status, units)
      SELECT factory_id, client_id, status, count(*)::int FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO floor_wip (factory_id, client_id, status, units)
      SELECT factory_id, client_id, status, -count(*)::int FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO floor_wip (factory_id, client_id, status, units)
      SELECT factory_id, client_id, status, sum(d)::int FROM (
        SELECT n.factory_id, n.client_id, n.status, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (n.status, n.factory_id, n.client_id) IS DISTINCT FROM (o.status, o.factory_id, o.client_id)
        UNION ALL
        SELECT o.factory_id, o.client_id, o.status, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (n.status, n.factory_id, n.client_id) IS DISTINCT FROM (o.status, o.factory_id, o.client_id)
      ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_units_wip_insert AFTER INSERT ON floor_units REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_floor_wip_changed();
--> statement-breakpoint
CREATE TRIGGER floor_units_wip_delete AFTER DELETE ON floor_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_floor_wip_changed();
--> statement-breakpoint
CREATE TRIGGER floor_units_wip_update AFTER UPDATE ON floor_units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_floor_wip_changed();
--> statement-breakpoint
-- The units there are now, one row per key.
INSERT INTO floor_wip (factory_id, client_id, status, units)
  SELECT factory_id, client_id, status, count(*)::int FROM floor_units GROUP BY 1, 2, 3;

-- Floor units and their events name the floor's and the library's rows without foreign keys (issue
-- 21, ADR 0003): every key was looked up, and its row locked, for every unit released (about 200 a
-- paid order) and every scan, even when the unit names none (a key on a null column still fires).
-- What the keys did on a parent's delete, these triggers do: set the references null, or delete a
-- deleted unit's events; one statement a delete, from its transition table.
ALTER TABLE "floor_unit_events" DROP CONSTRAINT "floor_unit_events_unit_id_floor_units_id_fk";--> statement-breakpoint
ALTER TABLE "floor_unit_events" DROP CONSTRAINT "floor_unit_events_station_id_floor_stations_id_fk";--> statement-breakpoint
ALTER TABLE "floor_unit_events" DROP CONSTRAINT "floor_unit_events_actor_user_id_users_user_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_recut_of_id_floor_units_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_style_id_lib_styles_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_fabric_id_lib_fabrics_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_print_file_id_stored_files_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_tote_id_floor_totes_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_cut_ticket_id_floor_cut_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "floor_units" DROP CONSTRAINT "floor_units_station_id_floor_stations_id_fk";--> statement-breakpoint
CREATE FUNCTION hub_unlink_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the child table, its column naming the parent, the parent's key, and 'null' or 'delete'.
  IF TG_ARGV[3] = 'delete' THEN
    EXECUTE format('delete from %I where %I in (select %I from old_rows)', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  ELSE
    EXECUTE format('update %I set %I = null where %I in (select %I from old_rows)',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1], TG_ARGV[2]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER floor_units_events_delete AFTER DELETE ON floor_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_unit_events', 'unit_id', 'id', 'delete');--> statement-breakpoint
CREATE TRIGGER floor_units_recuts_unlink AFTER DELETE ON floor_units REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'recut_of_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER lib_styles_units_unlink AFTER DELETE ON lib_styles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'style_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER lib_fabrics_units_unlink AFTER DELETE ON lib_fabrics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'fabric_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER stored_files_units_unlink AFTER DELETE ON stored_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'print_file_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER floor_totes_units_unlink AFTER DELETE ON floor_totes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'tote_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER floor_cut_tickets_units_unlink AFTER DELETE ON floor_cut_tickets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'cut_ticket_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER floor_stations_units_unlink AFTER DELETE ON floor_stations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_units', 'station_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER floor_stations_events_unlink AFTER DELETE ON floor_stations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_unit_events', 'station_id', 'id', 'null');--> statement-breakpoint
CREATE TRIGGER users_unit_events_unlink AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hub_unlink_deleted('floor_unit_events', 'actor_user_id', 'user_id', 'null');

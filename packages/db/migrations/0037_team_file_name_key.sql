ALTER TABLE "pd_team_files" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "pd_team_files_name_idx" ON "pd_team_files" USING btree ("team_id","folder_id","name_key","file_id") WHERE "pd_team_files"."deleted_at" is null;--> statement-breakpoint
-- Kept by hand (drizzle-kit does not write triggers): name_key follows the stored file's name.
UPDATE "pd_team_files" tf SET "name_key" = lower(s."file_name") FROM "stored_files" s WHERE s."id" = tf."file_id";--> statement-breakpoint
CREATE FUNCTION "pd_team_files_name_key_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."name_key" := coalesce((SELECT lower("file_name") FROM "stored_files" WHERE "id" = NEW."file_id"), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "pd_team_files_name_key_fill" BEFORE INSERT OR UPDATE OF "file_id" ON "pd_team_files"
  FOR EACH ROW EXECUTE FUNCTION "pd_team_files_name_key_fill"();--> statement-breakpoint
CREATE FUNCTION "stored_files_name_key_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pd_team_files" SET "name_key" = lower(NEW."file_name") WHERE "file_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stored_files_name_key_follow" AFTER UPDATE OF "file_name" ON "stored_files"
  FOR EACH ROW WHEN (OLD."file_name" IS DISTINCT FROM NEW."file_name") EXECUTE FUNCTION "stored_files_name_key_follow"();

CREATE TABLE "pd_file_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "storage_quota_bytes" bigint DEFAULT 1073741824 NOT NULL;--> statement-breakpoint
ALTER TABLE "pd_team_files" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "pd_team_files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pd_file_folders" ADD CONSTRAINT "pd_file_folders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_file_folders" ADD CONSTRAINT "pd_file_folders_parent_id_pd_file_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pd_file_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pd_file_folders_name_key" ON "pd_file_folders" USING btree ("team_id",coalesce("parent_id", 0),lower("name")) WHERE "pd_file_folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pd_file_folders_parent_idx" ON "pd_file_folders" USING btree ("team_id","parent_id");--> statement-breakpoint
ALTER TABLE "pd_team_files" ADD CONSTRAINT "pd_team_files_folder_id_pd_file_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."pd_file_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pd_team_files_folder_idx" ON "pd_team_files" USING btree ("team_id","folder_id");
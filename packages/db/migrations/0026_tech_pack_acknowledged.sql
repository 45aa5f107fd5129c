ALTER TABLE "pd_tech_pack_sends" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_sends" ADD COLUMN "acknowledged_by" text;
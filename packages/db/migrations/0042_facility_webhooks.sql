ALTER TABLE "hub_events" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hub_events" ADD COLUMN "factory_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "factory_id" integer;--> statement-breakpoint
ALTER TABLE "hub_events" ADD CONSTRAINT "hub_events_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_events_factory_idx" ON "hub_events" USING btree ("factory_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_factory_idx" ON "webhook_endpoints" USING btree ("factory_id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_one_owner" CHECK (num_nonnulls("webhook_endpoints"."client_id", "webhook_endpoints"."factory_id") = 1);--> statement-breakpoint
-- Events raised before facilities had endpoints: the facility that serves their client (hand-written).
UPDATE "hub_events" e SET "factory_id" = c."factory_id" FROM "clients" c WHERE c."client_id" = e."client_id" AND e."factory_id" IS NULL;
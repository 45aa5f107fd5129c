CREATE TABLE "lib_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"resource" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"row_count" integer NOT NULL,
	"create_count" integer DEFAULT 0 NOT NULL,
	"update_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb NOT NULL,
	"rows" jsonb,
	"idempotency_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lib_imports" ADD CONSTRAINT "lib_imports_factory_id_factories_factory_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("factory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_imports" ADD CONSTRAINT "lib_imports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lib_imports_idempotency_key" ON "lib_imports" USING btree ("factory_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "lib_imports_created_idx" ON "lib_imports" USING btree ("created_at");
CREATE TABLE "pd_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'concept' NOT NULL,
	"season" text,
	"category" text,
	"collection" text,
	"batch" text,
	"fit" text,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_cost_cents" integer,
	"target_price_cents" integer,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(code || ' ' || name || ' ' || coalesce(collection, '') || ' ' || coalesce(batch, '') || ' ' || coalesce(season, '') || ' ' || coalesce(category, ''))) STORED,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tech_pack_id" integer NOT NULL,
	"action" text NOT NULL,
	"comment" text,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tech_pack_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tab" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_parts" (
	"tech_pack_id" integer NOT NULL,
	"tab" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_tech_pack_parts_tech_pack_id_tab_pk" PRIMARY KEY("tech_pack_id","tab")
);
--> statement-breakpoint
CREATE TABLE "pd_tech_pack_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"assignee_user_id" integer,
	"due_date" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_tech_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"approval_state" text DEFAULT 'draft' NOT NULL,
	"note" text,
	"sent_to_factory_at" timestamp with time zone,
	"sent_to_factory_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pd_products" ADD CONSTRAINT "pd_products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_approvals" ADD CONSTRAINT "pd_tech_pack_approvals_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_history" ADD CONSTRAINT "pd_tech_pack_history_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_parts" ADD CONSTRAINT "pd_tech_pack_parts_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_tasks" ADD CONSTRAINT "pd_tech_pack_tasks_product_id_pd_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pd_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_pack_tasks" ADD CONSTRAINT "pd_tech_pack_tasks_assignee_user_id_users_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_tech_packs" ADD CONSTRAINT "pd_tech_packs_product_id_pd_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pd_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pd_products_code_key" ON "pd_products" USING btree ("team_id",lower("code"));--> statement-breakpoint
CREATE INDEX "pd_products_team_status_idx" ON "pd_products" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "pd_products_team_updated_idx" ON "pd_products" USING btree ("team_id","updated_at");--> statement-breakpoint
CREATE INDEX "pd_products_search_idx" ON "pd_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pd_tech_pack_approvals_pack_idx" ON "pd_tech_pack_approvals" USING btree ("tech_pack_id");--> statement-breakpoint
CREATE INDEX "pd_tech_pack_history_pack_idx" ON "pd_tech_pack_history" USING btree ("tech_pack_id","id");--> statement-breakpoint
CREATE INDEX "pd_tech_pack_tasks_product_idx" ON "pd_tech_pack_tasks" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pd_tech_packs_version_key" ON "pd_tech_packs" USING btree ("product_id","version");
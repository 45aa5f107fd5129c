CREATE TABLE "lib_style_sources" (
	"style_id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"tech_pack_id" integer NOT NULL,
	"out_of_date_tech_pack_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lib_style_sources" ADD CONSTRAINT "lib_style_sources_style_id_lib_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."lib_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_sources" ADD CONSTRAINT "lib_style_sources_product_id_pd_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pd_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_sources" ADD CONSTRAINT "lib_style_sources_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_style_sources" ADD CONSTRAINT "lib_style_sources_out_of_date_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("out_of_date_tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lib_style_sources_product_idx" ON "lib_style_sources" USING btree ("product_id");
CREATE TABLE "pd_tech_pack_translations" (
	"tech_pack_id" integer NOT NULL,
	"lang" text NOT NULL,
	"texts" jsonb NOT NULL,
	"translated_by" text,
	"translated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_tech_pack_translations_tech_pack_id_lang_pk" PRIMARY KEY("tech_pack_id","lang")
);
--> statement-breakpoint
ALTER TABLE "pd_tech_pack_translations" ADD CONSTRAINT "pd_tech_pack_translations_tech_pack_id_pd_tech_packs_id_fk" FOREIGN KEY ("tech_pack_id") REFERENCES "public"."pd_tech_packs"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "record_tab_versions" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"tab" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "record_tab_versions_kind_record_id_tab_pk" PRIMARY KEY("kind","record_id","tab")
);

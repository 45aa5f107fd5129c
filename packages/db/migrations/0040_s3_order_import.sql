CREATE TABLE "s3_order_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"object_key" text NOT NULL,
	"etag" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" text DEFAULT 'importing' NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"orders_placed" integer DEFAULT 0 NOT NULL,
	"already_placed" integer DEFAULT 0 NOT NULL,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"message" text,
	"report" text,
	"moved_to" text,
	"moved_at" timestamp with time zone,
	"import_id" text
);
--> statement-breakpoint
ALTER TABLE "s3_order_imports" ADD CONSTRAINT "s3_order_imports_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "s3_order_imports_object_key" ON "s3_order_imports" USING btree ("client_id","object_key","etag");--> statement-breakpoint
CREATE INDEX "s3_order_imports_client_idx" ON "s3_order_imports" USING btree ("client_id","claimed_at");
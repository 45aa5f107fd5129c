ALTER TABLE "lib_fabrics" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "lib_parts" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "lib_fabrics" ADD CONSTRAINT "lib_fabrics_supplier_id_inv_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."inv_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lib_parts" ADD CONSTRAINT "lib_parts_supplier_id_inv_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."inv_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Materials whose free-text supplier names one of the facility's suppliers (by code or name) point at it.
UPDATE "lib_fabrics" f SET "supplier_id" = (SELECT min(s."id") FROM "inv_suppliers" s WHERE s."factory_id" = f."factory_id" AND (lower(s."code") = lower(trim(f."supplier")) OR lower(s."name") = lower(trim(f."supplier")))) WHERE f."supplier" IS NOT NULL;--> statement-breakpoint
UPDATE "lib_parts" p SET "supplier_id" = (SELECT min(s."id") FROM "inv_suppliers" s WHERE s."factory_id" = p."factory_id" AND (lower(s."code") = lower(trim(p."supplier")) OR lower(s."name") = lower(trim(p."supplier")))) WHERE p."supplier" IS NOT NULL;

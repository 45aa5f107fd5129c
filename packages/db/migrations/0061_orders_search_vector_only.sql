-- The search tokens lived twice in every order row: as `search_tokens` (text[]) and in the stored
-- `search_vector` generated from them, 680 of a row's 903 bytes at a million orders. The vector is
-- now the only copy: a plain column the service writes its tokens into, and the trigger below adds
-- the order number's words from the id. Rows stored before keep their vector's values (DROP
-- EXPRESSION keeps them); the dropped column's bytes go as rows are rewritten (or VACUUM FULL).
ALTER TABLE "orders" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_vector" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "search_tokens";--> statement-breakpoint
-- Kept by hand (drizzle-kit does not write functions or triggers): the order number's words
-- (`so-000123`, `000123`, as the generated expression wrote them) added to whatever vector an
-- insert, or an update of the vector, writes.
CREATE FUNCTION "orders_search_vector_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  digits text := lpad(NEW."id"::text, greatest(6, length(NEW."id"::text)), '0');
BEGIN
  NEW."search_vector" := coalesce(NEW."search_vector", ''::tsvector) || array_to_tsvector(ARRAY['so-' || digits, digits]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_search_vector" BEFORE INSERT OR UPDATE OF "search_vector" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_search_vector_fill"();

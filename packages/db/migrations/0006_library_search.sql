-- Substring search on large libraries: a lower-cased search column with a trigram index (pg_trgm ships with PostgreSQL's contrib and with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "lib_styles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(code || ' ' || name || ' ' || category)) STORED;--> statement-breakpoint
CREATE INDEX "lib_styles_search_trgm" ON "lib_styles" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "sales_daily_web_keys" (
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"placed_by" text NOT NULL,
	"client_name" text NOT NULL,
	"orders" integer NOT NULL,
	"placed_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_web_keys_pk" PRIMARY KEY("day","client_id","factory_id","placed_by")
);
--> statement-breakpoint
-- The new grain has no rows yet: the next refresh rolls every grain up again from the first day.
-- An order's `placed_by` is written once, at placing, so the orders' triggers need no change.
DELETE FROM rollup_state;

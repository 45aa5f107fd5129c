ALTER TABLE "orders" ADD COLUMN "platform_push" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_error" text;--> statement-breakpoint
CREATE INDEX "orders_platform_push_idx" ON "orders" USING btree ("platform_claimed_at") WHERE "orders"."platform_push" in ('pending', 'sending');
ALTER TABLE "orders" ADD COLUMN "buyer_ip_address" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "event_delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_checkouts_undelivered_idx" ON "sandbox_checkouts" USING btree ("created_at") WHERE "sandbox_checkouts"."event_id" is not null and "sandbox_checkouts"."event_delivered_at" is null;
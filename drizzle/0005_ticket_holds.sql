ALTER TABLE "gigs" ADD COLUMN "tickets_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "band_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "organiser_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_held_within_quantity" CHECK ("gigs"."tickets_held" >= 0 and ("gigs"."ticket_quantity" is null or "gigs"."tickets_sold" + "gigs"."tickets_held" <= "gigs"."ticket_quantity"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_split" CHECK ("orders"."band_share_cents" + "orders"."organiser_share_cents" + "orders"."platform_share_cents" = "orders"."total_cents");
ALTER TABLE "band_followers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "band_followers" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "band_followers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "band_followers" ADD COLUMN "request_ip" text;--> statement-breakpoint
ALTER TABLE "band_followers" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "band_followers_by_ip" ON "band_followers" USING btree ("request_ip","requested_at");--> statement-breakpoint
CREATE INDEX "band_followers_by_email" ON "band_followers" USING btree ("email","confirmation_sent_at");--> statement-breakpoint
ALTER TABLE "band_followers" ADD CONSTRAINT "band_followers_confirmToken_unique" UNIQUE("confirm_token");--> statement-breakpoint
-- Followers recorded before double opt-in keep following: their confirmation e-mail went out.
UPDATE "band_followers" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;

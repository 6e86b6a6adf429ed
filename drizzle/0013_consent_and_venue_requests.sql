CREATE TYPE "public"."promoter_venue_status" AS ENUM('pending', 'accepted', 'declined', 'ended');--> statement-breakpoint
CREATE TABLE "band_bookings" (
	"gig_id" uuid PRIMARY KEY NOT NULL,
	"band_id" text NOT NULL,
	"decline_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone,
	CONSTRAINT "band_bookings_declineTokenHash_unique" UNIQUE("decline_token_hash")
);
--> statement-breakpoint
ALTER TABLE "promoter_venues" ADD COLUMN "status" "promoter_venue_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "promoter_venues" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promoter_venues" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "band_bookings" ADD CONSTRAINT "band_bookings_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_bookings" ADD CONSTRAINT "band_bookings_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "band_bookings_band_id_index" ON "band_bookings" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "promoter_venues_venue_id_status_index" ON "promoter_venues" USING btree ("venue_id","status");--> statement-breakpoint
-- hand-written: associations made before D34 were never asked; they stay in force as accepted (demo ones included).
UPDATE "promoter_venues" SET "status" = 'accepted', "decided_at" = now();

CREATE TABLE "band_notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"venue_id" text NOT NULL,
	"band_ids" text[] NOT NULL,
	"sent_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "managed_artist_id" uuid;--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "followers_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "band_notices" ADD CONSTRAINT "band_notices_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_notices" ADD CONSTRAINT "band_notices_venue_id_venue_profiles_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "band_notices_unsent_idx" ON "band_notices" USING btree ("created_at") WHERE "band_notices"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_managed_artist_id_managed_artists_id_fk" FOREIGN KEY ("managed_artist_id") REFERENCES "public"."managed_artists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gig_applications_band_id_index" ON "gig_applications" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "gig_applications_manager_id_index" ON "gig_applications" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "gigs_followers_unnotified_idx" ON "gigs" USING btree ("approved_at") WHERE "gigs"."is_approved" and "gigs"."followers_notified_at" is null;--> statement-breakpoint
CREATE INDEX "gigs_local_date_idx" ON "gigs" USING btree ("local_date");--> statement-breakpoint
CREATE INDEX "gigs_open_upcoming_idx" ON "gigs" USING btree ("local_date","start_time","id") WHERE not "gigs"."is_approved";--> statement-breakpoint
-- Gigs approved before follower notices existed were never announced; they are not announced now.
UPDATE "gigs" SET "followers_notified_at" = coalesce("approved_at", now()) WHERE "is_approved";

CREATE TYPE "public"."application_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('pending', 'processing', 'completed', 'completed_test');--> statement-breakpoint
CREATE TYPE "public"."gig_status" AS ENUM('open', 'confirmed');--> statement-breakpoint
CREATE TYPE "public"."held_payment_status" AS ENUM('holding', 'released', 'forfeited');--> statement-breakpoint
CREATE TYPE "public"."jam_slot" AS ENUM('artist', 'key', 'drums', 'bass', 'guitar1', 'guitar2', 'keys', 'vocal1', 'other');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('stored', 'queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'expired', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."outreach_package_kind" AS ENUM('standard', 'beta', 'single');--> statement-breakpoint
CREATE TYPE "public"."outreach_type" AS ENUM('opener', 'headline');--> statement-breakpoint
CREATE TYPE "public"."payment_account_status" AS ENUM('not_setup', 'pending', 'complete');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('valid', 'used', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."transfer_kind" AS ENUM('band_share', 'organiser_share');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('paid', 'forfeited');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('fan', 'musician', 'band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space', 'admin');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_extra_gigs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"local_date" date NOT NULL,
	"venue_name" text NOT NULL,
	"ticket_url" text
);
--> statement-breakpoint
CREATE TABLE "band_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"email" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "band_followers_unsubscribeToken_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "band_gallery_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"name" text NOT NULL,
	"instrument" text DEFAULT '' NOT NULL,
	"instagram_handle" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bio" text,
	"performer_type" text DEFAULT 'BAND' NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"content_image_url" text,
	"logo_url" text,
	"instagram_url" text,
	"facebook_url" text,
	"youtube_url" text,
	"spotify_url" text,
	"youtube_channel_url" text,
	"youtube_highlight_url" text,
	"youtube_embed_url" text,
	"spotify_embed_url" text,
	"website" text,
	"phone" text,
	"contact_email" text,
	"contact_phone" text,
	"has_beta_outreach" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_email_kind_pk" PRIMARY KEY("email","kind")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"owner_id" text,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "gear_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" text NOT NULL,
	"email" text,
	"phone" text,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gig_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"band_id" text,
	"manager_id" text,
	"managed_artist_id" uuid,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gig_applications_one_applicant" CHECK (("gig_applications"."band_id" is not null) <> ("gig_applications"."manager_id" is not null and "gig_applications"."managed_artist_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "gigs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region_slug" text NOT NULL,
	"venue_id" text NOT NULL,
	"promoter_id" text,
	"band_id" text,
	"created_by" text,
	"local_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"load_in_sound_check" text DEFAULT '' NOT NULL,
	"compensation" text DEFAULT '' NOT NULL,
	"cover_charge" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"status" "gig_status" DEFAULT 'open' NOT NULL,
	"approved_at" timestamp with time zone,
	"is_ticketed" boolean DEFAULT false NOT NULL,
	"ticket_price_cents" integer,
	"ticket_quantity" integer,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"band_percent" integer DEFAULT 50 NOT NULL,
	"organiser_percent" integer DEFAULT 25 NOT NULL,
	"advance_ticket_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gigs_split_total" CHECK ("gigs"."band_percent" + "gigs"."organiser_percent" = 75),
	CONSTRAINT "gigs_split_range" CHECK ("gigs"."band_percent" between 0 and 75 and "gigs"."organiser_percent" between 0 and 75),
	CONSTRAINT "gigs_sold_within_quantity" CHECK ("gigs"."tickets_sold" >= 0 and ("gigs"."ticket_quantity" is null or "gigs"."tickets_sold" <= "gigs"."ticket_quantity")),
	CONSTRAINT "gigs_price_positive" CHECK ("gigs"."ticket_price_cents" is null or "gigs"."ticket_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "held_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"status" "held_payment_status" DEFAULT 'holding' NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"ticket_count" integer DEFAULT 0 NOT NULL,
	"transfer_id" text,
	"forfeit_reason" text,
	"completed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_payments_gigId_unique" UNIQUE("gig_id")
);
--> statement-breakpoint
CREATE TABLE "jam_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region_slug" text NOT NULL,
	"venue_id" text,
	"local_date" date NOT NULL,
	"location" text NOT NULL,
	"time_start" text NOT NULL,
	"time_end" text NOT NULL,
	"time_zone" text NOT NULL,
	"house_band" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jam_song_slots" (
	"song_id" uuid NOT NULL,
	"slot" "jam_slot" NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jam_song_slots_song_id_slot_pk" PRIMARY KEY("song_id","slot")
);
--> statement-breakpoint
CREATE TABLE "jam_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"song" text DEFAULT '' NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"song_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managed_artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manager_id" text NOT NULL,
	"name" text NOT NULL,
	"genre" text,
	"description" text DEFAULT '' NOT NULL,
	"instagram_url" text,
	"facebook_url" text,
	"spotify_url" text,
	"youtube_url" text,
	"website" text,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instagram_url" text,
	"facebook_url" text,
	"website" text,
	"youtube_channel_url" text,
	"youtube_highlight_url" text,
	"image_url" text,
	"logo_url" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_user_id" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"face_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_providerSessionId_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "orders_total" CHECK ("orders"."total_cents" = "orders"."face_cents" + "orders"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "message_channel" DEFAULT 'email' NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"status" "message_status" DEFAULT 'stored' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"band_id" text NOT NULL,
	"package_id" text NOT NULL,
	"region_slug" text NOT NULL,
	"status" "campaign_status" DEFAULT 'pending' NOT NULL,
	"venues_targeted" integer DEFAULT 0 NOT NULL,
	"venues_reached" integer DEFAULT 0 NOT NULL,
	"responses" integer DEFAULT 0 NOT NULL,
	"custom_message" text,
	"band_draw" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"provider" text,
	"provider_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_campaigns_providerSessionId_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "outreach_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"venue_directory_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"outbox_id" uuid,
	"response_token" text NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_emails_responseToken_unique" UNIQUE("response_token")
);
--> statement-breakpoint
CREATE TABLE "outreach_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "outreach_package_kind" NOT NULL,
	"outreach_type" "outreach_type",
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"description" text NOT NULL,
	"venue_limit" integer NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"allows_custom_message" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" "payment_account_status" DEFAULT 'pending' NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_providerAccountId_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"facebook_url" text,
	"instagram_url" text,
	"youtube_url" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_venues" (
	"promoter_id" text NOT NULL,
	"venue_id" text NOT NULL,
	CONSTRAINT "promoter_venues_promoter_id_venue_id_pk" PRIMARY KEY("promoter_id","venue_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"time_zone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "regions_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "rehearsal_space_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text,
	"contact_email" text,
	"website" text,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sms_subscribers" (
	"phone" text PRIMARY KEY NOT NULL,
	"region_slug" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"gig_id" uuid NOT NULL,
	"holder_email" text NOT NULL,
	"status" "ticket_status" DEFAULT 'valid' NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"held_payment_id" uuid,
	"payee_user_id" text,
	"kind" "transfer_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "transfer_status" NOT NULL,
	"provider_transfer_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" "user_role" DEFAULT 'fan' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"location" text DEFAULT 'chicagoland' NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "venue_directory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"region_slug" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"phone" text,
	"email" text,
	"booking_email" text,
	"website" text,
	"contact_person" text,
	"venue_type" text DEFAULT 'Bar/Pub' NOT NULL,
	"capacity" integer,
	"notes" text,
	"music_genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_stage" boolean DEFAULT true NOT NULL,
	"has_sound_system" boolean DEFAULT true NOT NULL,
	"allows_original_music" boolean DEFAULT true NOT NULL,
	"typical_booking_lead_days" integer DEFAULT 30 NOT NULL,
	"payment_structure" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"opt_out_token" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_directory_optOutToken_unique" UNIQUE("opt_out_token")
);
--> statement-breakpoint
CREATE TABLE "venue_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text,
	"contact_email" text,
	"website" text,
	"facebook_url" text,
	"instagram_url" text,
	"youtube_url" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_extra_gigs" ADD CONSTRAINT "band_extra_gigs_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_followers" ADD CONSTRAINT "band_followers_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_gallery_images" ADD CONSTRAINT "band_gallery_images_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_links" ADD CONSTRAINT "band_links_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_members" ADD CONSTRAINT "band_members_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_profiles" ADD CONSTRAINT "band_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_listings" ADD CONSTRAINT "gear_listings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_applications" ADD CONSTRAINT "gig_applications_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_applications" ADD CONSTRAINT "gig_applications_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_applications" ADD CONSTRAINT "gig_applications_manager_id_manager_profiles_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."manager_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_applications" ADD CONSTRAINT "gig_applications_managed_artist_id_managed_artists_id_fk" FOREIGN KEY ("managed_artist_id") REFERENCES "public"."managed_artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_venue_id_venue_profiles_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_promoter_id_promoter_profiles_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoter_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_payments" ADD CONSTRAINT "held_payments_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_payments" ADD CONSTRAINT "held_payments_completed_by_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_sessions" ADD CONSTRAINT "jam_sessions_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_sessions" ADD CONSTRAINT "jam_sessions_venue_id_venue_profiles_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_sessions" ADD CONSTRAINT "jam_sessions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_song_slots" ADD CONSTRAINT "jam_song_slots_song_id_jam_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."jam_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_song_slots" ADD CONSTRAINT "jam_song_slots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_songs" ADD CONSTRAINT "jam_songs_session_id_jam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."jam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jam_songs" ADD CONSTRAINT "jam_songs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_artists" ADD CONSTRAINT "managed_artists_manager_id_manager_profiles_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."manager_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profiles" ADD CONSTRAINT "manager_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_id_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_campaigns" ADD CONSTRAINT "outreach_campaigns_band_id_band_profiles_user_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."band_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_campaigns" ADD CONSTRAINT "outreach_campaigns_package_id_outreach_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."outreach_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_campaigns" ADD CONSTRAINT "outreach_campaigns_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD CONSTRAINT "outreach_emails_campaign_id_outreach_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."outreach_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD CONSTRAINT "outreach_emails_venue_directory_id_venue_directory_id_fk" FOREIGN KEY ("venue_directory_id") REFERENCES "public"."venue_directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD CONSTRAINT "outreach_emails_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_profiles" ADD CONSTRAINT "promoter_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_venues" ADD CONSTRAINT "promoter_venues_promoter_id_promoter_profiles_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoter_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_venues" ADD CONSTRAINT "promoter_venues_venue_id_venue_profiles_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsal_space_profiles" ADD CONSTRAINT "rehearsal_space_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_subscribers" ADD CONSTRAINT "sms_subscribers_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_held_payment_id_held_payments_id_fk" FOREIGN KEY ("held_payment_id") REFERENCES "public"."held_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_payee_user_id_user_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_location_regions_slug_fk" FOREIGN KEY ("location") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_directory" ADD CONSTRAINT "venue_directory_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD CONSTRAINT "venue_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_index" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "band_extra_gigs_band_id_index" ON "band_extra_gigs" USING btree ("band_id");--> statement-breakpoint
CREATE UNIQUE INDEX "band_followers_once" ON "band_followers" USING btree ("band_id","email");--> statement-breakpoint
CREATE INDEX "band_gallery_images_band_id_index" ON "band_gallery_images" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "band_links_band_id_index" ON "band_links" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "band_members_band_id_index" ON "band_members" USING btree ("band_id");--> statement-breakpoint
CREATE UNIQUE INDEX "band_profiles_slug_index" ON "band_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "band_profiles_lower_name_idx" ON "band_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_created_at_index" ON "contact_messages" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_address_created_at_index" ON "contact_messages" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "gear_listings_is_sold_created_at_index" ON "gear_listings" USING btree ("is_sold","created_at");--> statement-breakpoint
CREATE INDEX "gig_applications_gig_id_index" ON "gig_applications" USING btree ("gig_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gig_applications_band_once" ON "gig_applications" USING btree ("gig_id","band_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gig_applications_artist_once" ON "gig_applications" USING btree ("gig_id","managed_artist_id");--> statement-breakpoint
CREATE INDEX "gigs_approved_upcoming_idx" ON "gigs" USING btree ("local_date","start_time","id") WHERE "gigs"."is_approved";--> statement-breakpoint
CREATE INDEX "gigs_region_approved_upcoming_idx" ON "gigs" USING btree ("region_slug","local_date","start_time","id") WHERE "gigs"."is_approved";--> statement-breakpoint
CREATE INDEX "gigs_venue_id_local_date_index" ON "gigs" USING btree ("venue_id","local_date");--> statement-breakpoint
CREATE INDEX "gigs_band_id_local_date_index" ON "gigs" USING btree ("band_id","local_date");--> statement-breakpoint
CREATE INDEX "gigs_promoter_id_local_date_index" ON "gigs" USING btree ("promoter_id","local_date");--> statement-breakpoint
CREATE INDEX "jam_sessions_local_date_index" ON "jam_sessions" USING btree ("local_date");--> statement-breakpoint
CREATE INDEX "jam_songs_session_id_index" ON "jam_songs" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "managed_artists_manager_id_index" ON "managed_artists" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "orders_gig_id_status_index" ON "orders" USING btree ("gig_id","status");--> statement-breakpoint
CREATE INDEX "outbox_created_at_index" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_to_address_index" ON "outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "outbox_status_index" ON "outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "outreach_campaigns_band_id_created_at_index" ON "outreach_campaigns" USING btree ("band_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_emails_once" ON "outreach_emails" USING btree ("campaign_id","venue_directory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_profiles_slug_index" ON "promoter_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "session_user_id_index" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickets_gig_id_index" ON "tickets" USING btree ("gig_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_once_per_order" ON "transfers" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "user_role_index" ON "user" USING btree ("role");--> statement-breakpoint
CREATE INDEX "venue_directory_region_slug_is_active_index" ON "venue_directory" USING btree ("region_slug","is_active");--> statement-breakpoint
CREATE INDEX "venue_profiles_slug_index" ON "venue_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "venue_profiles_lower_name_idx" ON "venue_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "verification_identifier_index" ON "verification" USING btree ("identifier");
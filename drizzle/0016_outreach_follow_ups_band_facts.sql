ALTER TABLE "band_profiles" ADD COLUMN "years_active" text;--> statement-breakpoint
ALTER TABLE "band_profiles" ADD COLUMN "performance_style" text;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD COLUMN "follow_up_outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outreach_packages" ADD COLUMN "has_follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD CONSTRAINT "outreach_emails_follow_up_outbox_id_outbox_id_fk" FOREIGN KEY ("follow_up_outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;
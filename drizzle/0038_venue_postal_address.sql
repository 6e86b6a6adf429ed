ALTER TABLE "venue_profiles" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "address_locality" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "address_region" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "address_country" text;
ALTER TABLE "venue_directory" DROP CONSTRAINT "venue_directory_optOutToken_unique";--> statement-breakpoint
ALTER TABLE "venue_directory" DROP COLUMN "opt_out_token";
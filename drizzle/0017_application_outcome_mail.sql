ALTER TABLE "gig_applications" ADD COLUMN "outcome_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gig_applications_outcome_unmailed_idx" ON "gig_applications" USING btree ("gig_id") WHERE "gig_applications"."outcome_mailed_at" is null and "gig_applications"."status" <> 'pending';--> statement-breakpoint
-- hand-written: applications decided before outcome mail existed count as told (decision 37),
-- so the first run of the job does not e-mail old outcomes.
UPDATE "gig_applications" SET "outcome_mailed_at" = "updated_at" WHERE "status" <> 'pending';

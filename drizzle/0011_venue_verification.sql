ALTER TABLE "venue_profiles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "verification_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD COLUMN "verification_decline_reason" text;--> statement-breakpoint
ALTER TABLE "venue_profiles" ADD CONSTRAINT "venue_profiles_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: before the next migration makes venue slugs unique (whatever the letter case), the
-- oldest venue keeps a shared slug and each later one gets the first free numeric suffix
-- (theLanternRoom2, theLanternRoom3, ...); names stay as they are.
DO $$
DECLARE
  dup record;
  n integer;
  candidate text;
BEGIN
  FOR dup IN
    SELECT user_id, slug FROM (
      SELECT user_id, slug, row_number() OVER (PARTITION BY lower(slug) ORDER BY created_at, user_id) AS rank
      FROM venue_profiles
    ) ranked
    WHERE rank > 1
    ORDER BY lower(slug), rank
  LOOP
    n := 2;
    LOOP
      candidate := CASE WHEN dup.slug = '' THEN 'venue' ELSE dup.slug END || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM venue_profiles WHERE lower(slug) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE venue_profiles SET slug = candidate WHERE user_id = dup.user_id;
  END LOOP;
END $$;

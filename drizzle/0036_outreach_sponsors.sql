ALTER TYPE "public"."campaign_status" ADD VALUE 'awaiting_band';--> statement-breakpoint
ALTER TYPE "public"."campaign_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TABLE "outreach_campaigns" ADD COLUMN "sponsor_id" text;--> statement-breakpoint
ALTER TABLE "outreach_campaigns" ADD CONSTRAINT "outreach_campaigns_sponsor_id_user_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outreach_campaigns_sponsor_id_created_at_index" ON "outreach_campaigns" USING btree ("sponsor_id","created_at");
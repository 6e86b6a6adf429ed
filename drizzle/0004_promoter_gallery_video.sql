CREATE TABLE "promoter_gallery_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promoter_id" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promoter_profiles" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "promoter_gallery_images" ADD CONSTRAINT "promoter_gallery_images_promoter_id_promoter_profiles_user_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoter_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promoter_gallery_images_promoter_id_index" ON "promoter_gallery_images" USING btree ("promoter_id");
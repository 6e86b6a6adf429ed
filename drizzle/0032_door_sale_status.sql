CREATE TYPE "public"."door_sale_status" AS ENUM('recorded', 'voided', 'refused_full', 'refused_cancelled');--> statement-breakpoint
ALTER TABLE "door_sales" ADD COLUMN "status" "door_sale_status" DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_sales" ADD COLUMN "voided_at" timestamp with time zone;
CREATE TYPE "public"."door_sale_method" AS ENUM('cash', 'card');--> statement-breakpoint
CREATE TYPE "public"."door_scan_result" AS ENUM('admitted', 'duplicate', 'conflict', 'refused');--> statement-breakpoint
CREATE TABLE "door_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"user_id" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "door_devices_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "door_devices_one_owner" CHECK (("door_devices"."user_id" is null) <> ("door_devices"."staff_id" is null))
);
--> statement-breakpoint
CREATE TABLE "door_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "door_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gig_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" "door_sale_method" NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_over_capacity" boolean DEFAULT false NOT NULL,
	CONSTRAINT "door_sales_quantity" CHECK ("door_sales"."quantity" between 1 and 20),
	CONSTRAINT "door_sales_amount" CHECK ("door_sales"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "door_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gig_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"ticket_id" text,
	"guest_id" uuid,
	"guest_count" integer,
	"scanned_at" timestamp with time zone NOT NULL,
	"device_scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"was_admitted" boolean NOT NULL,
	"result" "door_scan_result" NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "door_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invited_by" text NOT NULL,
	"gig_id" uuid,
	"venue_id" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"devices_registered" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "door_staff_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "door_staff_one_scope" CHECK (("door_staff"."gig_id" is null) <> ("door_staff"."venue_id" is null)),
	CONSTRAINT "door_staff_devices" CHECK ("door_staff"."devices_registered" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "guest_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plus_count" integer DEFAULT 0 NOT NULL,
	"email" text,
	"note" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"admitted_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_list_entries_code_unique" UNIQUE("code"),
	CONSTRAINT "guest_list_plus" CHECK ("guest_list_entries"."plus_count" between 0 and 20),
	CONSTRAINT "guest_list_admitted" CHECK ("guest_list_entries"."admitted_count" between 0 and "guest_list_entries"."plus_count" + 1)
);
--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "door_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "used_by_device_id" uuid;--> statement-breakpoint
ALTER TABLE "door_devices" ADD CONSTRAINT "door_devices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_devices" ADD CONSTRAINT "door_devices_staff_id_door_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."door_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_device_id_door_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."door_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_device_id_door_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."door_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_guest_id_guest_list_entries_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_staff" ADD CONSTRAINT "door_staff_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_staff" ADD CONSTRAINT "door_staff_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_staff" ADD CONSTRAINT "door_staff_venue_id_venue_profiles_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_staff" ADD CONSTRAINT "door_staff_revoked_by_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_devices_user_id_index" ON "door_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "door_devices_staff_id_index" ON "door_devices" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "door_sales_gig_id_index" ON "door_sales" USING btree ("gig_id");--> statement-breakpoint
CREATE INDEX "door_scans_gig_id_scanned_at_index" ON "door_scans" USING btree ("gig_id","scanned_at");--> statement-breakpoint
CREATE INDEX "door_scans_ticket_id_index" ON "door_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "door_scans_device_id_index" ON "door_scans" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "door_staff_gig_id_index" ON "door_staff" USING btree ("gig_id");--> statement-breakpoint
CREATE INDEX "door_staff_venue_id_index" ON "door_staff" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "guest_list_entries_gig_id_index" ON "guest_list_entries" USING btree ("gig_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_by_device_id_door_devices_id_fk" FOREIGN KEY ("used_by_device_id") REFERENCES "public"."door_devices"("id") ON DELETE set null ON UPDATE no action;
CREATE TYPE "public"."waitlist_entry_status" AS ENUM('waiting', 'offered', 'bought', 'left');--> statement-breakpoint
CREATE TYPE "public"."waitlist_offer_status" AS ENUM('open', 'bought', 'expired', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."waitlist_return_status" AS ENUM('listed', 'sold', 'withdrawn');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" "waitlist_entry_status" DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"token_hash" text NOT NULL,
	"confirmation_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"return_id" uuid,
	"token_hash" text NOT NULL,
	"status" "waitlist_offer_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "waitlist_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" text NOT NULL,
	"gig_id" uuid NOT NULL,
	"status" "waitlist_return_status" DEFAULT 'listed' NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_by" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_returns_ticketId_unique" UNIQUE("ticket_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waitlist_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_ticket_id" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_return_id_waitlist_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."waitlist_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_returns" ADD CONSTRAINT "waitlist_returns_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_returns" ADD CONSTRAINT "waitlist_returns_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_returns" ADD CONSTRAINT "waitlist_returns_returned_by_user_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_once_per_gig" ON "waitlist_entries" USING btree ("gig_id",lower("email"));--> statement-breakpoint
CREATE INDEX "waitlist_entries_in_line" ON "waitlist_entries" USING btree ("gig_id","joined_at","id") WHERE "waitlist_entries"."status" = 'waiting' and "waitlist_entries"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "waitlist_entries_by_email" ON "waitlist_entries" USING btree ("email","confirmation_sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_return" ON "waitlist_offers" USING btree ("return_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_by_gig" ON "waitlist_offers" USING btree ("gig_id","expires_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_returns_listed" ON "waitlist_returns" USING btree ("gig_id","listed_at") WHERE "waitlist_returns"."status" = 'listed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waitlist_offer_id_waitlist_offers_id_fk" FOREIGN KEY ("waitlist_offer_id") REFERENCES "public"."waitlist_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_returned_ticket_id_tickets_id_fk" FOREIGN KEY ("returned_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_once_per_waitlist_offer" ON "orders" USING btree ("waitlist_offer_id");
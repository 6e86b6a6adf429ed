ALTER TYPE "public"."ticket_status" ADD VALUE 'transferred';--> statement-breakpoint
CREATE TABLE "presale_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"gig_id" uuid NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_codes_uses" CHECK ("presale_codes"."max_uses" >= 1 and "presale_codes"."uses" between 0 and "presale_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sales_start_at" timestamp with time zone,
	"sales_end_at" timestamp with time zone,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price_cents" >= 0),
	CONSTRAINT "ticket_types_counts" CHECK ("ticket_types"."quantity" >= 0 and "ticket_types"."sold" >= 0 and "ticket_types"."held" >= 0 and "ticket_types"."sold" + "ticket_types"."held" <= "ticket_types"."quantity"),
	CONSTRAINT "ticket_types_window" CHECK ("ticket_types"."sales_start_at" is null or "ticket_types"."sales_end_at" is null or "ticket_types"."sales_start_at" < "ticket_types"."sales_end_at")
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_orderId_unique";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_orderId_unique";--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "max_tickets_per_order" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "is_transfer_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "presale_code_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "ticket_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "face_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "band_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "organiser_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "platform_share_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "position" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every order so far holds one ticket: it takes its order's amounts, and a refund names it.
UPDATE "tickets" SET "face_cents" = o."face_cents", "fee_cents" = o."fee_cents", "band_share_cents" = o."band_share_cents", "organiser_share_cents" = o."organiser_share_cents", "platform_share_cents" = o."platform_share_cents" FROM "orders" o WHERE o."id" = "tickets"."order_id";--> statement-breakpoint
UPDATE "refunds" SET "ticket_id" = t."id" FROM "tickets" t WHERE t."order_id" = "refunds"."order_id";--> statement-breakpoint
ALTER TABLE "presale_codes" ADD CONSTRAINT "presale_codes_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_codes" ADD CONSTRAINT "presale_codes_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "presale_codes_code_per_gig" ON "presale_codes" USING btree ("gig_id","code");--> statement-breakpoint
CREATE INDEX "ticket_types_gig_id_position_index" ON "ticket_types" USING btree ("gig_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_types_name_per_gig" ON "ticket_types" USING btree ("gig_id",lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_presale_code_id_presale_codes_id_fk" FOREIGN KEY ("presale_code_id") REFERENCES "public"."presale_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_ticket" ON "refunds" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_unissued_order" ON "refunds" USING btree ("order_id") WHERE "refunds"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_order_id_index" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_holder_email_idx" ON "tickets" USING btree (lower("holder_email"));--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_max_tickets_per_order" CHECK ("gigs"."max_tickets_per_order" between 1 and 8);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quantity" CHECK ("orders"."quantity" between 1 and 8);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_split" CHECK ("tickets"."band_share_cents" + "tickets"."organiser_share_cents" + "tickets"."platform_share_cents" = "tickets"."face_cents" + "tickets"."fee_cents");
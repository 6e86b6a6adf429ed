CREATE TYPE "public"."refund_status" AS ENUM('pending', 'refunded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."transfer_status" ADD VALUE 'pending' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."transfer_status" ADD VALUE 'failed';--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"bank_last4" text,
	"status" "payment_account_status" DEFAULT 'pending' NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_payments" ADD COLUMN "payee_user_id" text;--> statement-breakpoint
ALTER TABLE "held_payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "held_payments" ADD CONSTRAINT "held_payments_payee_user_id_user_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_payments_updated_at_index" ON "held_payments" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_once_per_held_payment" ON "transfers" USING btree ("held_payment_id");--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "held_payments" ADD CONSTRAINT "held_payments_amount" CHECK ("held_payments"."amount_cents" >= 0 and "held_payments"."ticket_count" >= 0);--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_amount" CHECK ("transfers"."amount_cents" >= 0 and "transfers"."reversed_cents" between 0 and "transfers"."amount_cents");
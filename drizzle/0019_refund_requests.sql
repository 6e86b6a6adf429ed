CREATE TYPE "public"."refund_request_status" AS ENUM('open', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_request_status" DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_open_per_ticket" ON "refund_requests" USING btree ("ticket_id") WHERE "refund_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refund_requests_ticket_id_created_at_index" ON "refund_requests" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("created_at") WHERE "refund_requests"."status" = 'open';
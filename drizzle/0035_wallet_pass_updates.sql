CREATE TABLE "apple_wallet_registrations" (
	"device_library_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_wallet_registrations_device_library_id_serial_number_pk" PRIMARY KEY("device_library_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"google_linked_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_wallet_registrations" ADD CONSTRAINT "apple_wallet_registrations_serial_number_wallet_passes_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."wallet_passes"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_wallet_registrations_serial_number_index" ON "apple_wallet_registrations" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "wallet_passes_ticket_id_index" ON "wallet_passes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "wallet_passes_pending_idx" ON "wallet_passes" USING btree ("pending_since") WHERE "wallet_passes"."pending_since" is not null;
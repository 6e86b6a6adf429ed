CREATE TABLE "sms_inbound_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_opt_out_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"venue_directory_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_opt_out_tokens" ADD CONSTRAINT "venue_opt_out_tokens_venue_directory_id_venue_directory_id_fk" FOREIGN KEY ("venue_directory_id") REFERENCES "public"."venue_directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_messages_received_at_index" ON "sms_inbound_messages" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "venue_opt_out_tokens_venue_directory_id_index" ON "venue_opt_out_tokens" USING btree ("venue_directory_id");--> statement-breakpoint
-- hand-written: the links already sent keep working. Each venue's old token (md5 text) is kept
-- as its SHA-256, the way new tokens are kept (decision 36); then the plain column is dropped.
INSERT INTO "venue_opt_out_tokens" ("token_hash", "venue_directory_id", "created_at")
SELECT encode(sha256(convert_to("opt_out_token", 'UTF8')), 'hex'), "id", "created_at" FROM "venue_directory"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "venue_directory" DROP CONSTRAINT "venue_directory_optOutToken_unique";--> statement-breakpoint
ALTER TABLE "venue_directory" DROP COLUMN "opt_out_token";

CREATE TABLE "digest_deliveries" (
	"week_start" date NOT NULL,
	"channel" "message_channel" NOT NULL,
	"recipient" text NOT NULL,
	"region_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_week_start_channel_recipient_pk" PRIMARY KEY("week_start","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"region_slug" text NOT NULL,
	"week_start" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "digest_runs_region_slug_week_start_pk" PRIMARY KEY("region_slug","week_start")
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "unsubscribe_secret" text;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_region_slug_regions_slug_fk" FOREIGN KEY ("region_slug") REFERENCES "public"."regions"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_tokens_email_kind_index" ON "unsubscribe_tokens" USING btree ("email","kind");
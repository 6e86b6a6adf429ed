CREATE TABLE "federated_gigs" (
	"gig_id" uuid PRIMARY KEY NOT NULL,
	"is_pending" boolean DEFAULT true NOT NULL,
	"actors" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"generation" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_actor_keys" (
	"actor" text PRIMARY KEY NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"follower_uri" text NOT NULL,
	"inbox_url" text NOT NULL,
	"shared_inbox_url" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "federated_gigs_pending_idx" ON "federated_gigs" USING btree ("changed_at") WHERE "federated_gigs"."is_pending";--> statement-breakpoint
CREATE UNIQUE INDEX "federation_followers_actor_follower_uri_index" ON "federation_followers" USING btree ("actor","follower_uri");--> statement-breakpoint
CREATE INDEX "federation_followers_follower_uri_index" ON "federation_followers" USING btree ("follower_uri");--> statement-breakpoint
CREATE INDEX "federation_kv_expires_at_index" ON "federation_kv" USING btree ("expires_at");
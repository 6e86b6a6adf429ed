CREATE TABLE "legacy_files" (
	"legacy_path" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"digest" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_hash_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_key" text NOT NULL,
	"salt_separator" text NOT NULL,
	"rounds" integer NOT NULL,
	"mem_cost" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_records" (
	"collection" text NOT NULL,
	"legacy_id" text NOT NULL,
	"new_id" text NOT NULL,
	"digest" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_records_collection_legacy_id_pk" PRIMARY KEY("collection","legacy_id")
);
--> statement-breakpoint
ALTER TABLE "held_payments" DROP CONSTRAINT "held_payments_gigId_unique";--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "legacy_tickets_sold" integer;--> statement-breakpoint
ALTER TABLE "held_payments" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_hash_configs_signer_key_salt_separator_rounds_mem_cost_index" ON "legacy_hash_configs" USING btree ("signer_key","salt_separator","rounds","mem_cost");--> statement-breakpoint
CREATE INDEX "legacy_records_collection_new_id_index" ON "legacy_records" USING btree ("collection","new_id");--> statement-breakpoint
CREATE UNIQUE INDEX "held_payments_gig_id_unique" ON "held_payments" USING btree ("gig_id") WHERE "held_payments"."imported_at" is null;--> statement-breakpoint
CREATE INDEX "held_payments_imported_gig_idx" ON "held_payments" USING btree ("gig_id") WHERE "held_payments"."imported_at" is not null;
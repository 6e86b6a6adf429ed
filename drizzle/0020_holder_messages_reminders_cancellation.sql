CREATE TABLE "gig_cancellations" (
	"gig_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "holder_deliveries" (
	"kind" text NOT NULL,
	"ref" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holder_deliveries_kind_ref_email_pk" PRIMARY KEY("kind","ref","email")
);
--> statement-breakpoint
CREATE TABLE "holder_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gig_id" uuid NOT NULL,
	"author_id" text,
	"is_from_admin" boolean DEFAULT false NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipient_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gig_cancellations" ADD CONSTRAINT "gig_cancellations_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_cancellations" ADD CONSTRAINT "gig_cancellations_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_messages" ADD CONSTRAINT "holder_messages_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_messages" ADD CONSTRAINT "holder_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gig_cancellations_unsettled_idx" ON "gig_cancellations" USING btree ("created_at") WHERE "gig_cancellations"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "holder_messages_gig_id_created_at_index" ON "holder_messages" USING btree ("gig_id","created_at");--> statement-breakpoint
CREATE INDEX "holder_messages_unsent_idx" ON "holder_messages" USING btree ("created_at") WHERE "holder_messages"."sent_at" is null;
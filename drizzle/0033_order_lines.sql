CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ticket_type_id" uuid,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"face_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"band_share_cents" integer NOT NULL,
	"organiser_share_cents" integer NOT NULL,
	"platform_share_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" between 1 and 8),
	CONSTRAINT "order_lines_face" CHECK ("order_lines"."face_cents" = "order_lines"."quantity" * "order_lines"."unit_cents"),
	CONSTRAINT "order_lines_split" CHECK ("order_lines"."band_share_cents" + "order_lines"."organiser_share_cents" + "order_lines"."platform_share_cents" = "order_lines"."face_cents" + "order_lines"."fee_cents")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_ticket_type_id_index" ON "order_lines" USING btree ("ticket_type_id");--> statement-breakpoint
-- Issue 34: every order made before holds tickets of one type and price, so it becomes one line.
INSERT INTO "order_lines" ("order_id", "position", "ticket_type_id", "quantity", "unit_cents", "face_cents", "fee_cents", "band_share_cents", "organiser_share_cents", "platform_share_cents")
SELECT "id", 1, "ticket_type_id", "quantity", "face_cents" / "quantity", "face_cents", "fee_cents", "band_share_cents", "organiser_share_cents", "platform_share_cents" FROM "orders";

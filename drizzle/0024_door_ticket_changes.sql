ALTER TABLE "tickets" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_gig_id_changed_at_index" ON "tickets" USING btree ("gig_id","changed_at");--> statement-breakpoint
-- Decision 51: every change of a ticket's status or admission moves changed_at, whichever code
-- makes it (refund, transfer, the door), so the door's delta list never misses one.
CREATE FUNCTION "tickets_touch_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.used_at IS DISTINCT FROM OLD.used_at OR NEW.used_by_device_id IS DISTINCT FROM OLD.used_by_device_id OR NEW.holder_email IS DISTINCT FROM OLD.holder_email THEN
    NEW.changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tickets_changed_at" BEFORE UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_touch_changed_at"();

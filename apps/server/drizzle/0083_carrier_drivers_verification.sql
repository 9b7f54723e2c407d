CREATE TABLE "driver_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"driver_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"user_id" integer,
	"cabinet_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "counterparty_vehicles_counterparty_idx";--> statement-breakpoint
ALTER TABLE "counterparty_drivers" ADD COLUMN "license_categories" text;--> statement-breakpoint
ALTER TABLE "counterparty_drivers" ADD COLUMN "license_expires_at" date;--> statement-breakpoint
ALTER TABLE "counterparty_drivers" ADD COLUMN "verification_status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "counterparty_drivers" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "counterparty_vehicles" ADD COLUMN "capacity" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "counterparty_vehicles" ADD COLUMN "volume" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "driver_verifications" ADD CONSTRAINT "driver_verifications_driver_id_counterparty_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."counterparty_drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_verifications" ADD CONSTRAINT "driver_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_verifications_driver_idx" ON "driver_verifications" USING btree ("driver_id","id");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_verification_status_idx" ON "counterparty_drivers" USING btree ("verification_status","id");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_counterparty_idx" ON "counterparty_vehicles" USING btree ("counterparty_id","plate");--> statement-breakpoint
-- Hand-written (carriers' drivers, issue 37): the old identity check (verified / not_verified / delay, set by
-- hand) becomes the verification status: verified stays verified, a delayed check is pending, a driver never
-- checked is not submitted. The moves are kept as the system's first entries of each driver's history.
UPDATE "counterparty_drivers" SET "verification_status" = CASE "identity_verification"
    WHEN 'verified' THEN 'verified'
    WHEN 'delay' THEN 'pending'
    ELSE 'draft'
  END;--> statement-breakpoint
INSERT INTO "driver_verifications" ("driver_id", "from_status", "to_status", "actor")
  SELECT "id", NULL, "verification_status", 'system' FROM "counterparty_drivers"
  WHERE "verification_status" <> 'draft' ORDER BY "id";
--> statement-breakpoint
ALTER TABLE "counterparty_drivers" DROP COLUMN "identity_verification";

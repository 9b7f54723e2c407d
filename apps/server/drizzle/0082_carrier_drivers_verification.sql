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
CREATE INDEX "counterparty_vehicles_counterparty_idx" ON "counterparty_vehicles" USING btree ("counterparty_id","plate");
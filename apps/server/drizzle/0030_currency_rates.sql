CREATE TABLE "currency_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"currency_id" integer NOT NULL,
	"nominal" integer DEFAULT 1 NOT NULL,
	"rate" numeric NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_date_currency_uq" ON "currency_rates" USING btree ("date","currency_id");--> statement-breakpoint
CREATE INDEX "currency_rates_currency_idx" ON "currency_rates" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "currency_rates_date_idx" ON "currency_rates" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "currency_rates_rate_idx" ON "currency_rates" USING btree ("rate","id");--> statement-breakpoint
CREATE INDEX "currency_rates_updated_at_idx" ON "currency_rates" USING btree ("updated_at","id");
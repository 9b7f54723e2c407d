CREATE TABLE "contractor_bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contractor_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"vat_amount" numeric(18, 2),
	"file_id" integer NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"reject_reason" text
);
--> statement-breakpoint
ALTER TABLE "contractor_bills" ADD CONSTRAINT "contractor_bills_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_bills" ADD CONSTRAINT "contractor_bills_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_bills" ADD CONSTRAINT "contractor_bills_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_bills_number_idx" ON "contractor_bills" USING btree ("counterparty_id","number");--> statement-breakpoint
CREATE INDEX "contractor_bills_job_idx" ON "contractor_bills" USING btree ("job_id");
CREATE TABLE "insurance_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"order_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"client_id" integer,
	"client_name" text,
	"amount_basis" text DEFAULT 'declared' NOT NULL,
	"insured_value" numeric(18, 2),
	"value_currency_id" integer,
	"period_from" date,
	"period_to" date,
	"issue_date" date,
	"rate" text,
	"deductible" numeric(18, 2),
	"insured_amount" numeric(18, 2),
	"premium" numeric(18, 2),
	"currency_id" integer,
	"exchange_rate" text,
	"insured_name" text,
	"insured_address" text,
	"cargo_description" text,
	"invoice_number" text,
	"invoice_date" date,
	"dispatch_address" text,
	"delivery_address" text,
	"transfer_address" text,
	"vehicle_type_id" integer,
	"vehicle_plate" text,
	"additional_info" text,
	"rejection_reason" text,
	"issued_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"income_bill_id" integer,
	"expense_bill_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number"::text, '') || E'\n' || coalesce("client_name"::text, '') || E'\n' || coalesce("insured_name"::text, '') || E'\n' || coalesce("invoice_number"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certificate_id" integer NOT NULL,
	"loss_date" date NOT NULL,
	"description" text NOT NULL,
	"claimed_amount" numeric(18, 2),
	"notice_date" date,
	"notice_due" date,
	"survey_date" date,
	"surveyor" text,
	"survey_report" text,
	"documents" text,
	"documents_complete_date" date,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decision_date" date,
	"decision_due" date,
	"approved_amount" numeric(18, 2),
	"payment_date" date,
	"paid_amount" numeric(18, 2),
	"payment_due" date
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"insurer_id" integer NOT NULL,
	"insurer_name" text NOT NULL,
	"currency_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"rate" text NOT NULL,
	"min_rate" text NOT NULL,
	"max_rate" text NOT NULL,
	"minimum_premium" numeric(18, 2) NOT NULL,
	"deductible" numeric(18, 2) DEFAULT '0' NOT NULL,
	"cancel_window_hours" integer DEFAULT 0 NOT NULL,
	"claim_notice_days" integer DEFAULT 3 NOT NULL,
	"claim_decision_days" integer DEFAULT 30 NOT NULL,
	"claim_payment_days" integer DEFAULT 15 NOT NULL,
	"comment" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number"::text, '') || E'\n' || coalesce("insurer_name"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_value_currency_id_currencies_id_fk" FOREIGN KEY ("value_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_income_bill_id_bills_id_fk" FOREIGN KEY ("income_bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_expense_bill_id_bills_id_fk" FOREIGN KEY ("expense_bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_certificate_id_insurance_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."insurance_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_insurer_id_counterparties_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_certificates_order_id_uq" ON "insurance_certificates" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_certificates_number_uq" ON "insurance_certificates" USING btree ("number");--> statement-breakpoint
CREATE INDEX "insurance_certificates_policy_id_idx" ON "insurance_certificates" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_client_id_idx" ON "insurance_certificates" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_number_idx" ON "insurance_certificates" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_client_name_idx" ON "insurance_certificates" USING btree ("client_name","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_period_from_idx" ON "insurance_certificates" USING btree ("period_from","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_issue_date_idx" ON "insurance_certificates" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_insured_amount_idx" ON "insurance_certificates" USING btree ("insured_amount","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_premium_idx" ON "insurance_certificates" USING btree ("premium","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_created_at_idx" ON "insurance_certificates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "insurance_certificates_search_trgm" ON "insurance_certificates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_claims_certificate_id_idx" ON "insurance_claims" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_loss_date_idx" ON "insurance_claims" USING btree ("loss_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_number_uq" ON "insurance_policies" USING btree ("number");--> statement-breakpoint
CREATE INDEX "insurance_policies_insurer_id_idx" ON "insurance_policies" USING btree ("insurer_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_currency_id_idx" ON "insurance_policies" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_number_idx" ON "insurance_policies" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_insurer_name_idx" ON "insurance_policies" USING btree ("insurer_name","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_valid_from_idx" ON "insurance_policies" USING btree ("valid_from","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_valid_until_idx" ON "insurance_policies" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_updated_at_idx" ON "insurance_policies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_search_trgm" ON "insurance_policies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "insurance_policies" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ALTER COLUMN "search_text" SET STATISTICS 1000;

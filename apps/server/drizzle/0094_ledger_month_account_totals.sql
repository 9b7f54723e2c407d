CREATE TABLE "ledger_month_account_totals" (
	"month" date NOT NULL,
	"account" text NOT NULL,
	"currency_id" integer NOT NULL,
	"legal_entity_id" integer,
	"payment_form_id" integer,
	"debit" numeric NOT NULL,
	"credit" numeric NOT NULL,
	"base_debit" numeric NOT NULL,
	"base_credit" numeric NOT NULL,
	CONSTRAINT "ledger_month_account_totals_key" UNIQUE NULLS NOT DISTINCT("month","account","currency_id","legal_entity_id","payment_form_id")
);
--> statement-breakpoint
CREATE INDEX "customs_declarations_client_idx" ON "customs_declarations" USING btree ("client_id","registration_date");--> statement-breakpoint
CREATE INDEX "ledger_month_totals_counterparty_idx" ON "ledger_month_totals" USING btree ("counterparty_id","month");--> statement-breakpoint
CREATE INDEX "ledger_month_totals_payment_form_idx" ON "ledger_month_totals" USING btree ("payment_form_id","month");
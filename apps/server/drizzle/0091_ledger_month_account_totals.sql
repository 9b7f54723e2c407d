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

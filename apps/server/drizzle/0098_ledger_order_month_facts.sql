CREATE TABLE "ledger_order_month_facts" (
	"month" date NOT NULL,
	"order_id" integer NOT NULL,
	"legal_entity_id" integer,
	"payment_form_id" integer,
	"currency_id" integer,
	"revenue" numeric NOT NULL,
	"cost" numeric NOT NULL,
	CONSTRAINT "ledger_order_month_facts_key" UNIQUE NULLS NOT DISTINCT("month","order_id","legal_entity_id","payment_form_id","currency_id")
);

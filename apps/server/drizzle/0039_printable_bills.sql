CREATE TABLE "printable_bill_counters" (
	"legal_entity_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "printable_bill_counters_legal_entity_id_year_pk" PRIMARY KEY("legal_entity_id","year")
);
--> statement-breakpoint
CREATE TABLE "printable_bill_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printable_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"printable_bill_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"vat_rate" text,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "printable_bill_lines_positive" CHECK ("printable_bill_lines"."quantity" > 0 AND "printable_bill_lines"."price" > 0 AND "printable_bill_lines"."amount" > 0),
	CONSTRAINT "printable_bill_lines_vat" CHECK ("printable_bill_lines"."vat_rate" IS NULL OR "printable_bill_lines"."vat_rate" IN ('0', '10', '20'))
);
--> statement-breakpoint
CREATE TABLE "printable_bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printable_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"number_year" integer GENERATED ALWAYS AS (extract(year from "date")::integer) STORED,
	"bill_ids" integer[] NOT NULL,
	"counterparty_id" integer NOT NULL,
	"counterparty_name" text NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"payment_form_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"template_id" integer,
	"basis" text,
	"certificate_number" text,
	"certificate_date" date,
	"finalized" boolean DEFAULT false NOT NULL,
	"finalized_at" timestamp with time zone,
	"processed" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\n' || coalesce("counterparty_name", ''))) STORED,
	CONSTRAINT "printable_bills_amount_positive" CHECK ("printable_bills"."amount" > 0),
	CONSTRAINT "printable_bills_bills" CHECK (cardinality("printable_bills"."bill_ids") > 0),
	CONSTRAINT "printable_bills_processed_finalized" CHECK (NOT "printable_bills"."processed" OR "printable_bills"."finalized")
);
--> statement-breakpoint
ALTER TABLE "printable_bill_counters" ADD CONSTRAINT "printable_bill_counters_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bill_lines" ADD CONSTRAINT "printable_bill_lines_printable_bill_id_printable_bills_id_fk" FOREIGN KEY ("printable_bill_id") REFERENCES "public"."printable_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_template_id_printable_bill_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."printable_bill_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printable_bills" ADD CONSTRAINT "printable_bills_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printable_bill_lines_position_uq" ON "printable_bill_lines" USING btree ("printable_bill_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "printable_bills_number_uq" ON "printable_bills" USING btree ("legal_entity_id","number_year","number");--> statement-breakpoint
CREATE INDEX "printable_bills_bills_idx" ON "printable_bills" USING gin ("bill_ids");--> statement-breakpoint
CREATE INDEX "printable_bills_counterparty_idx" ON "printable_bills" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "printable_bills_payment_form_idx" ON "printable_bills" USING btree ("payment_form_id");--> statement-breakpoint
CREATE INDEX "printable_bills_currency_idx" ON "printable_bills" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "printable_bills_template_idx" ON "printable_bills" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "printable_bills_created_by_idx" ON "printable_bills" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "printable_bills_number_idx" ON "printable_bills" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "printable_bills_date_idx" ON "printable_bills" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "printable_bills_counterparty_name_idx" ON "printable_bills" USING btree ("counterparty_name","id");--> statement-breakpoint
CREATE INDEX "printable_bills_amount_idx" ON "printable_bills" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "printable_bills_created_at_idx" ON "printable_bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "printable_bills_search_trgm" ON "printable_bills" USING gin ("search_text" gin_trgm_ops);
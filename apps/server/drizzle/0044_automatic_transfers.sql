CREATE TABLE "automatic_transfer_legal_entity_rules" (
	"sender_legal_entity_id" integer NOT NULL,
	"recipient_legal_entity_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sender_form_id" integer,
	"recipient_form_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_transfer_legal_entity_rules_sender_legal_entity_id_recipient_legal_entity_id_pk" PRIMARY KEY("sender_legal_entity_id","recipient_legal_entity_id"),
	CONSTRAINT "automatic_transfer_legal_entity_rules_pair" CHECK ("automatic_transfer_legal_entity_rules"."sender_legal_entity_id" <> "automatic_transfer_legal_entity_rules"."recipient_legal_entity_id")
);
--> statement-breakpoint
CREATE TABLE "automatic_transfer_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_transfer_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"sender_legal_entity_id" integer NOT NULL,
	"recipient_legal_entity_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"sender_form_id" integer,
	"recipient_form_id" integer,
	"commission_percent" numeric(18, 2),
	"commission_fixed" numeric(18, 2),
	"comment" text,
	"created_by_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "automatic_transfer_run_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_transfer_run_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"transfer_id" integer,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"commission" numeric(18, 2),
	"message" text,
	CONSTRAINT "automatic_transfer_run_items_status" CHECK ("automatic_transfer_run_items"."status" IN ('created', 'error'))
);
--> statement-breakpoint
CREATE TABLE "automatic_transfer_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_transfer_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by_id" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "payment_forms" ADD COLUMN "bank_counterparty_id" integer;--> statement-breakpoint
ALTER TABLE "automatic_transfer_legal_entity_rules" ADD CONSTRAINT "automatic_transfer_legal_entity_rules_sender_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("sender_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_legal_entity_rules" ADD CONSTRAINT "automatic_transfer_legal_entity_rules_recipient_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("recipient_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_legal_entity_rules" ADD CONSTRAINT "automatic_transfer_legal_entity_rules_sender_form_id_payment_forms_id_fk" FOREIGN KEY ("sender_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_legal_entity_rules" ADD CONSTRAINT "automatic_transfer_legal_entity_rules_recipient_form_id_payment_forms_id_fk" FOREIGN KEY ("recipient_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_sender_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("sender_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_recipient_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("recipient_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_sender_form_id_payment_forms_id_fk" FOREIGN KEY ("sender_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_recipient_form_id_payment_forms_id_fk" FOREIGN KEY ("recipient_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_rules" ADD CONSTRAINT "automatic_transfer_rules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_run_items" ADD CONSTRAINT "automatic_transfer_run_items_run_id_automatic_transfer_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automatic_transfer_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_run_items" ADD CONSTRAINT "automatic_transfer_run_items_rule_id_automatic_transfer_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automatic_transfer_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_run_items" ADD CONSTRAINT "automatic_transfer_run_items_transfer_id_internal_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."internal_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_run_items" ADD CONSTRAINT "automatic_transfer_run_items_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_transfer_runs" ADD CONSTRAINT "automatic_transfer_runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_transfer_legal_entity_rules_recipient_idx" ON "automatic_transfer_legal_entity_rules" USING btree ("recipient_legal_entity_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_legal_entity_rules_sender_form_idx" ON "automatic_transfer_legal_entity_rules" USING btree ("sender_form_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_legal_entity_rules_recipient_form_idx" ON "automatic_transfer_legal_entity_rules" USING btree ("recipient_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_transfer_rules_name_uq" ON "automatic_transfer_rules" USING btree ("name");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_sender_legal_entity_id_idx" ON "automatic_transfer_rules" USING btree ("sender_legal_entity_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_recipient_legal_entity_id_idx" ON "automatic_transfer_rules" USING btree ("recipient_legal_entity_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_currency_id_idx" ON "automatic_transfer_rules" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_sender_form_id_idx" ON "automatic_transfer_rules" USING btree ("sender_form_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_recipient_form_id_idx" ON "automatic_transfer_rules" USING btree ("recipient_form_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_created_by_id_idx" ON "automatic_transfer_rules" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_name_idx" ON "automatic_transfer_rules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_updated_at_idx" ON "automatic_transfer_rules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_rules_search_trgm" ON "automatic_transfer_rules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_transfer_run_items_created_uq" ON "automatic_transfer_run_items" USING btree ("rule_id","order_id") WHERE "automatic_transfer_run_items"."status" = 'created';--> statement-breakpoint
CREATE INDEX "automatic_transfer_run_items_run_idx" ON "automatic_transfer_run_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_run_items_transfer_idx" ON "automatic_transfer_run_items" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_run_items_currency_idx" ON "automatic_transfer_run_items" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_runs_started_idx" ON "automatic_transfer_runs" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "automatic_transfer_runs_started_by_idx" ON "automatic_transfer_runs" USING btree ("started_by_id");--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_bank_counterparty_id_counterparties_id_fk" FOREIGN KEY ("bank_counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_forms_bank_counterparty_idx" ON "payment_forms" USING btree ("bank_counterparty_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" IN ('RECEIVABLE', 'PAYABLE', 'REVENUE', 'COST', 'DISBURSEMENT', 'CASH', 'ADVANCES_RECEIVED', 'ADVANCES_PAID', 'CONVERSION', 'INTERNAL_TRANSFERS', 'COMMISSION'));
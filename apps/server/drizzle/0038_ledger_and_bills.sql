CREATE TABLE "bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text DEFAULT 'DIRECT' NOT NULL,
	"counterparty_id" integer NOT NULL,
	"counterparty_name" text NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"payment_form_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"amount_in_base" numeric(18, 2) NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"date" date NOT NULL,
	"payment_date" date,
	"recognition_date" date NOT NULL,
	"disbursement" boolean DEFAULT false NOT NULL,
	"order_ids" integer[] DEFAULT '{}' NOT NULL,
	"job_ids" integer[] DEFAULT '{}' NOT NULL,
	"counter_bill_id" integer,
	"bank_commission" numeric(18, 2),
	"bank_commission_currency_id" integer,
	"comment" text,
	"service_office_id" integer,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\n' || coalesce("counterparty_name", ''))) STORED,
	CONSTRAINT "bills_amount_positive" CHECK ("bills"."amount" > 0),
	CONSTRAINT "bills_direction" CHECK ("bills"."direction" IN ('INCOME', 'EXPENSE')),
	CONSTRAINT "bills_kind" CHECK ("bills"."kind" IN ('DIRECT', 'OVERHEAD')),
	CONSTRAINT "bills_commission_currency" CHECK ("bills"."bank_commission" IS NULL OR "bills"."bank_commission_currency_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"account" text NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"base_amount" numeric(18, 2) NOT NULL,
	"counterparty_id" integer,
	"legal_entity_id" integer,
	"bill_id" integer,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_base_sign" CHECK ("ledger_entries"."base_amount" = 0 OR sign("ledger_entries"."base_amount") = sign("ledger_entries"."amount")),
	CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" IN ('RECEIVABLE', 'PAYABLE', 'REVENUE', 'COST', 'DISBURSEMENT'))
);
--> statement-breakpoint
CREATE TABLE "ledger_locked_months" (
	"month" date PRIMARY KEY NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by_id" integer,
	CONSTRAINT "ledger_locked_months_first_day" CHECK (extract(day from "ledger_locked_months"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"reversal_of" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_bank_commission_currency_id_currencies_id_fk" FOREIGN KEY ("bank_commission_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_locked_months" ADD CONSTRAINT "ledger_locked_months_locked_by_id_users_id_fk" FOREIGN KEY ("locked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_counterparty_idx" ON "bills" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "bills_legal_entity_idx" ON "bills" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "bills_payment_form_idx" ON "bills" USING btree ("payment_form_id");--> statement-breakpoint
CREATE INDEX "bills_currency_idx" ON "bills" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "bills_commission_currency_idx" ON "bills" USING btree ("bank_commission_currency_id");--> statement-breakpoint
CREATE INDEX "bills_office_idx" ON "bills" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "bills_created_by_idx" ON "bills" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "bills_counter_bill_idx" ON "bills" USING btree ("counter_bill_id");--> statement-breakpoint
CREATE INDEX "bills_orders_idx" ON "bills" USING gin ("order_ids");--> statement-breakpoint
CREATE INDEX "bills_jobs_idx" ON "bills" USING gin ("job_ids");--> statement-breakpoint
CREATE INDEX "bills_number_idx" ON "bills" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "bills_direction_idx" ON "bills" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "bills_counterparty_name_idx" ON "bills" USING btree ("counterparty_name","id");--> statement-breakpoint
CREATE INDEX "bills_amount_idx" ON "bills" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "bills_amount_in_base_idx" ON "bills" USING btree ("amount_in_base","id");--> statement-breakpoint
CREATE INDEX "bills_balance_idx" ON "bills" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "bills_date_idx" ON "bills" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "bills_payment_date_idx" ON "bills" USING btree ("payment_date","id");--> statement-breakpoint
CREATE INDEX "bills_recognition_date_idx" ON "bills" USING btree ("recognition_date","id");--> statement-breakpoint
CREATE INDEX "bills_created_at_idx" ON "bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bills_search_trgm" ON "bills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_bill_idx" ON "ledger_entries" USING btree ("bill_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_currency_idx" ON "ledger_entries" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_counterparty_idx" ON "ledger_entries" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_legal_entity_idx" ON "ledger_entries" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "ledger_locked_months_locked_by_idx" ON "ledger_locked_months" USING btree ("locked_by_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_source_idx" ON "ledger_transactions" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reversal_uq" ON "ledger_transactions" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "ledger_transactions_date_idx" ON "ledger_transactions" USING btree ("date");--> statement-breakpoint
-- The ledger's invariants live here, whoever writes (docs/finance.md "Ledger"). The ledger is append only:
-- a change is a reversal, never an edit.
CREATE OR REPLACE FUNCTION tms_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION tms_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION tms_ledger_append_only();
--> statement-breakpoint
-- Nothing is posted into a locked month, unless the use case of a user who may ignore the lock set
-- tms.ignore_period_lock for its own transaction. The shared advisory lock on the month makes a lock being
-- set at the same time wait for the posting, or the posting see the lock.
CREATE OR REPLACE FUNCTION tms_ledger_period_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted date;
BEGIN
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    posted := NEW.date;
  ELSE
    SELECT t.date INTO posted FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7301, (extract(year from posted) * 12 + extract(month from posted))::int);
  IF coalesce(current_setting('tms.ignore_period_lock', true), '') <> 'on'
     AND EXISTS (SELECT 1 FROM ledger_locked_months m WHERE m.month = date_trunc('month', posted)::date) THEN
    RAISE EXCEPTION 'Recognition date period locked: %', posted USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_period_open BEFORE INSERT ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION tms_ledger_period_open();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_period_open BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION tms_ledger_period_open();
--> statement-breakpoint
-- At commit, each transaction touched has entries, and they sum to zero per currency, in the currency and
-- in the base currency.
CREATE OR REPLACE FUNCTION tms_ledger_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id integer;
  unbalanced integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    tx_id := NEW.id;
  ELSE
    tx_id := NEW.transaction_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = tx_id) THEN
    RAISE EXCEPTION 'Ledger transaction % has no entries', tx_id USING ERRCODE = 'P0001';
  END IF;
  SELECT e.currency_id INTO unbalanced FROM ledger_entries e WHERE e.transaction_id = tx_id
    GROUP BY e.currency_id HAVING sum(e.amount) <> 0 OR sum(e.base_amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Ledger transaction % does not balance in currency %', tx_id, unbalanced
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_ledger_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_ledger_balanced();
--> statement-breakpoint
-- At commit, a bill's balance is what its receivable (income) or payable (expense) entries say, and a
-- deleted bill's entries net to zero: the bill's money is the ledger's.
CREATE OR REPLACE FUNCTION tms_bill_balance_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  stored numeric;
  posted numeric;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    target := NEW.bill_id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.id;
  ELSE
    target := NEW.id;
  END IF;
  IF target IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(CASE WHEN e.account = 'RECEIVABLE' THEN e.amount ELSE -e.amount END), 0) INTO posted
    FROM ledger_entries e WHERE e.bill_id = target AND e.account IN ('RECEIVABLE', 'PAYABLE');
  SELECT b.balance INTO stored FROM bills b WHERE b.id = target;
  IF NOT FOUND THEN
    stored := 0;
  END IF;
  IF stored <> posted THEN
    RAISE EXCEPTION 'Bill % balance % differs from its ledger entries %', target, stored, posted
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bills_balance_matches AFTER INSERT OR UPDATE OR DELETE ON bills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_bill_balance_matches();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_bill_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_bill_balance_matches();

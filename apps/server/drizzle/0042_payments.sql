CREATE TABLE "currency_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"sold_form_id" integer NOT NULL,
	"sold_currency_id" integer NOT NULL,
	"sold_amount" numeric(18, 2) NOT NULL,
	"bought_form_id" integer NOT NULL,
	"bought_currency_id" integer NOT NULL,
	"bought_amount" numeric(18, 2) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"comment" text,
	"service_office_id" integer,
	"created_by_id" integer,
	CONSTRAINT "currency_conversions_amounts" CHECK ("currency_conversions"."sold_amount" > 0 AND "currency_conversions"."bought_amount" > 0),
	CONSTRAINT "currency_conversions_currencies" CHECK ("currency_conversions"."sold_currency_id" <> "currency_conversions"."bought_currency_id")
);
--> statement-breakpoint
CREATE TABLE "payment_bills" (
	"payment_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "payment_bills_payment_id_bill_id_pk" PRIMARY KEY("payment_id","bill_id"),
	CONSTRAINT "payment_bills_amount_positive" CHECK ("payment_bills"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"direction" text NOT NULL,
	"date" date NOT NULL,
	"payment_form_id" integer NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"counterparty_id" integer,
	"counterparty_name" text,
	"purpose" text,
	"linked_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"unlinked_amount" numeric(18, 2) NOT NULL,
	"statement_fingerprint" text,
	"service_office_id" integer,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\n' || coalesce("counterparty_name", '') || E'\n' || coalesce("purpose", ''))) STORED,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_direction" CHECK ("payments"."direction" IN ('INCOMING', 'OUTGOING')),
	CONSTRAINT "payments_linked_range" CHECK ("payments"."linked_amount" >= 0 AND "payments"."unlinked_amount" >= 0 AND "payments"."linked_amount" + "payments"."unlinked_amount" = "payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_form_id" integer;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_sold_form_id_payment_forms_id_fk" FOREIGN KEY ("sold_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_sold_currency_id_currencies_id_fk" FOREIGN KEY ("sold_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_bought_form_id_payment_forms_id_fk" FOREIGN KEY ("bought_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_bought_currency_id_currencies_id_fk" FOREIGN KEY ("bought_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bills" ADD CONSTRAINT "payment_bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "currency_conversions_sold_form_idx" ON "currency_conversions" USING btree ("sold_form_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_bought_form_idx" ON "currency_conversions" USING btree ("bought_form_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_sold_currency_idx" ON "currency_conversions" USING btree ("sold_currency_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_bought_currency_idx" ON "currency_conversions" USING btree ("bought_currency_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_office_idx" ON "currency_conversions" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_created_by_idx" ON "currency_conversions" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "currency_conversions_date_idx" ON "currency_conversions" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "currency_conversions_sold_amount_idx" ON "currency_conversions" USING btree ("sold_amount","id");--> statement-breakpoint
CREATE INDEX "currency_conversions_bought_amount_idx" ON "currency_conversions" USING btree ("bought_amount","id");--> statement-breakpoint
CREATE INDEX "currency_conversions_created_at_idx" ON "currency_conversions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_bills_bill_idx" ON "payment_bills" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_fingerprint_uq" ON "payments" USING btree ("statement_fingerprint");--> statement-breakpoint
CREATE INDEX "payments_payment_form_idx" ON "payments" USING btree ("payment_form_id");--> statement-breakpoint
CREATE INDEX "payments_legal_entity_idx" ON "payments" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "payments_currency_idx" ON "payments" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "payments_counterparty_idx" ON "payments" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "payments_office_idx" ON "payments" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "payments_created_by_idx" ON "payments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "payments_number_idx" ON "payments" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "payments_direction_idx" ON "payments" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "payments_counterparty_name_idx" ON "payments" USING btree ("counterparty_name","id");--> statement-breakpoint
CREATE INDEX "payments_linked_amount_idx" ON "payments" USING btree ("linked_amount","id");--> statement-breakpoint
CREATE INDEX "payments_unlinked_amount_idx" ON "payments" USING btree ("unlinked_amount","id");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_search_trgm" ON "payments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_form_idx" ON "ledger_entries" USING btree ("payment_form_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_balance_range" CHECK ("bills"."balance" >= 0 AND "bills"."balance" <= "bills"."amount");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_cash_form" CHECK (("ledger_entries"."account" = 'CASH') = ("ledger_entries"."payment_form_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" IN ('RECEIVABLE', 'PAYABLE', 'REVENUE', 'COST', 'DISBURSEMENT', 'CASH', 'ADVANCES_RECEIVED', 'ADVANCES_PAID', 'CONVERSION'));--> statement-breakpoint
-- Payments' invariants held by the database at commit, whoever writes (docs/finance.md "Payments"):
-- a payment's linked amount is the sum of its links, each to a bill of its currency and direction; a bill's
-- balance is its amount less the links paying it.
CREATE OR REPLACE FUNCTION tms_payment_links_hold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  stored numeric;
  linked numeric;
BEGIN
  IF TG_TABLE_NAME = 'payment_bills' THEN
    target := CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  ELSE
    target := NEW.id;
  END IF;
  SELECT p.linked_amount INTO stored FROM payments p WHERE p.id = target;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM payment_bills l WHERE l.payment_id = target) THEN
      RAISE EXCEPTION 'Deleted payment % keeps links', target USING ERRCODE = 'P0001';
    END IF;
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(l.amount), 0) INTO linked FROM payment_bills l WHERE l.payment_id = target;
  IF stored <> linked THEN
    RAISE EXCEPTION 'Payment % linked amount % differs from its links %', target, stored, linked
      USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (
    SELECT 1 FROM payment_bills l JOIN payments p ON p.id = l.payment_id JOIN bills b ON b.id = l.bill_id
    WHERE l.payment_id = target
      AND (b.currency_id <> p.currency_id
        OR b.direction <> CASE p.direction WHEN 'INCOMING' THEN 'INCOME' ELSE 'EXPENSE' END)
  ) THEN
    RAISE EXCEPTION 'Payment % links a bill of another currency or direction', target USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_links_hold AFTER INSERT OR UPDATE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_payment_links_hold();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_bills_links_hold AFTER INSERT OR UPDATE OR DELETE ON payment_bills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_payment_links_hold();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tms_bill_paid_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  open_balance numeric;
  paid numeric;
BEGIN
  IF TG_TABLE_NAME = 'payment_bills' THEN
    target := CASE WHEN TG_OP = 'DELETE' THEN OLD.bill_id ELSE NEW.bill_id END;
  ELSE
    target := NEW.id;
  END IF;
  SELECT b.amount - b.balance INTO open_balance FROM bills b WHERE b.id = target;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(l.amount), 0) INTO paid FROM payment_bills l WHERE l.bill_id = target;
  IF open_balance <> paid THEN
    RAISE EXCEPTION 'Bill % paid % differs from its payments %', target, open_balance, paid
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bills_paid_matches AFTER INSERT OR UPDATE ON bills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_bill_paid_matches();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_bills_bill_paid AFTER INSERT OR UPDATE OR DELETE ON payment_bills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tms_bill_paid_matches();

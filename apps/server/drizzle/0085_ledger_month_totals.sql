CREATE TABLE "ledger_month_totals" (
	"month" date NOT NULL,
	"account" text NOT NULL,
	"currency_id" integer NOT NULL,
	"legal_entity_id" integer,
	"counterparty_id" integer,
	"payment_form_id" integer,
	"debit" numeric NOT NULL,
	"credit" numeric NOT NULL,
	"base_debit" numeric NOT NULL,
	"base_credit" numeric NOT NULL,
	CONSTRAINT "ledger_month_totals_key" UNIQUE NULLS NOT DISTINCT("month","account","currency_id","legal_entity_id","counterparty_id","payment_form_id")
);
--> statement-breakpoint
-- A posting into a locked month (only a user who may ignore the lock makes one) adds its entries to the
-- month's totals in its own transaction (docs/reports.md "Rollups of closed months"); an open month has none.
-- The period trigger before the insert holds the month's shared advisory lock, so a lock being set waits for
-- this posting and then sums it with the rest.
CREATE OR REPLACE FUNCTION tms_ledger_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted date;
  reversal boolean;
  side numeric;
BEGIN
  SELECT t.date, t.reversal_of IS NOT NULL INTO posted, reversal FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  IF NOT EXISTS (SELECT 1 FROM ledger_locked_months m WHERE m.month = date_trunc('month', posted)::date) THEN
    RETURN NULL;
  END IF;
  side := CASE WHEN reversal THEN -sign(NEW.amount) ELSE sign(NEW.amount) END;
  INSERT INTO ledger_month_totals AS r
    (month, account, currency_id, legal_entity_id, counterparty_id, payment_form_id, debit, credit, base_debit, base_credit)
  VALUES (date_trunc('month', posted)::date, NEW.account, NEW.currency_id, NEW.legal_entity_id, NEW.counterparty_id,
    NEW.payment_form_id,
    CASE WHEN side > 0 THEN NEW.amount ELSE 0 END, CASE WHEN side < 0 THEN NEW.amount ELSE 0 END,
    CASE WHEN side > 0 THEN NEW.base_amount ELSE 0 END, CASE WHEN side < 0 THEN NEW.base_amount ELSE 0 END)
  ON CONFLICT ON CONSTRAINT ledger_month_totals_key DO UPDATE SET
    debit = r.debit + EXCLUDED.debit, credit = r.credit + EXCLUDED.credit,
    base_debit = r.base_debit + EXCLUDED.base_debit, base_credit = r.base_credit + EXCLUDED.base_credit;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_month_totals AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION tms_ledger_month_totals_add();
--> statement-breakpoint
-- Months locked before this migration get their totals now.
INSERT INTO ledger_month_totals
  (month, account, currency_id, legal_entity_id, counterparty_id, payment_form_id, debit, credit, base_debit, base_credit)
SELECT date_trunc('month', t.date)::date, e.account, e.currency_id, e.legal_entity_id, e.counterparty_id, e.payment_form_id,
  coalesce(sum(e.amount) FILTER (WHERE s.side > 0), 0), coalesce(sum(e.amount) FILTER (WHERE s.side < 0), 0),
  coalesce(sum(e.base_amount) FILTER (WHERE s.side > 0), 0), coalesce(sum(e.base_amount) FILTER (WHERE s.side < 0), 0)
FROM ledger_entries e
JOIN ledger_transactions t ON t.id = e.transaction_id
CROSS JOIN LATERAL (SELECT CASE WHEN t.reversal_of IS NULL THEN sign(e.amount) ELSE -sign(e.amount) END AS side) s
WHERE date_trunc('month', t.date)::date IN (SELECT month FROM ledger_locked_months)
GROUP BY 1, e.account, e.currency_id, e.legal_entity_id, e.counterparty_id, e.payment_form_id;

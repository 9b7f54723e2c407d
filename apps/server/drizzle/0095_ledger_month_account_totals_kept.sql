-- The totals without the counterparty (docs/reports.md "Rollups of closed months") are kept as the totals
-- with it are: a posting into a locked month adds to both in its own transaction (this replaces migration
-- 0085's function), locking and unlocking a month writes and drops both (ledger-rollups.ts).
CREATE OR REPLACE FUNCTION tms_ledger_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted date;
  reversal boolean;
  side numeric;
  d numeric;
  c numeric;
  bd numeric;
  bc numeric;
BEGIN
  SELECT t.date, t.reversal_of IS NOT NULL INTO posted, reversal FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  IF NOT EXISTS (SELECT 1 FROM ledger_locked_months m WHERE m.month = date_trunc('month', posted)::date) THEN
    RETURN NULL;
  END IF;
  side := CASE WHEN reversal THEN -sign(NEW.amount) ELSE sign(NEW.amount) END;
  d := CASE WHEN side > 0 THEN NEW.amount ELSE 0 END;
  c := CASE WHEN side < 0 THEN NEW.amount ELSE 0 END;
  bd := CASE WHEN side > 0 THEN NEW.base_amount ELSE 0 END;
  bc := CASE WHEN side < 0 THEN NEW.base_amount ELSE 0 END;
  INSERT INTO ledger_month_totals AS r
    (month, account, currency_id, legal_entity_id, counterparty_id, payment_form_id, debit, credit, base_debit, base_credit)
  VALUES (date_trunc('month', posted)::date, NEW.account, NEW.currency_id, NEW.legal_entity_id, NEW.counterparty_id,
    NEW.payment_form_id, d, c, bd, bc)
  ON CONFLICT ON CONSTRAINT ledger_month_totals_key DO UPDATE SET
    debit = r.debit + EXCLUDED.debit, credit = r.credit + EXCLUDED.credit,
    base_debit = r.base_debit + EXCLUDED.base_debit, base_credit = r.base_credit + EXCLUDED.base_credit;
  INSERT INTO ledger_month_account_totals AS r
    (month, account, currency_id, legal_entity_id, payment_form_id, debit, credit, base_debit, base_credit)
  VALUES (date_trunc('month', posted)::date, NEW.account, NEW.currency_id, NEW.legal_entity_id, NEW.payment_form_id,
    d, c, bd, bc)
  ON CONFLICT ON CONSTRAINT ledger_month_account_totals_key DO UPDATE SET
    debit = r.debit + EXCLUDED.debit, credit = r.credit + EXCLUDED.credit,
    base_debit = r.base_debit + EXCLUDED.base_debit, base_credit = r.base_credit + EXCLUDED.base_credit;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Months locked before this migration get theirs now, from the totals with the counterparty.
INSERT INTO ledger_month_account_totals
  (month, account, currency_id, legal_entity_id, payment_form_id, debit, credit, base_debit, base_credit)
SELECT month, account, currency_id, legal_entity_id, payment_form_id, sum(debit), sum(credit), sum(base_debit),
  sum(base_credit)
FROM ledger_month_totals
GROUP BY month, account, currency_id, legal_entity_id, payment_form_id;

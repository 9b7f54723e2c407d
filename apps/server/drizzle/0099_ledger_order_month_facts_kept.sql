-- A locked month's gross-profit facts per order (docs/reports.md "Rollups of closed months"), summed as the
-- order-level reports sum them reading the entries (`liveOrderFacts` in reports/facts.ts): per bill, its
-- month's −REVENUE and COST in base, an internal transfer's bill left out, divided equally among the orders it
-- reaches (its own and its jobs'), then per order and the bill's legal entity, payment form and currency,
-- unrounded. `only_bills` limits it to those bills, `except_entries` leaves those entries out (the trigger
-- below takes the difference they make).
CREATE OR REPLACE FUNCTION tms_ledger_order_month_facts_of(first date, only_bills integer[], except_entries integer[])
RETURNS TABLE (order_id integer, legal_entity_id integer, payment_form_id integer, currency_id integer,
  revenue numeric, cost numeric)
LANGUAGE sql STABLE AS $$
  SELECT x.order_id, b.legal_entity_id, b.payment_form_id, b.currency_id, sum(e.revenue / x.n), sum(e.cost / x.n)
  FROM (
    SELECT le.bill_id,
      sum(CASE WHEN le.account = 'REVENUE' THEN -le.base_amount ELSE 0 END) AS revenue,
      sum(CASE WHEN le.account = 'COST' THEN le.base_amount ELSE 0 END) AS cost
    FROM ledger_transactions t JOIN ledger_entries le ON le.transaction_id = t.id
    WHERE t.date >= first AND t.date < (first + interval '1 month')::date
      AND le.account IN ('REVENUE', 'COST') AND le.bill_id IS NOT NULL
      AND (only_bills IS NULL OR le.bill_id = ANY (only_bills))
      AND (except_entries IS NULL OR NOT le.id = ANY (except_entries))
    GROUP BY le.bill_id
  ) e
  JOIN bills b ON b.id = e.bill_id AND b.internal_transfer_id IS NULL
  CROSS JOIN LATERAL (
    SELECT o.order_id, count(*) OVER () AS n
    FROM (
      SELECT unnest(b.order_ids) AS order_id
      UNION
      SELECT unnest(j.order_ids) FROM jobs j WHERE j.id = ANY (b.job_ids)
    ) o
  ) x
  GROUP BY x.order_id, b.legal_entity_id, b.payment_form_id, b.currency_id
$$;
--> statement-breakpoint
-- A posting into a locked month (only a user who may ignore the lock makes one) changes the facts of the
-- orders its bills reach, in its own transaction: per month, the bills' facts with this statement's entries
-- less those without them. The sums are exact, so the stored facts stay equal to the month summed again. The
-- period trigger before the insert holds the month's shared advisory lock, as for the totals (migration 0085).
CREATE OR REPLACE FUNCTION tms_ledger_order_month_facts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  FOR m IN
    SELECT l.month, array_agg(DISTINCT p.bill_id) AS bill_ids, array_agg(p.id) AS entry_ids
    FROM posted p
    JOIN ledger_transactions t ON t.id = p.transaction_id
    JOIN ledger_locked_months l ON l.month = date_trunc('month', t.date)::date
    WHERE p.bill_id IS NOT NULL AND p.account IN ('REVENUE', 'COST')
    GROUP BY l.month
  LOOP
    INSERT INTO ledger_order_month_facts AS r
      (month, order_id, legal_entity_id, payment_form_id, currency_id, revenue, cost)
    SELECT m.month, d.order_id, d.legal_entity_id, d.payment_form_id, d.currency_id, sum(d.revenue), sum(d.cost)
    FROM (
      SELECT f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, f.revenue, f.cost
      FROM tms_ledger_order_month_facts_of(m.month, m.bill_ids, NULL) f
      UNION ALL
      SELECT f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, -f.revenue, -f.cost
      FROM tms_ledger_order_month_facts_of(m.month, m.bill_ids, m.entry_ids) f
    ) d
    GROUP BY d.order_id, d.legal_entity_id, d.payment_form_id, d.currency_id
    ON CONFLICT ON CONSTRAINT ledger_order_month_facts_key DO UPDATE SET
      revenue = r.revenue + EXCLUDED.revenue, cost = r.cost + EXCLUDED.cost;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_order_month_facts AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION tms_ledger_order_month_facts_add();
--> statement-breakpoint
-- Months locked before this migration get their facts now.
INSERT INTO ledger_order_month_facts (month, order_id, legal_entity_id, payment_form_id, currency_id, revenue, cost)
SELECT l.month, f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, f.revenue, f.cost
FROM ledger_locked_months l
CROSS JOIN LATERAL tms_ledger_order_month_facts_of(l.month, NULL, NULL) f;

-- Spec §8, held by the database at commit whoever writes (docs/finance.md "Internal transfers"): a payment's
-- links go to bills of its currency and direction and of its internal transfer (a transfer's payment pays only
-- that transfer's intercompany bills, a transfer's bill takes only that transfer's payments, an ordinary
-- payment ordinary bills); its linked amount is the sum of its links. Replaces the function of payments.sql.
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
  IF EXISTS (
    SELECT 1 FROM payment_bills l JOIN payments p ON p.id = l.payment_id JOIN bills b ON b.id = l.bill_id
    WHERE l.payment_id = target AND b.internal_transfer_id IS DISTINCT FROM p.internal_transfer_id
  ) THEN
    RAISE EXCEPTION 'Payment % links a bill of another internal transfer', target USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;

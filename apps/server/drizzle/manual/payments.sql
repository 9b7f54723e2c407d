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

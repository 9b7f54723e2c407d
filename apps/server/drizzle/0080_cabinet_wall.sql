-- The database's second wall around the cabinets (docs/decisions/016-cabinet-wall.md): a cabinet's call runs
-- as the role tms_cabinet (neither owner nor superuser) with its counterparty set for the transaction; the
-- tables holding a counterparty's rows let that role see and write only that counterparty's rows. Forced, so
-- the tables' owner is subject too (staff connections pass the staff policy); an unset counterparty is no
-- row (fails closed). Roles belong to the cluster: many databases of one server (tests) share it, and two
-- migrating at once may race to create it.
DO $$
BEGIN
  FOR attempt IN 1..5 LOOP
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tms_cabinet') THEN
        CREATE ROLE tms_cabinet NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS;
      END IF;
      -- PostgreSQL 16 grants a role's creator no SET on it unless asked; before 16 a member may set it.
      IF NOT pg_has_role(current_user, 'tms_cabinet',
        CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END) THEN
        EXECUTE format('GRANT tms_cabinet TO %I', current_user);
      END IF;
      EXIT;
    EXCEPTION WHEN duplicate_object OR unique_violation OR internal_error THEN
      PERFORM pg_sleep(0.05 * attempt);
    END;
  END LOOP;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tms_cabinet;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tms_cabinet;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO tms_cabinet;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tms_cabinet;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO tms_cabinet;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tms_cabinet_counterparty() RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('tms.cabinet_counterparty', true), '')::integer $$;
--> statement-breakpoint
ALTER TABLE customer_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE customer_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON customer_requests USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON customer_requests TO tms_cabinet USING (client_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON orders USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON orders TO tms_cabinet USING (client_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE printable_bills ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE printable_bills FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON printable_bills USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON printable_bills TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE cabinet_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cabinet_users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON cabinet_users USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON cabinet_users TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());
--> statement-breakpoint
-- A stage is the cabinet's when its order is (the orders' own policy filters the subqueries), when its job
-- carries one of the cabinet's orders, or when its job is given to the cabinet's counterparty.
ALTER TABLE stages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON stages USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON stages TO tms_cabinet USING (
  (operation_type = 'order' AND EXISTS (SELECT 1 FROM orders o WHERE o.id = stages.operation_id))
  OR (operation_type = 'job' AND EXISTS (
    SELECT 1 FROM job_orders jo JOIN orders o ON o.id = jo.order_id WHERE jo.job_id = stages.operation_id
  ))
  OR (operation_type = 'job' AND EXISTS (
    SELECT 1 FROM jobs j WHERE j.id = stages.operation_id AND j.contractor_id = tms_cabinet_counterparty()
  ))
);

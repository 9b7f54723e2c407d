-- Hand-written (docs/decisions/016-cabinet-wall.md): the contractor's portal and the carrier's cabinet read
-- jobs (his jobs, his trips) and request offers (the offers asked of him); the role tms_cabinet sees and
-- writes only the jobs given to its counterparty and the offers asked of it. The customer requests' and
-- orders' cabinet policies already ask about the counterparty's own jobs and offers only, so they read the
-- same under these policies (and neither of these refers back to them: no recursion).
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON jobs USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON jobs TO tms_cabinet USING (contractor_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE request_offers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE request_offers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON request_offers USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON request_offers TO tms_cabinet USING (contractor_id = tms_cabinet_counterparty());
--> statement-breakpoint
-- Whether an order (or a job) has a job with a cost and no expense bill yet (operations' bills-complete.ts).
-- A stage a contractor closes applies MARK_ORDER_READY to the orders of his job inside his walled
-- transaction, where the other contractors' jobs of the same order are hidden: the answer must count them
-- all, so it is read as the function's owner (a staff connection, whom the staff policy lets see every
-- job). It answers one yes or no about one order, nothing of the jobs themselves.
CREATE OR REPLACE FUNCTION tms_unbilled_costly_job(p_order_id integer, p_job_id integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM jobs j
      WHERE (j.order_ids @> ARRAY[p_order_id] OR j.id = p_job_id)
        AND NOT j.tracking AND coalesce(j.cost_amount, 0) <> 0
        AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.direction = 'EXPENSE' AND b.job_ids @> ARRAY[j.id])
    )
  $$;

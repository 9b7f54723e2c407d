-- Hand-written (docs/decisions/016-cabinet-wall.md): closing a stage from the contractor's portal or the
-- carrier's cabinet applies the stage's behaviours (expenses filed, the completion date, finance control...)
-- to the orders its job carries, as the system, inside the cabinet's walled transaction: the role tms_cabinet
-- may lock and update (never insert nor delete) an order carried by a job whose contractor is its
-- counterparty. The kernel gives cabinets no write of orders: operations' stage effects alone write them.
CREATE POLICY cabinet_contractor_stage_effects ON orders FOR UPDATE TO tms_cabinet USING (
  EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.contractor_id = tms_cabinet_counterparty() AND orders.id = ANY (j.order_ids)
  )
);

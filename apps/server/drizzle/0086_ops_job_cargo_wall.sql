-- Hand-written (docs/decisions/016-cabinet-wall.md): a contractor's portal shows the cargo of a job given to
-- him, which is a document of the job's orders; the role tms_cabinet may read (only read) an order carried by
-- a job whose contractor is its counterparty. The kernel's predicates still decide what a cabinet is shown.
CREATE POLICY cabinet_contractor_read ON orders FOR SELECT TO tms_cabinet USING (
  EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.contractor_id = tms_cabinet_counterparty() AND orders.id = ANY (j.order_ids)
  )
);

-- Hand-written (docs/decisions/016-cabinet-wall.md): a contractor's bills are rows of his counterparty,
-- behind the cabinets' second wall: the role tms_cabinet sees and writes only its counterparty's; staff
-- connections pass the staff policy.
ALTER TABLE contractor_bills ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE contractor_bills FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON contractor_bills USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON contractor_bills TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());

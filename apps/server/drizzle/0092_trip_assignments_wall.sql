-- Hand-written (docs/decisions/016-cabinet-wall.md): a trip's driver and vehicle are rows of the carrier's
-- counterparty, behind the cabinets' second wall like his drivers and vehicles: the role tms_cabinet sees and
-- writes only its counterparty's; staff connections pass the staff policy.
ALTER TABLE trip_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trip_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON trip_assignments USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON trip_assignments TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());

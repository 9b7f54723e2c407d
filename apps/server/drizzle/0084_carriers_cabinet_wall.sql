-- Hand-written (docs/decisions/016-cabinet-wall.md): a carrier's drivers, vehicles and the drivers'
-- verification history are rows of one counterparty, behind the cabinets' second wall like the others: the
-- role tms_cabinet sees and writes only its counterparty's; a driver's history is the cabinet's when its
-- driver is (the drivers' own policy filters the subquery); staff connections pass the staff policy.
ALTER TABLE counterparty_drivers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE counterparty_drivers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON counterparty_drivers USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON counterparty_drivers TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE counterparty_vehicles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE counterparty_vehicles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON counterparty_vehicles USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON counterparty_vehicles TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE driver_verifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE driver_verifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON driver_verifications USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON driver_verifications TO tms_cabinet USING (
  EXISTS (SELECT 1 FROM counterparty_drivers d WHERE d.id = driver_verifications.driver_id)
);

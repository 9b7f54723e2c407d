-- Hand-written (carriers' drivers, issue 37): the old identity check (verified / not_verified / delay, set by
-- hand) becomes the verification status: verified stays verified, a delayed check is pending, a driver never
-- checked is not submitted. The moves are kept as the system's first entries of each driver's history.
UPDATE "counterparty_drivers" SET "verification_status" = CASE "identity_verification"
    WHEN 'verified' THEN 'verified'
    WHEN 'delay' THEN 'pending'
    ELSE 'draft'
  END;--> statement-breakpoint
INSERT INTO "driver_verifications" ("driver_id", "from_status", "to_status", "actor")
  SELECT "id", NULL, "verification_status", 'system' FROM "counterparty_drivers"
  WHERE "verification_status" <> 'draft' ORDER BY "id";

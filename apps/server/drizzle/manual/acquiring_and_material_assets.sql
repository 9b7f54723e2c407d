-- Material assets bought by a bill (docs/finance.md "Material assets"). The foreign key to bills is written here,
-- as the company module's tables (material_assets) cannot import finance's (bills build on company). The
-- trigger holds spec §8 whoever writes: an asset linked to a bill is of an expense bill, in its currency and
-- for its amount.
ALTER TABLE "material_assets" DROP CONSTRAINT IF EXISTS "material_assets_bill_id_bills_id_fk";--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tms_material_asset_bill_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bill_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM bills b
    WHERE b.id = NEW.bill_id AND b.direction = 'EXPENSE' AND b.currency_id = NEW.currency_id
      AND b.amount = NEW.amount
  ) THEN
    RAISE EXCEPTION 'Material asset % does not match its bill %', NEW.id, NEW.bill_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS material_assets_bill_holds ON material_assets;--> statement-breakpoint
CREATE TRIGGER material_assets_bill_holds BEFORE INSERT OR UPDATE ON material_assets
  FOR EACH ROW EXECUTE FUNCTION tms_material_asset_bill_holds();

CREATE TABLE "acquiring_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acquiring_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"acquirer_id" integer NOT NULL,
	"payment_form_id" integer NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"counterparty_id" integer NOT NULL,
	"gross_amount" numeric(18, 2) NOT NULL,
	"commission_rate" numeric(7, 4),
	"commission_amount" numeric(18, 2) NOT NULL,
	"net_amount" numeric(18, 2) NOT NULL,
	"payment_id" integer NOT NULL,
	"comment" text,
	"service_office_id" integer,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\n' || coalesce("comment", ''))) STORED,
	CONSTRAINT "acquiring_operations_amounts" CHECK ("acquiring_operations"."gross_amount" > 0 AND "acquiring_operations"."commission_amount" >= 0 AND "acquiring_operations"."commission_amount" < "acquiring_operations"."gross_amount" AND "acquiring_operations"."net_amount" = "acquiring_operations"."gross_amount" - "acquiring_operations"."commission_amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
DROP INDEX "material_assets_cost_idx";--> statement-breakpoint
ALTER TABLE "material_assets" ADD COLUMN "status" text DEFAULT 'in_use' NOT NULL;--> statement-breakpoint
ALTER TABLE "material_assets" ADD COLUMN "legal_entity_id" integer;--> statement-breakpoint
ALTER TABLE "material_assets" RENAME COLUMN "cost" TO "amount";--> statement-breakpoint
ALTER TABLE "material_assets" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "material_assets" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_acquirer_id_counterparties_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquiring_operations" ADD CONSTRAINT "acquiring_operations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acquiring_operations_payment_uq" ON "acquiring_operations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_acquirer_idx" ON "acquiring_operations" USING btree ("acquirer_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_payment_form_idx" ON "acquiring_operations" USING btree ("payment_form_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_legal_entity_idx" ON "acquiring_operations" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_currency_idx" ON "acquiring_operations" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_counterparty_idx" ON "acquiring_operations" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_office_idx" ON "acquiring_operations" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_created_by_idx" ON "acquiring_operations" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_number_idx" ON "acquiring_operations" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_date_idx" ON "acquiring_operations" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_gross_amount_idx" ON "acquiring_operations" USING btree ("gross_amount","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_commission_amount_idx" ON "acquiring_operations" USING btree ("commission_amount","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_net_amount_idx" ON "acquiring_operations" USING btree ("net_amount","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_created_at_idx" ON "acquiring_operations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "acquiring_operations_search_trgm" ON "acquiring_operations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_assets_legal_entity_idx" ON "material_assets" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "material_assets_bill_idx" ON "material_assets" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "material_assets_status_idx" ON "material_assets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "material_assets_amount_idx" ON "material_assets" USING btree ("amount","id");--> statement-breakpoint
UPDATE "material_assets" SET "status" = 'written_off' WHERE NOT "enabled";--> statement-breakpoint
ALTER TABLE "material_assets" DROP COLUMN "enabled";--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_status" CHECK ("material_assets"."status" IN ('in_use', 'written_off'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" IN ('RECEIVABLE', 'PAYABLE', 'REVENUE', 'COST', 'DISBURSEMENT', 'CASH', 'ADVANCES_RECEIVED', 'ADVANCES_PAID', 'CONVERSION', 'INTERNAL_TRANSFERS', 'COMMISSION', 'ACQUIRING_COMMISSION'));--> statement-breakpoint
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

CREATE TABLE "internal_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internal_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"sender_form_id" integer NOT NULL,
	"sender_legal_entity_id" integer NOT NULL,
	"recipient_form_id" integer NOT NULL,
	"recipient_legal_entity_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"order_id" integer,
	"comment" text,
	"service_office_id" integer,
	"created_by_id" integer,
	CONSTRAINT "internal_transfers_amount_positive" CHECK ("internal_transfers"."amount" > 0),
	CONSTRAINT "internal_transfers_forms" CHECK ("internal_transfers"."sender_form_id" <> "internal_transfers"."recipient_form_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "internal_transfer_id" integer;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_sender_form_id_payment_forms_id_fk" FOREIGN KEY ("sender_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_sender_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("sender_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_recipient_form_id_payment_forms_id_fk" FOREIGN KEY ("recipient_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_recipient_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("recipient_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_transfers" ADD CONSTRAINT "internal_transfers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internal_transfers_sender_form_idx" ON "internal_transfers" USING btree ("sender_form_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_recipient_form_idx" ON "internal_transfers" USING btree ("recipient_form_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_order_idx" ON "internal_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_office_idx" ON "internal_transfers" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_created_by_idx" ON "internal_transfers" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_sender_entity_idx" ON "internal_transfers" USING btree ("sender_legal_entity_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_recipient_entity_idx" ON "internal_transfers" USING btree ("recipient_legal_entity_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_currency_idx" ON "internal_transfers" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "internal_transfers_date_idx" ON "internal_transfers" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "internal_transfers_amount_idx" ON "internal_transfers" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "internal_transfers_created_at_idx" ON "internal_transfers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_internal_transfer_id_internal_transfers_id_fk" FOREIGN KEY ("internal_transfer_id") REFERENCES "public"."internal_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_internal_transfer_uq" ON "payments" USING btree ("internal_transfer_id","direction");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" IN ('RECEIVABLE', 'PAYABLE', 'REVENUE', 'COST', 'DISBURSEMENT', 'CASH', 'ADVANCES_RECEIVED', 'ADVANCES_PAID', 'CONVERSION', 'INTERNAL_TRANSFERS'));
CREATE TABLE "warehouse_storage_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_storage_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"place_days" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "storage_service_id" integer;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "storage_payment_form_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_storage_charges" ADD CONSTRAINT "warehouse_storage_charges_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_storage_charges" ADD CONSTRAINT "warehouse_storage_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_storage_charges" ADD CONSTRAINT "warehouse_storage_charges_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_storage_charges_uq" ON "warehouse_storage_charges" USING btree ("warehouse_id","order_id","period_from");--> statement-breakpoint
CREATE INDEX "warehouse_storage_charges_order_idx" ON "warehouse_storage_charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "warehouse_storage_charges_bill_idx" ON "warehouse_storage_charges" USING btree ("bill_id");--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_storage_service_id_warehouse_services_id_fk" FOREIGN KEY ("storage_service_id") REFERENCES "public"."warehouse_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_storage_payment_form_id_payment_forms_id_fk" FOREIGN KEY ("storage_payment_form_id") REFERENCES "public"."payment_forms"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "job_orders" (
	"job_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "job_orders_job_id_order_id_pk" PRIMARY KEY("job_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" integer GENERATED ALWAYS AS ("id") STORED NOT NULL,
	"route" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dispatch_date" date,
	"delivery_date" date,
	"service_office_id" integer,
	"forwarder_id" integer,
	"custom_field_group_id" integer,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"finance_control_status" text DEFAULT 'NOT_READY' NOT NULL,
	"finance_control_reason_id" integer,
	"finance_control_changed_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"failure" boolean DEFAULT false NOT NULL,
	"damaged" boolean DEFAULT false NOT NULL,
	"completion_date" date,
	"created_by_id" integer,
	"job_type_id" integer NOT NULL,
	"contractor_id" integer,
	"contractor_name" text,
	"order_ids" integer[] DEFAULT '{}' NOT NULL,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"cost_amount" numeric(18, 2),
	"cost_currency_id" integer,
	"tracking" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(lpad("id"::text, 6, '0') || E'\n' || coalesce("contractor_name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "operation_property_views" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" integer GENERATED ALWAYS AS ("id") STORED NOT NULL,
	"route" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dispatch_date" date,
	"delivery_date" date,
	"service_office_id" integer,
	"forwarder_id" integer,
	"custom_field_group_id" integer,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"finance_control_status" text DEFAULT 'NOT_READY' NOT NULL,
	"finance_control_reason_id" integer,
	"finance_control_changed_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"failure" boolean DEFAULT false NOT NULL,
	"damaged" boolean DEFAULT false NOT NULL,
	"completion_date" date,
	"created_by_id" integer,
	"client_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"product_id" integer NOT NULL,
	"service_id" integer,
	"seller_id" integer,
	"curator_ids" integer[] DEFAULT '{}' NOT NULL,
	"transport_type" text,
	"shipment_term_id" integer,
	"payment_terms_basis" text,
	"payment_terms_days" integer,
	"dispatch_country_id" integer,
	"delivery_country_id" integer,
	"cargo" jsonb NOT NULL,
	"cargo_description" text,
	"cargo_insurance_status" text DEFAULT 'NOT_READY' NOT NULL,
	"tnved_control_status" text DEFAULT 'NOT_READY' NOT NULL,
	"transfers_status" text DEFAULT 'not-required' NOT NULL,
	"marking_status" text DEFAULT 'not_required' NOT NULL,
	"in_warehouse" boolean DEFAULT false NOT NULL,
	"expenses_filed" boolean DEFAULT false NOT NULL,
	"contractor_ids" integer[] DEFAULT '{}' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(lpad("id"::text, 6, '0') || E'\n' || coalesce("client_name"::text, '') || E'\n' || coalesce("cargo_description"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation_type" text NOT NULL,
	"operation_id" integer NOT NULL,
	"stage_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"pcc_name" text NOT NULL,
	"pcc_visible" boolean NOT NULL,
	"ops_name" text NOT NULL,
	"ops_visible" boolean NOT NULL,
	"behaviours" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"expected_date" date,
	"actual_date" date,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" integer,
	"comment" text
);
--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_forwarder_id_users_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_custom_field_group_id_operation_custom_field_groups_id_fk" FOREIGN KEY ("custom_field_group_id") REFERENCES "public"."operation_custom_field_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_finance_control_reason_id_finance_control_status_reasons_id_fk" FOREIGN KEY ("finance_control_reason_id") REFERENCES "public"."finance_control_status_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_contractor_id_counterparties_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_cost_currency_id_currencies_id_fk" FOREIGN KEY ("cost_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_property_views" ADD CONSTRAINT "operation_property_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_forwarder_id_users_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_custom_field_group_id_operation_custom_field_groups_id_fk" FOREIGN KEY ("custom_field_group_id") REFERENCES "public"."operation_custom_field_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_finance_control_reason_id_finance_control_status_reasons_id_fk" FOREIGN KEY ("finance_control_reason_id") REFERENCES "public"."finance_control_status_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipment_term_id_shipment_terms_id_fk" FOREIGN KEY ("shipment_term_id") REFERENCES "public"."shipment_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispatch_country_id_countries_id_fk" FOREIGN KEY ("dispatch_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_country_id_countries_id_fk" FOREIGN KEY ("delivery_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_stage_type_id_stage_types_id_fk" FOREIGN KEY ("stage_type_id") REFERENCES "public"."stage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_orders_order_idx" ON "job_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "jobs_job_type_idx" ON "jobs" USING btree ("job_type_id");--> statement-breakpoint
CREATE INDEX "jobs_contractor_idx" ON "jobs" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "jobs_office_idx" ON "jobs" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "jobs_forwarder_idx" ON "jobs" USING btree ("forwarder_id");--> statement-breakpoint
CREATE INDEX "jobs_orders_idx" ON "jobs" USING gin ("order_ids");--> statement-breakpoint
CREATE INDEX "jobs_clients_idx" ON "jobs" USING gin ("client_ids");--> statement-breakpoint
CREATE INDEX "jobs_number_idx" ON "jobs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "jobs_contractor_name_idx" ON "jobs" USING btree ("contractor_name");--> statement-breakpoint
CREATE INDEX "jobs_dispatch_date_idx" ON "jobs" USING btree ("dispatch_date");--> statement-breakpoint
CREATE INDEX "jobs_delivery_date_idx" ON "jobs" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "jobs_cost_amount_idx" ON "jobs" USING btree ("cost_amount");--> statement-breakpoint
CREATE INDEX "jobs_finance_control_status_idx" ON "jobs" USING btree ("finance_control_status");--> statement-breakpoint
CREATE INDEX "jobs_completion_date_idx" ON "jobs" USING btree ("completion_date");--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_updated_at_idx" ON "jobs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_service_idx" ON "orders" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "orders_office_idx" ON "orders" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "orders_forwarder_idx" ON "orders" USING btree ("forwarder_id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "orders_curators_idx" ON "orders" USING gin ("curator_ids");--> statement-breakpoint
CREATE INDEX "orders_contractors_idx" ON "orders" USING gin ("contractor_ids");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("archived","finance_control_status");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_client_name_idx" ON "orders" USING btree ("client_name");--> statement-breakpoint
CREATE INDEX "orders_transport_type_idx" ON "orders" USING btree ("transport_type");--> statement-breakpoint
CREATE INDEX "orders_dispatch_date_idx" ON "orders" USING btree ("dispatch_date");--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "orders_finance_control_status_idx" ON "orders" USING btree ("finance_control_status");--> statement-breakpoint
CREATE INDEX "orders_cargo_insurance_status_idx" ON "orders" USING btree ("cargo_insurance_status");--> statement-breakpoint
CREATE INDEX "orders_tnved_control_status_idx" ON "orders" USING btree ("tnved_control_status");--> statement-breakpoint
CREATE INDEX "orders_transfers_status_idx" ON "orders" USING btree ("transfers_status");--> statement-breakpoint
CREATE INDEX "orders_marking_status_idx" ON "orders" USING btree ("marking_status");--> statement-breakpoint
CREATE INDEX "orders_completion_date_idx" ON "orders" USING btree ("completion_date");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_search_trgm" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stages_operation_idx" ON "stages" USING btree ("operation_type","operation_id");--> statement-breakpoint
CREATE INDEX "stages_open_expected_idx" ON "stages" USING btree ("expected_date","operation_type","operation_id") WHERE NOT closed;
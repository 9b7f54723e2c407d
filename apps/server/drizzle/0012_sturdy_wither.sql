CREATE TABLE "banks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"bik" text,
	"swift" text,
	"correspondent_account" text,
	"country_id" integer NOT NULL,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("bik"::text, '') || E'\n' || coalesce("swift"::text, '') || E'\n' || coalesce("correspondent_account"::text, '') || E'\n' || coalesce("address"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_features" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_features_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "legal_entities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_entities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"inn" text,
	"kpp" text,
	"ogrn" text,
	"country_id" integer NOT NULL,
	"address" text,
	"vat_payer" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("short_name"::text, '') || E'\n' || coalesce("inn"::text, '') || E'\n' || coalesce("kpp"::text, '') || E'\n' || coalesce("ogrn"::text, '') || E'\n' || coalesce("address"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "material_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"inventory_number" text NOT NULL,
	"kind" text NOT NULL,
	"service_office_id" integer,
	"responsible_user_id" integer,
	"acquisition_date" date,
	"cost" numeric(18, 2),
	"currency_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("inventory_number"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "payment_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"currency_id" integer NOT NULL,
	"service_office_id" integer,
	"with_vat" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("account_number"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "stage_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stage_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pcc_name" text,
	"pcc_visible" boolean DEFAULT false NOT NULL,
	"ops_name" text,
	"ops_visible" boolean DEFAULT true NOT NULL,
	"behaviours" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("code"::text, '') || E'\n' || coalesce("pcc_name"::text, '') || E'\n' || coalesce("ops_name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "shipment_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_assets" ADD CONSTRAINT "material_assets_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_forms" ADD CONSTRAINT "payment_forms_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_bik_uq" ON "banks" USING btree ("bik");--> statement-breakpoint
CREATE INDEX "banks_country_idx" ON "banks" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "banks_name_idx" ON "banks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "banks_swift_idx" ON "banks" USING btree ("swift");--> statement-breakpoint
CREATE INDEX "banks_updated_at_idx" ON "banks" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "banks_search_trgm" ON "banks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_features_code_uq" ON "counterparty_features" USING btree ("code");--> statement-breakpoint
CREATE INDEX "counterparty_features_name_idx" ON "counterparty_features" USING btree ("name");--> statement-breakpoint
CREATE INDEX "counterparty_features_name_en_idx" ON "counterparty_features" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "counterparty_features_updated_at_idx" ON "counterparty_features" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_features_search_trgm" ON "counterparty_features" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_statuses_code_uq" ON "counterparty_statuses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_name_idx" ON "counterparty_statuses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_name_en_idx" ON "counterparty_statuses" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_updated_at_idx" ON "counterparty_statuses" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_search_trgm" ON "counterparty_statuses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "legal_entities_short_name_uq" ON "legal_entities" USING btree ("short_name");--> statement-breakpoint
CREATE INDEX "legal_entities_country_idx" ON "legal_entities" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "legal_entities_name_idx" ON "legal_entities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "legal_entities_updated_at_idx" ON "legal_entities" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "legal_entities_search_trgm" ON "legal_entities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "material_assets_inventory_number_uq" ON "material_assets" USING btree ("inventory_number");--> statement-breakpoint
CREATE INDEX "material_assets_service_office_idx" ON "material_assets" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "material_assets_responsible_user_idx" ON "material_assets" USING btree ("responsible_user_id");--> statement-breakpoint
CREATE INDEX "material_assets_currency_idx" ON "material_assets" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "material_assets_name_idx" ON "material_assets" USING btree ("name");--> statement-breakpoint
CREATE INDEX "material_assets_kind_idx" ON "material_assets" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "material_assets_acquisition_date_idx" ON "material_assets" USING btree ("acquisition_date");--> statement-breakpoint
CREATE INDEX "material_assets_cost_idx" ON "material_assets" USING btree ("cost");--> statement-breakpoint
CREATE INDEX "material_assets_updated_at_idx" ON "material_assets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "material_assets_search_trgm" ON "material_assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_forms_name_uq" ON "payment_forms" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_forms_account_uq" ON "payment_forms" USING btree ("account_number","bank_id","currency_id");--> statement-breakpoint
CREATE INDEX "payment_forms_legal_entity_idx" ON "payment_forms" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "payment_forms_bank_idx" ON "payment_forms" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "payment_forms_currency_idx" ON "payment_forms" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "payment_forms_service_office_idx" ON "payment_forms" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "payment_forms_updated_at_idx" ON "payment_forms" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "payment_forms_search_trgm" ON "payment_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stage_types_code_uq" ON "stage_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stage_types_name_idx" ON "stage_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stage_types_pcc_name_idx" ON "stage_types" USING btree ("pcc_name");--> statement-breakpoint
CREATE INDEX "stage_types_ops_name_idx" ON "stage_types" USING btree ("ops_name");--> statement-breakpoint
CREATE INDEX "stage_types_sort_order_idx" ON "stage_types" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "stage_types_updated_at_idx" ON "stage_types" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "stage_types_search_trgm" ON "stage_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_terms_code_uq" ON "shipment_terms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipment_terms_name_idx" ON "shipment_terms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "shipment_terms_name_en_idx" ON "shipment_terms" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "shipment_terms_type_idx" ON "shipment_terms" USING btree ("type");--> statement-breakpoint
CREATE INDEX "shipment_terms_updated_at_idx" ON "shipment_terms" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "shipment_terms_search_trgm" ON "shipment_terms" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "counterparties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"full_name" text,
	"name_en" text,
	"client" boolean DEFAULT false NOT NULL,
	"contractor" boolean DEFAULT false NOT NULL,
	"country_id" integer NOT NULL,
	"inn" text,
	"kpp" text,
	"ogrn" text,
	"okpo" text,
	"taxpayer_id" text,
	"primary_state_registration_number" text,
	"vat_certificate" text,
	"legal_address" text,
	"postal_address" text,
	"phone" text,
	"email" text,
	"emails" text,
	"website" text,
	"status_id" integer,
	"feature_ids" integer[] DEFAULT '{}' NOT NULL,
	"service_office_id" integer,
	"curator_ids" integer[] DEFAULT '{}' NOT NULL,
	"manager_ids" integer[] DEFAULT '{}' NOT NULL,
	"credit_limit" numeric(18, 2),
	"credit_limit_threshold" numeric(18, 2),
	"order_capacity" integer,
	"segment" text,
	"difficult" boolean DEFAULT false NOT NULL,
	"management_lock" boolean DEFAULT false NOT NULL,
	"liquid_access" boolean DEFAULT false NOT NULL,
	"application_required" boolean DEFAULT true NOT NULL,
	"bonus_payment_window_days" integer,
	"black_list" boolean DEFAULT false NOT NULL,
	"black_list_reason" text,
	"first_contact" date,
	"restored_date" date,
	"valid_until" date,
	"payment_terms_basis" text,
	"payment_terms_days" integer,
	"api_allowed_ips" text[] DEFAULT '{}' NOT NULL,
	"api_key_hash" text,
	"api_key_created_at" timestamp with time zone,
	"merged_into_id" integer,
	"merged_at" timestamp with time zone,
	"comment" text,
	"phone_key" text GENERATED ALWAYS AS (nullif(right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 10), '')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("full_name"::text, '') || E'\n' || coalesce("name_en"::text, '') || E'\n' || coalesce("inn"::text, '') || E'\n' || coalesce("email"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"agreement_type_id" integer NOT NULL,
	"number" text NOT NULL,
	"date" date,
	"valid_from" date,
	"valid_until" date,
	"legal_entity_id" integer,
	"comment" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number"::text, '') || E'\n' || coalesce("comment"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"bank_id" integer,
	"bank_name" text,
	"bik" text,
	"account" text,
	"correspondent_account" text,
	"iban" text,
	"swift" text,
	"currency_id" integer,
	"primary" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("bank_name"::text, '') || E'\n' || coalesce("bik"::text, '') || E'\n' || coalesce("account"::text, '') || E'\n' || coalesce("iban"::text, '') || E'\n' || coalesce("swift"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"birth_date" date,
	"passport_series" text,
	"passport_number" text,
	"passport_issued_by" text,
	"passport_issued_at" date,
	"license_number" text,
	"insurance_verified" boolean DEFAULT false NOT NULL,
	"insurance_verified_at" date,
	"identity_verification" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("phone"::text, '') || E'\n' || coalesce("passport_number"::text, '') || E'\n' || coalesce("license_number"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "counterparty_vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counterparty_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"plate" text NOT NULL,
	"trailer_plate" text,
	"brand" text,
	"comment" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("plate"::text, '') || E'\n' || coalesce("trailer_plate"::text, '') || E'\n' || coalesce("brand"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "counterparty_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "emails" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (nullif(right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 10), '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("position"::text, '') || E'\n' || coalesce("email"::text, '') || E'\n' || coalesce("phone"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_status_id_counterparty_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."counterparty_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_merged_into_id_counterparties_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_agreements" ADD CONSTRAINT "counterparty_agreements_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_agreements" ADD CONSTRAINT "counterparty_agreements_agreement_type_id_agreement_types_id_fk" FOREIGN KEY ("agreement_type_id") REFERENCES "public"."agreement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_agreements" ADD CONSTRAINT "counterparty_agreements_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_bank_accounts" ADD CONSTRAINT "counterparty_bank_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_drivers" ADD CONSTRAINT "counterparty_drivers_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_vehicles" ADD CONSTRAINT "counterparty_vehicles_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counterparty_vehicles" ADD CONSTRAINT "counterparty_vehicles_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_inn_kpp_uq" ON "counterparties" USING btree ("inn",coalesce("kpp", '')) WHERE "counterparties"."inn" IS NOT NULL AND "counterparties"."merged_into_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_api_key_uq" ON "counterparties" USING btree ("api_key_hash");--> statement-breakpoint
CREATE INDEX "counterparties_name_trgm" ON "counterparties" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparties_email_lower_idx" ON "counterparties" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "counterparties_emails_idx" ON "counterparties" USING gin (string_to_array(lower("emails"), ', '));--> statement-breakpoint
CREATE INDEX "counterparties_phone_key_idx" ON "counterparties" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "counterparties_curators_idx" ON "counterparties" USING gin ("curator_ids");--> statement-breakpoint
CREATE INDEX "counterparties_managers_idx" ON "counterparties" USING gin ("manager_ids");--> statement-breakpoint
CREATE INDEX "counterparties_features_idx" ON "counterparties" USING gin ("feature_ids");--> statement-breakpoint
CREATE INDEX "counterparties_office_idx" ON "counterparties" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "counterparties_country_idx" ON "counterparties" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "counterparties_status_idx" ON "counterparties" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "counterparties_merged_into_idx" ON "counterparties" USING btree ("merged_into_id");--> statement-breakpoint
CREATE INDEX "counterparties_name_idx" ON "counterparties" USING btree ("name");--> statement-breakpoint
CREATE INDEX "counterparties_inn_idx" ON "counterparties" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "counterparties_client_idx" ON "counterparties" USING btree ("client");--> statement-breakpoint
CREATE INDEX "counterparties_contractor_idx" ON "counterparties" USING btree ("contractor");--> statement-breakpoint
CREATE INDEX "counterparties_credit_limit_idx" ON "counterparties" USING btree ("credit_limit");--> statement-breakpoint
CREATE INDEX "counterparties_segment_idx" ON "counterparties" USING btree ("segment");--> statement-breakpoint
CREATE INDEX "counterparties_black_list_idx" ON "counterparties" USING btree ("black_list");--> statement-breakpoint
CREATE INDEX "counterparties_first_contact_idx" ON "counterparties" USING btree ("first_contact");--> statement-breakpoint
CREATE INDEX "counterparties_created_at_idx" ON "counterparties" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "counterparties_updated_at_idx" ON "counterparties" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparties_search_trgm" ON "counterparties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparty_agreements_counterparty_idx" ON "counterparty_agreements" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_number_idx" ON "counterparty_agreements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_date_idx" ON "counterparty_agreements" USING btree ("date");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_valid_from_idx" ON "counterparty_agreements" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_valid_until_idx" ON "counterparty_agreements" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_updated_at_idx" ON "counterparty_agreements" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_search_trgm" ON "counterparty_agreements" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_counterparty_idx" ON "counterparty_bank_accounts" USING btree ("counterparty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "counterparty_bank_accounts_primary_uq" ON "counterparty_bank_accounts" USING btree ("counterparty_id") WHERE "counterparty_bank_accounts"."primary";--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_primary_idx" ON "counterparty_bank_accounts" USING btree ("primary");--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_updated_at_idx" ON "counterparty_bank_accounts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_search_trgm" ON "counterparty_bank_accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparty_drivers_counterparty_idx" ON "counterparty_drivers" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_name_idx" ON "counterparty_drivers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_updated_at_idx" ON "counterparty_drivers" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_search_trgm" ON "counterparty_drivers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_counterparty_idx" ON "counterparty_vehicles" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_plate_idx" ON "counterparty_vehicles" USING btree ("plate");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_updated_at_idx" ON "counterparty_vehicles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_search_trgm" ON "counterparty_vehicles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_counterparty_idx" ON "contacts" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_phone_key_idx" ON "contacts" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);
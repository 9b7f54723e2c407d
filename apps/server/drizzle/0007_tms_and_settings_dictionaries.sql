CREATE TABLE "file_tag_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_tag_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"color" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "finance_control_status_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_control_status_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "request_offer_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_offer_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "customs_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customs_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"country_id" integer NOT NULL,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, '') || E'\n' || coalesce("address"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"service_ids" integer[] DEFAULT '{}' NOT NULL,
	"max_dispatch_points" integer,
	"max_delivery_points" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"transport_type" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "customs_points" ADD CONSTRAINT "customs_points_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_tag_types_code_uq" ON "file_tag_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "file_tag_types_name_idx" ON "file_tag_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "file_tag_types_name_en_idx" ON "file_tag_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "file_tag_types_updated_at_idx" ON "file_tag_types" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "file_tag_types_search_trgm" ON "file_tag_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "finance_control_status_reasons_name_uq" ON "finance_control_status_reasons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "finance_control_status_reasons_name_en_idx" ON "finance_control_status_reasons" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "finance_control_status_reasons_updated_at_idx" ON "finance_control_status_reasons" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "finance_control_status_reasons_search_trgm" ON "finance_control_status_reasons" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "request_offer_types_code_uq" ON "request_offer_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "request_offer_types_name_idx" ON "request_offer_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "request_offer_types_name_en_idx" ON "request_offer_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "request_offer_types_updated_at_idx" ON "request_offer_types" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "request_offer_types_search_trgm" ON "request_offer_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customs_points_code_uq" ON "customs_points" USING btree ("code");--> statement-breakpoint
CREATE INDEX "customs_points_country_idx" ON "customs_points" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "customs_points_name_idx" ON "customs_points" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customs_points_name_en_idx" ON "customs_points" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "customs_points_updated_at_idx" ON "customs_points" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "customs_points_search_trgm" ON "customs_points" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "job_types_code_uq" ON "job_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_types_product_ids_idx" ON "job_types" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "job_types_name_idx" ON "job_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "job_types_name_en_idx" ON "job_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "job_types_updated_at_idx" ON "job_types" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "job_types_search_trgm" ON "job_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_service_ids_idx" ON "products" USING gin ("service_ids");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_name_en_idx" ON "products" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "products_max_dispatch_points_idx" ON "products" USING btree ("max_dispatch_points");--> statement-breakpoint
CREATE INDEX "products_max_delivery_points_idx" ON "products" USING btree ("max_delivery_points");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "services_name_idx" ON "services" USING btree ("name");--> statement-breakpoint
CREATE INDEX "services_name_en_idx" ON "services" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "services_transport_type_idx" ON "services" USING btree ("transport_type");--> statement-breakpoint
CREATE INDEX "services_updated_at_idx" ON "services" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "services_search_trgm" ON "services" USING gin ("search_text" gin_trgm_ops);
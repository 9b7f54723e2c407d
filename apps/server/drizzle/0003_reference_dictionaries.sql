CREATE TABLE "contact_info_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_info_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"format" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"alpha3" text NOT NULL,
	"numeric_code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"numeric_code" text NOT NULL,
	"minor_units" smallint NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"symbol" text,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"transport_type" text NOT NULL,
	"capacity_kg" integer,
	"volume_m3" numeric(10, 2),
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loading_unloading_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loading_unloading_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_info_types_code_uq" ON "contact_info_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "contact_info_types_name_idx" ON "contact_info_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contact_info_types_name_en_idx" ON "contact_info_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "contact_info_types_name_trgm" ON "contact_info_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_info_types_name_en_trgm" ON "contact_info_types" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_uq" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_alpha3_uq" ON "countries" USING btree ("alpha3");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_numeric_code_uq" ON "countries" USING btree ("numeric_code");--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "countries_name_en_idx" ON "countries" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "countries_updated_at_idx" ON "countries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "countries_name_trgm" ON "countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_en_trgm" ON "countries" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_numeric_code_uq" ON "currencies" USING btree ("numeric_code");--> statement-breakpoint
CREATE INDEX "currencies_name_idx" ON "currencies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "currencies_name_en_idx" ON "currencies" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "currencies_updated_at_idx" ON "currencies" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "currencies_name_trgm" ON "currencies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "currencies_name_en_trgm" ON "currencies" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_code_uq" ON "vehicle_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vehicle_types_name_idx" ON "vehicle_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "vehicle_types_name_en_idx" ON "vehicle_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "vehicle_types_transport_type_idx" ON "vehicle_types" USING btree ("transport_type");--> statement-breakpoint
CREATE INDEX "vehicle_types_name_trgm" ON "vehicle_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_types_name_en_trgm" ON "vehicle_types" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "loading_unloading_methods_code_uq" ON "loading_unloading_methods" USING btree ("code");--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_idx" ON "loading_unloading_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_en_idx" ON "loading_unloading_methods" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_trgm" ON "loading_unloading_methods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_en_trgm" ON "loading_unloading_methods" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "service_offices_name_uq" ON "service_offices" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_offices_code_idx" ON "service_offices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "service_offices_address_idx" ON "service_offices" USING btree ("address");--> statement-breakpoint
CREATE INDEX "service_offices_updated_at_idx" ON "service_offices" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "service_offices_name_trgm" ON "service_offices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_offices_code_trgm" ON "service_offices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_offices_address_trgm" ON "service_offices" USING gin ("address" gin_trgm_ops);
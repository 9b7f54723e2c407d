CREATE TABLE "agreement_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "courier_delivery_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courier_delivery_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"website" text,
	"tracking_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "customs_responsibilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customs_responsibilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_types_code_uq" ON "agreement_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "agreement_types_name_idx" ON "agreement_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "agreement_types_name_en_idx" ON "agreement_types" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "agreement_types_updated_at_idx" ON "agreement_types" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "agreement_types_search_trgm" ON "agreement_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "courier_delivery_services_code_uq" ON "courier_delivery_services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_name_idx" ON "courier_delivery_services" USING btree ("name");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_name_en_idx" ON "courier_delivery_services" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_updated_at_idx" ON "courier_delivery_services" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_search_trgm" ON "courier_delivery_services" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_uq" ON "holidays" USING btree ("date");--> statement-breakpoint
CREATE INDEX "holidays_name_idx" ON "holidays" USING btree ("name");--> statement-breakpoint
CREATE INDEX "holidays_name_en_idx" ON "holidays" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "holidays_updated_at_idx" ON "holidays" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "holidays_search_trgm" ON "holidays" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customs_responsibilities_name_uq" ON "customs_responsibilities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customs_responsibilities_name_en_idx" ON "customs_responsibilities" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "customs_responsibilities_updated_at_idx" ON "customs_responsibilities" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "customs_responsibilities_search_trgm" ON "customs_responsibilities" USING gin ("search_text" gin_trgm_ops);
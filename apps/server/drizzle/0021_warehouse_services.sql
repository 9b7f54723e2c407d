CREATE TABLE "warehouse_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED,
	"unit" text NOT NULL,
	"price" numeric(18, 2),
	"currency_id" integer,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "warehouse_services" ADD CONSTRAINT "warehouse_services_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_services_code_uq" ON "warehouse_services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "warehouse_services_currency_id_idx" ON "warehouse_services" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "warehouse_services_name_idx" ON "warehouse_services" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "warehouse_services_name_en_idx" ON "warehouse_services" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "warehouse_services_unit_idx" ON "warehouse_services" USING btree ("unit","id");--> statement-breakpoint
CREATE INDEX "warehouse_services_price_idx" ON "warehouse_services" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "warehouse_services_updated_at_idx" ON "warehouse_services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_services_search_trgm" ON "warehouse_services" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "price_collection_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"source_row" integer NOT NULL,
	"to_region_id" integer NOT NULL,
	"weight_break" numeric(18, 6),
	"volume_break" numeric(18, 6),
	"price" numeric(18, 2) NOT NULL,
	"currency_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"region_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"currency_id" integer,
	"volumetric_factor" integer NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "pricing_regions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED,
	"country_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_collection_rows" ADD CONSTRAINT "price_collection_rows_collection_id_price_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."price_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_collection_rows" ADD CONSTRAINT "price_collection_rows_to_region_id_pricing_regions_id_fk" FOREIGN KEY ("to_region_id") REFERENCES "public"."pricing_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_collection_rows" ADD CONSTRAINT "price_collection_rows_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_collections" ADD CONSTRAINT "price_collections_region_id_pricing_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."pricing_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_collections" ADD CONSTRAINT "price_collections_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_collection_rows_collection_idx" ON "price_collection_rows" USING btree ("collection_id","to_region_id");--> statement-breakpoint
CREATE INDEX "price_collection_rows_to_region_idx" ON "price_collection_rows" USING btree ("to_region_id");--> statement-breakpoint
CREATE INDEX "price_collection_rows_currency_idx" ON "price_collection_rows" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "price_collections_region_id_idx" ON "price_collections" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "price_collections_currency_id_idx" ON "price_collections" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "price_collections_name_idx" ON "price_collections" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "price_collections_valid_from_idx" ON "price_collections" USING btree ("valid_from","id");--> statement-breakpoint
CREATE INDEX "price_collections_valid_to_idx" ON "price_collections" USING btree ("valid_to","id");--> statement-breakpoint
CREATE INDEX "price_collections_row_count_idx" ON "price_collections" USING btree ("row_count","id");--> statement-breakpoint
CREATE INDEX "price_collections_updated_at_idx" ON "price_collections" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "price_collections_search_trgm" ON "price_collections" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_regions_code_uq" ON "pricing_regions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "pricing_regions_name_idx" ON "pricing_regions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "pricing_regions_name_en_idx" ON "pricing_regions" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "pricing_regions_updated_at_idx" ON "pricing_regions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "pricing_regions_search_trgm" ON "pricing_regions" USING gin ("search_text" gin_trgm_ops);
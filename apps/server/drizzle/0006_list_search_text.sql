DROP INDEX "contact_info_types_name_trgm";--> statement-breakpoint
DROP INDEX "contact_info_types_name_en_trgm";--> statement-breakpoint
DROP INDEX "countries_name_trgm";--> statement-breakpoint
DROP INDEX "countries_name_en_trgm";--> statement-breakpoint
DROP INDEX "currencies_name_trgm";--> statement-breakpoint
DROP INDEX "currencies_name_en_trgm";--> statement-breakpoint
DROP INDEX "service_offices_name_trgm";--> statement-breakpoint
DROP INDEX "service_offices_code_trgm";--> statement-breakpoint
DROP INDEX "service_offices_address_trgm";--> statement-breakpoint
DROP INDEX "vehicle_types_name_trgm";--> statement-breakpoint
DROP INDEX "vehicle_types_name_en_trgm";--> statement-breakpoint
DROP INDEX "loading_unloading_methods_name_trgm";--> statement-breakpoint
DROP INDEX "loading_unloading_methods_name_en_trgm";--> statement-breakpoint
ALTER TABLE "contact_info_types" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("alpha3"::text, '') || E'\n' || coalesce("numeric_code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("numeric_code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "service_offices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("code"::text, '') || E'\n' || coalesce("address"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "vehicle_types" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "loading_unloading_methods" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "contact_info_types_search_trgm" ON "contact_info_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_search_trgm" ON "countries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "currencies_minor_units_idx" ON "currencies" USING btree ("minor_units");--> statement-breakpoint
CREATE INDEX "currencies_search_trgm" ON "currencies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_offices_search_trgm" ON "service_offices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_types_capacity_kg_idx" ON "vehicle_types" USING btree ("capacity_kg");--> statement-breakpoint
CREATE INDEX "vehicle_types_volume_m3_idx" ON "vehicle_types" USING btree ("volume_m3");--> statement-breakpoint
CREATE INDEX "vehicle_types_search_trgm" ON "vehicle_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_search_trgm" ON "loading_unloading_methods" USING gin ("search_text" gin_trgm_ops);
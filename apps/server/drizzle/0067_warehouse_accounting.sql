CREATE TABLE "warehouse_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"movement_id" integer,
	"places" integer,
	"details" text,
	"user_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("details"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "warehouse_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_on" date NOT NULL,
	"kind" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"client_name" text,
	"places" integer NOT NULL,
	"weight" numeric(14, 3),
	"volume" numeric(14, 3),
	"marks" text,
	"damaged" boolean DEFAULT false NOT NULL,
	"damage_note" text,
	"comment" text,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("client_name"::text, '') || E'\n' || coalesce("marks"::text, '') || E'\n' || coalesce("damage_note"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"ownership" text NOT NULL,
	"operator_id" integer,
	"country_id" integer,
	"address" text NOT NULL,
	"wms_system" text,
	"wms_url" text,
	"comment" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, '') || E'\n' || coalesce("address"::text, '') || E'\n' || coalesce("wms_system"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "warehouse_events" ADD CONSTRAINT "warehouse_events_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_events" ADD CONSTRAINT "warehouse_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_events" ADD CONSTRAINT "warehouse_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_operator_id_counterparties_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_events_warehouse_idx" ON "warehouse_events" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_events_order_idx" ON "warehouse_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "warehouse_events_user_idx" ON "warehouse_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "warehouse_events_occurred_at_idx" ON "warehouse_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_events_search_trgm" ON "warehouse_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouse_movements_order_idx" ON "warehouse_movements" USING btree ("order_id","warehouse_id","moved_on");--> statement-breakpoint
CREATE INDEX "warehouse_movements_warehouse_idx" ON "warehouse_movements" USING btree ("warehouse_id","moved_on");--> statement-breakpoint
CREATE INDEX "warehouse_movements_moved_on_idx" ON "warehouse_movements" USING btree ("moved_on","id");--> statement-breakpoint
CREATE INDEX "warehouse_movements_places_idx" ON "warehouse_movements" USING btree ("places","id");--> statement-breakpoint
CREATE INDEX "warehouse_movements_client_name_idx" ON "warehouse_movements" USING btree ("client_name","id");--> statement-breakpoint
CREATE INDEX "warehouse_movements_created_at_idx" ON "warehouse_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "warehouse_movements_search_trgm" ON "warehouse_movements" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "warehouses_operator_idx" ON "warehouses" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "warehouses_country_idx" ON "warehouses" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "warehouses_name_idx" ON "warehouses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "warehouses_name_en_idx" ON "warehouses" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "warehouses_ownership_idx" ON "warehouses" USING btree ("ownership","id");--> statement-breakpoint
CREATE INDEX "warehouses_updated_at_idx" ON "warehouses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "warehouses_search_trgm" ON "warehouses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "warehouses" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "warehouse_events" ALTER COLUMN "search_text" SET STATISTICS 1000;

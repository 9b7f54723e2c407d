CREATE TABLE "request_offer_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_offer_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"offer_type_id" integer,
	"contractor_id" integer,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validity_days" integer,
	"comment" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "request_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" integer NOT NULL,
	"offer_type_id" integer NOT NULL,
	"contractor_id" integer NOT NULL,
	"contractor_name" text NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_in_base_currency" numeric(18, 2),
	"base_currency" text,
	"rate_date" date,
	"valid_until" date,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"comment" text,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("contractor_name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "request_quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" integer NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"sent_at" timestamp with time zone,
	"sent_by_id" integer,
	"file_id" integer
);
--> statement-breakpoint
ALTER TABLE "request_offer_templates" ADD CONSTRAINT "request_offer_templates_offer_type_id_request_offer_types_id_fk" FOREIGN KEY ("offer_type_id") REFERENCES "public"."request_offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offer_templates" ADD CONSTRAINT "request_offer_templates_contractor_id_counterparties_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_request_id_customer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."customer_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_offer_type_id_request_offer_types_id_fk" FOREIGN KEY ("offer_type_id") REFERENCES "public"."request_offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_contractor_id_counterparties_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_quotes" ADD CONSTRAINT "request_quotes_request_id_customer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."customer_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_quotes" ADD CONSTRAINT "request_quotes_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_offer_templates_offer_type_id_idx" ON "request_offer_templates" USING btree ("offer_type_id");--> statement-breakpoint
CREATE INDEX "request_offer_templates_contractor_id_idx" ON "request_offer_templates" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "request_offer_templates_name_idx" ON "request_offer_templates" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "request_offer_templates_updated_at_idx" ON "request_offer_templates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "request_offer_templates_search_trgm" ON "request_offer_templates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_offers_request_id_idx" ON "request_offers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_offers_offer_type_id_idx" ON "request_offers" USING btree ("offer_type_id");--> statement-breakpoint
CREATE INDEX "request_offers_contractor_id_idx" ON "request_offers" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "request_offers_contractor_name_idx" ON "request_offers" USING btree ("contractor_name","id");--> statement-breakpoint
CREATE INDEX "request_offers_amount_in_base_currency_idx" ON "request_offers" USING btree ("amount_in_base_currency","id");--> statement-breakpoint
CREATE INDEX "request_offers_valid_until_idx" ON "request_offers" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "request_offers_status_idx" ON "request_offers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "request_offers_created_at_idx" ON "request_offers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "request_offers_search_trgm" ON "request_offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "request_quotes_request_id_uq" ON "request_quotes" USING btree ("request_id");
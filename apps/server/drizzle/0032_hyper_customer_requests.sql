CREATE TABLE "hyper_customer_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hyper_customer_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" integer GENERATED ALWAYS AS ("id") STORED NOT NULL,
	"name" text NOT NULL,
	"tender_number" text,
	"client_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"seller_id" integer,
	"forwarder_id" integer,
	"service_office_id" integer,
	"deadline" date,
	"comment" text,
	"lots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(lpad("id"::text, 6, '0') || E'\n' || "name" || E'\n' || coalesce("tender_number", '') || E'\n' || "client_name")) STORED
);
--> statement-breakpoint
ALTER TABLE "hyper_customer_requests" ADD CONSTRAINT "hyper_customer_requests_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hyper_customer_requests" ADD CONSTRAINT "hyper_customer_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hyper_customer_requests" ADD CONSTRAINT "hyper_customer_requests_forwarder_id_users_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hyper_customer_requests" ADD CONSTRAINT "hyper_customer_requests_service_office_id_service_offices_id_fk" FOREIGN KEY ("service_office_id") REFERENCES "public"."service_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hyper_customer_requests" ADD CONSTRAINT "hyper_customer_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_client_idx" ON "hyper_customer_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_office_idx" ON "hyper_customer_requests" USING btree ("service_office_id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_seller_idx" ON "hyper_customer_requests" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_forwarder_idx" ON "hyper_customer_requests" USING btree ("forwarder_id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_created_by_idx" ON "hyper_customer_requests" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_number_idx" ON "hyper_customer_requests" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_name_idx" ON "hyper_customer_requests" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_client_name_idx" ON "hyper_customer_requests" USING btree ("client_name","id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_deadline_idx" ON "hyper_customer_requests" USING btree ("deadline","id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_created_at_idx" ON "hyper_customer_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hyper_customer_requests_search_trgm" ON "hyper_customer_requests" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "customs_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customs_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"control_kind" text,
	"decision_code" text,
	"order_id" integer NOT NULL,
	"request_id" integer,
	"client_id" integer,
	"client_name" text,
	"direction" text NOT NULL,
	"procedure_code" text NOT NULL,
	"customs_point_id" integer NOT NULL,
	"bonded_terminal" text,
	"release_condition" text DEFAULT 'customs' NOT NULL,
	"customs_object" text DEFAULT 'arrival' NOT NULL,
	"inspection_mode" text DEFAULT 'none' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"declarant_id" integer,
	"declarant_accepted_at" timestamp with time zone,
	"customs_specialist_id" integer,
	"customs_specialist_accepted_at" timestamp with time zone,
	"registration_date" date,
	"submitted_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"decision_at" timestamp with time zone,
	"release_minutes" integer,
	"status_changed_at" timestamp with time zone,
	"comment" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number"::text, '') || E'\n' || coalesce("client_name"::text, '') || E'\n' || coalesce("bonded_terminal"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_request_id_customer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."customer_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_customs_point_id_customs_points_id_fk" FOREIGN KEY ("customs_point_id") REFERENCES "public"."customs_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_declarant_id_users_id_fk" FOREIGN KEY ("declarant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_customs_specialist_id_users_id_fk" FOREIGN KEY ("customs_specialist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customs_declarations_number_uq" ON "customs_declarations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "customs_declarations_order_idx" ON "customs_declarations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customs_declarations_status_idx" ON "customs_declarations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "customs_declarations_point_idx" ON "customs_declarations" USING btree ("customs_point_id");--> statement-breakpoint
CREATE INDEX "customs_declarations_number_idx" ON "customs_declarations" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "customs_declarations_client_name_idx" ON "customs_declarations" USING btree ("client_name","id");--> statement-breakpoint
CREATE INDEX "customs_declarations_registration_date_idx" ON "customs_declarations" USING btree ("registration_date","id");--> statement-breakpoint
CREATE INDEX "customs_declarations_status_changed_at_idx" ON "customs_declarations" USING btree ("status_changed_at","id");--> statement-breakpoint
CREATE INDEX "customs_declarations_created_at_idx" ON "customs_declarations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customs_declarations_search_trgm" ON "customs_declarations" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "assignment_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"client_ids" integer[] DEFAULT '{}' NOT NULL,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"service_office_ids" integer[] DEFAULT '{}' NOT NULL,
	"dispatch_country_ids" integer[] DEFAULT '{}' NOT NULL,
	"delivery_country_ids" integer[] DEFAULT '{}' NOT NULL,
	"transport_types" text[] DEFAULT '{}' NOT NULL,
	"customs_point_ids" integer[] DEFAULT '{}' NOT NULL,
	"procedures" text[] DEFAULT '{}' NOT NULL,
	"strategy" text NOT NULL,
	"user_id" integer,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"last_assigned_user_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignment_rule_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignment_rule_name" text;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "assignment_rule_id" integer;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "assignment_rule_name" text;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs_assignment_rule_id" integer;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs_assignment_rule_name" text;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_last_assigned_user_id_users_id_fk" FOREIGN KEY ("last_assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_rules_kind_idx" ON "assignment_rules" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "assignment_rules_user_id_idx" ON "assignment_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_rules_position_idx" ON "assignment_rules" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "assignment_rules_name_idx" ON "assignment_rules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "assignment_rules_updated_at_idx" ON "assignment_rules" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "assignment_rules_search_trgm" ON "assignment_rules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "assignment_rules" ALTER COLUMN "search_text" SET STATISTICS 1000;

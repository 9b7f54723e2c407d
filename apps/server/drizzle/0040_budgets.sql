CREATE TABLE "budget_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"budget_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"no_direct_order_link" boolean DEFAULT false NOT NULL,
	"no_paid_bills" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	CONSTRAINT "budget_items_direction" CHECK ("budget_items"."direction" IN ('INCOME', 'EXPENSE')),
	CONSTRAINT "budget_items_kind" CHECK ("budget_items"."kind" IN ('DIRECT', 'OVERHEAD'))
);
--> statement-breakpoint
CREATE TABLE "budget_plans" (
	"budget_item_id" integer NOT NULL,
	"month" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "budget_plans_budget_item_id_month_pk" PRIMARY KEY("budget_item_id","month"),
	CONSTRAINT "budget_plans_first_day" CHECK (extract(day from "budget_plans"."month") = 1),
	CONSTRAINT "budget_plans_amount" CHECK ("budget_plans"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"legal_entity_id" integer,
	"editor_ids" integer[] DEFAULT '{}' NOT NULL,
	"viewer_ids" integer[] DEFAULT '{}' NOT NULL,
	"comment" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "budget_item_id" integer;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_plans" ADD CONSTRAINT "budget_plans_budget_item_id_budget_items_id_fk" FOREIGN KEY ("budget_item_id") REFERENCES "public"."budget_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_items_code_uq" ON "budget_items" USING btree ("code","budget_id");--> statement-breakpoint
CREATE INDEX "budget_items_budget_idx" ON "budget_items" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budget_items_code_idx" ON "budget_items" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "budget_items_name_idx" ON "budget_items" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "budget_items_updated_at_idx" ON "budget_items" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "budget_items_search_trgm" ON "budget_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_name_uq" ON "budgets" USING btree ("name");--> statement-breakpoint
CREATE INDEX "budgets_legal_entity_id_idx" ON "budgets" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "budgets_name_idx" ON "budgets" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "budgets_year_idx" ON "budgets" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "budgets_updated_at_idx" ON "budgets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "budgets_search_trgm" ON "budgets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_budget_item_id_budget_items_id_fk" FOREIGN KEY ("budget_item_id") REFERENCES "public"."budget_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_budget_item_idx" ON "bills" USING btree ("budget_item_id");
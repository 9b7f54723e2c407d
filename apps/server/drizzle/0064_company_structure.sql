CREATE TABLE "staff_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "company_structure_holders" (
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "company_structure_holders_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_structure_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_structure_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"parent_id" integer,
	"staff_position_id" integer,
	"head" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED,
	CONSTRAINT "company_structure_items_kind_ck" CHECK ("company_structure_items"."kind" IN ('block', 'department', 'position'))
);
--> statement-breakpoint
CREATE TABLE "company_structure_paths" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "company_structure_paths_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "company_structure_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"subordinates_follow_structure" boolean DEFAULT true NOT NULL,
	"create_head_position" boolean DEFAULT true NOT NULL,
	"head_position_name" text DEFAULT 'Руководитель' NOT NULL,
	"head_position_name_en" text DEFAULT 'Head' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_structure_holders" ADD CONSTRAINT "company_structure_holders_item_id_company_structure_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."company_structure_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_structure_holders" ADD CONSTRAINT "company_structure_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_structure_items" ADD CONSTRAINT "company_structure_items_parent_id_company_structure_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company_structure_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_structure_items" ADD CONSTRAINT "company_structure_items_staff_position_id_staff_positions_id_fk" FOREIGN KEY ("staff_position_id") REFERENCES "public"."staff_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_structure_paths" ADD CONSTRAINT "company_structure_paths_ancestor_id_company_structure_items_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."company_structure_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_structure_paths" ADD CONSTRAINT "company_structure_paths_descendant_id_company_structure_items_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."company_structure_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_positions_code_uq" ON "staff_positions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "staff_positions_name_idx" ON "staff_positions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "staff_positions_name_en_idx" ON "staff_positions" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "staff_positions_updated_at_idx" ON "staff_positions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "staff_positions_search_trgm" ON "staff_positions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_structure_holders_user_idx" ON "company_structure_holders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_structure_items_parent_id_idx" ON "company_structure_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "company_structure_items_staff_position_id_idx" ON "company_structure_items" USING btree ("staff_position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_structure_items_head_uq" ON "company_structure_items" USING btree ("parent_id") WHERE "company_structure_items"."head";--> statement-breakpoint
CREATE INDEX "company_structure_items_name_idx" ON "company_structure_items" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "company_structure_items_kind_idx" ON "company_structure_items" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "company_structure_items_updated_at_idx" ON "company_structure_items" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "company_structure_items_search_trgm" ON "company_structure_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_structure_paths_descendant_idx" ON "company_structure_paths" USING btree ("descendant_id");--> statement-breakpoint
ALTER TABLE "staff_positions" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "company_structure_items" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
-- The structure's one settings row, which every structural write also locks.
INSERT INTO "company_structure_settings" ("id") VALUES (1);--> statement-breakpoint
-- A change of the structure changes every "subordinates" scope: the sessions' caches drop on every instance
-- (the function of 0025), as for a change of roles.
CREATE TRIGGER company_structure_items_auth_changed AFTER INSERT OR UPDATE OR DELETE ON company_structure_items
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();--> statement-breakpoint
CREATE TRIGGER company_structure_holders_auth_changed AFTER INSERT OR UPDATE OR DELETE ON company_structure_holders
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();--> statement-breakpoint
CREATE TRIGGER company_structure_settings_auth_changed AFTER UPDATE ON company_structure_settings
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();

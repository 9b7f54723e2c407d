CREATE TABLE "printable_bill_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printable_bill_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"legal_entity_id" integer,
	"language" text NOT NULL,
	"heading" text,
	"terms" text,
	"director_name" text,
	"accountant_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "printable_bill_templates" ADD CONSTRAINT "printable_bill_templates_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printable_bill_templates_name_uq" ON "printable_bill_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "printable_bill_templates_legal_entity_id_idx" ON "printable_bill_templates" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "printable_bill_templates_name_idx" ON "printable_bill_templates" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "printable_bill_templates_updated_at_idx" ON "printable_bill_templates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "printable_bill_templates_search_trgm" ON "printable_bill_templates" USING gin ("search_text" gin_trgm_ops);
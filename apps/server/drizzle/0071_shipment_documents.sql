CREATE TABLE "shipment_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"operation_type" text NOT NULL,
	"operation_id" integer NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" integer,
	"pdf_file_id" integer,
	"empty_tags" text[] DEFAULT '{}' NOT NULL,
	"sent_to" text,
	"send_requested_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"signed_file_id" integer,
	"signed_at" timestamp with time zone,
	"created_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "shipment_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"product_id" integer,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_templates" ADD CONSTRAINT "shipment_templates_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_templates" ADD CONSTRAINT "shipment_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_templates" ADD CONSTRAINT "shipment_templates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_documents_operation_idx" ON "shipment_documents" USING btree ("operation_type","operation_id","kind");--> statement-breakpoint
CREATE INDEX "shipment_documents_legal_entity_idx" ON "shipment_documents" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "shipment_documents_file_idx" ON "shipment_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "shipment_documents_pdf_file_idx" ON "shipment_documents" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "shipment_documents_signed_file_idx" ON "shipment_documents" USING btree ("signed_file_id");--> statement-breakpoint
CREATE INDEX "shipment_documents_created_by_idx" ON "shipment_documents" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "shipment_templates_kind_entity_idx" ON "shipment_templates" USING btree ("kind","legal_entity_id","product_id");--> statement-breakpoint
CREATE INDEX "shipment_templates_file_id_idx" ON "shipment_templates" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "shipment_templates_product_idx" ON "shipment_templates" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shipment_templates_name_idx" ON "shipment_templates" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "shipment_templates_updated_at_idx" ON "shipment_templates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "shipment_templates_search_trgm" ON "shipment_templates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "shipment_templates" ALTER COLUMN "search_text" SET STATISTICS 1000;

CREATE TABLE "customer_request_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_request_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"description_en" text,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_value" jsonb,
	"empty_text" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options_url" text,
	"selected_url" text,
	"multiple" boolean DEFAULT false NOT NULL,
	"children" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_options" jsonb,
	"warn_if_empty" boolean DEFAULT false NOT NULL,
	"not_editable_after_creation" boolean DEFAULT false NOT NULL,
	"inherit_on_copy" boolean DEFAULT false NOT NULL,
	"inherit_on_job_creation" boolean DEFAULT false NOT NULL,
	"block_archive_if_empty" boolean DEFAULT false NOT NULL,
	"search_display" boolean DEFAULT false NOT NULL,
	"strict_filter" boolean DEFAULT false NOT NULL,
	"storage_type" text DEFAULT 'text' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_custom_field_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_custom_field_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"definitions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_defined_list_rows" (
	"list_id" integer NOT NULL,
	"row_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_defined_list_rows_list_id_row_id_pk" PRIMARY KEY("list_id","row_id")
);
--> statement-breakpoint
CREATE TABLE "user_defined_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_defined_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_defined_list_rows" ADD CONSTRAINT "user_defined_list_rows_list_id_user_defined_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."user_defined_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_request_custom_fields_code_uq" ON "customer_request_custom_fields" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_custom_field_groups_name_uq" ON "operation_custom_field_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_defined_list_rows_order_idx" ON "user_defined_list_rows" USING btree ("list_id","created_at","row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_defined_lists_name_uq" ON "user_defined_lists" USING btree ("name");
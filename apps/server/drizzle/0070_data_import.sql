CREATE TABLE "data_import_descriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_import_descriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"resource" text,
	"mode" text NOT NULL,
	"match_key" text,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"encoding" text DEFAULT 'auto' NOT NULL,
	"delimiter" text DEFAULT 'auto' NOT NULL,
	"date_format" text DEFAULT 'DD.MM.YYYY' NOT NULL,
	"decimal_comma" boolean DEFAULT true NOT NULL,
	"max_rows" integer DEFAULT 100000 NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "data_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"description_id" integer NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"initiator" text DEFAULT '' NOT NULL,
	"job_id" integer,
	"user_id" integer,
	"done_at" timestamp with time zone,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD CONSTRAINT "data_import_runs_description_id_data_import_descriptions_id_fk" FOREIGN KEY ("description_id") REFERENCES "public"."data_import_descriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD CONSTRAINT "data_import_runs_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD CONSTRAINT "data_import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_import_descriptions_name_uq" ON "data_import_descriptions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "data_import_descriptions_name_idx" ON "data_import_descriptions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "data_import_descriptions_updated_at_idx" ON "data_import_descriptions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "data_import_descriptions_search_trgm" ON "data_import_descriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "data_import_runs_file_uq" ON "data_import_runs" USING btree ("description_id","file_hash","initiator");--> statement-breakpoint
ALTER TABLE "data_import_descriptions" ALTER COLUMN "search_text" SET STATISTICS 1000;

CREATE TABLE "tnved_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tnved_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"parent_code" text,
	"tree_key" text NOT NULL,
	"name" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"latest" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, "name")) STORED
);
--> statement-breakpoint
CREATE TABLE "tnved_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tnved_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text NOT NULL,
	"file_version" text NOT NULL,
	"file_date" date NOT NULL,
	"loaded_by_id" integer,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tnved_files_file_unique" UNIQUE("file")
);
--> statement-breakpoint
ALTER TABLE "tnved_files" ADD CONSTRAINT "tnved_files_loaded_by_id_users_id_fk" FOREIGN KEY ("loaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tnved_entries_version_uq" ON "tnved_entries" USING btree ("level","code","valid_from");--> statement-breakpoint
CREATE INDEX "tnved_entries_tree_idx" ON "tnved_entries" USING btree ("tree_key","id") WHERE "tnved_entries"."latest";--> statement-breakpoint
CREATE INDEX "tnved_entries_code_prefix_idx" ON "tnved_entries" USING btree ("code" text_pattern_ops) WHERE "tnved_entries"."latest";--> statement-breakpoint
CREATE INDEX "tnved_entries_search_idx" ON "tnved_entries" USING gin ("search_vector");
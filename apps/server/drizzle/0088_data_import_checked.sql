ALTER TABLE "data_import_runs" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD COLUMN "checked_by" integer;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD COLUMN "checked_version" integer;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD CONSTRAINT "data_import_runs_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
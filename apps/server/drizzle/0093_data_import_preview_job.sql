ALTER TABLE "data_import_runs" ADD COLUMN "preview_job_id" integer;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD COLUMN "preview" jsonb;--> statement-breakpoint
ALTER TABLE "data_import_runs" ADD CONSTRAINT "data_import_runs_preview_job_id_background_jobs_id_fk" FOREIGN KEY ("preview_job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;
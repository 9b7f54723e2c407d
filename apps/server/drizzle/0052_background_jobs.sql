CREATE TABLE "background_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"user_id" integer,
	"label" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"max_attempts" smallint NOT NULL,
	"run_at" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"progress" smallint,
	"progress_message" text,
	"progress_params" jsonb,
	"error" text,
	"result_file_id" integer,
	"scheduled" boolean DEFAULT false NOT NULL,
	"occurrence" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_result_file_id_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_queued_idx" ON "background_jobs" USING btree ("id") WHERE "background_jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "background_jobs_running_idx" ON "background_jobs" USING btree ("locked_until") WHERE "background_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "background_jobs_user_idx" ON "background_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "background_jobs_finished_idx" ON "background_jobs" USING btree ("finished_at") WHERE "background_jobs"."finished_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_occurrence_uq" ON "background_jobs" USING btree ("kind","occurrence");--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_one_live_scheduled_run_uq" ON "background_jobs" USING btree ("kind") WHERE "background_jobs"."scheduled" AND "background_jobs"."state" IN ('queued', 'running');
ALTER TABLE "insurance_certificates" ADD COLUMN "insurer_state" text;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD COLUMN "insurer_application_id" text;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD COLUMN "insurer_attempts" integer;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD COLUMN "insurer_error" text;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD COLUMN "insurer_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "insurer_url" text;
ALTER TABLE "insurance_claims" ADD COLUMN "insurer_state" text;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "insurer_claim_id" text;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "insurer_attempts" integer;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "insurer_error" text;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "insurer_next_attempt_at" timestamp with time zone;
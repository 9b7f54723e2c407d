ALTER TABLE "change_log" ADD COLUMN "principal" text;--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "counterparty_id" integer;--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "reason" text;
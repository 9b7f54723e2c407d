ALTER TABLE "customs_declarations" ADD COLUMN "assignment_rule_id" integer;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD COLUMN "assignment_rule_name" text;--> statement-breakpoint
ALTER TABLE "customs_declarations" ALTER COLUMN "search_text" SET STATISTICS 1000;
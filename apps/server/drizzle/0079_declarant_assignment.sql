ALTER TABLE "assignment_rules" ADD COLUMN "assigns" text DEFAULT 'specialist' NOT NULL;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD COLUMN "declarant_rule_id" integer;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD COLUMN "declarant_rule_name" text;
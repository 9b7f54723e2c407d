ALTER TABLE "customer_requests" ADD COLUMN "substitute_id" integer;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "previous_status" text;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs_status" text;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs_status_reason" text;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "declarant_id" integer;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "customs_specialist_id" integer;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_declarant_id_users_id_fk" FOREIGN KEY ("declarant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_customs_specialist_id_users_id_fk" FOREIGN KEY ("customs_specialist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_requests_substitute_idx" ON "customer_requests" USING btree ("substitute_id");--> statement-breakpoint
CREATE INDEX "customer_requests_declarant_idx" ON "customer_requests" USING btree ("declarant_id");--> statement-breakpoint
CREATE INDEX "customer_requests_customs_specialist_idx" ON "customer_requests" USING btree ("customs_specialist_id");--> statement-breakpoint
CREATE INDEX "customer_requests_customs_status_idx" ON "customer_requests" USING btree ("customs_status","id");
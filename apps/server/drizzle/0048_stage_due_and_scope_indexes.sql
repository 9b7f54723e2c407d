DROP INDEX "orders_open_idx";--> statement-breakpoint
DROP INDEX "orders_client_idx";--> statement-breakpoint
DROP INDEX "orders_forwarder_idx";--> statement-breakpoint
DROP INDEX "orders_seller_idx";--> statement-breakpoint
DROP INDEX "orders_open_stage_dates_idx";--> statement-breakpoint
DROP INDEX "orders_next_stage_date_idx";--> statement-breakpoint
ALTER TABLE "orders" drop column "next_stage_date";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_stage_date" date GENERATED ALWAYS AS (CASE WHEN archived THEN NULL ELSE open_stage_dates[1] END) STORED;--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","finance_control_status");--> statement-breakpoint
CREATE INDEX "orders_forwarder_idx" ON "orders" USING btree ("forwarder_id","archived");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","archived");--> statement-breakpoint
CREATE INDEX "orders_open_stage_dates_idx" ON "orders" USING gin ("open_stage_dates");--> statement-breakpoint
CREATE INDEX "orders_next_stage_date_idx" ON "orders" USING btree ("next_stage_date") WHERE next_stage_date IS NOT NULL;--> statement-breakpoint
-- The rewritten column has no statistics until autovacuum comes by; the stage-due filters are planned by them.
ANALYZE "orders" ("next_stage_date");
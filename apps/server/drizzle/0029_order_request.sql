ALTER TABLE "orders" ADD COLUMN "request_id" integer;--> statement-breakpoint
CREATE INDEX "orders_request_idx" ON "orders" USING btree ("request_id");
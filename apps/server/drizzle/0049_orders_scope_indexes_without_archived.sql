DROP INDEX "orders_forwarder_idx";--> statement-breakpoint
DROP INDEX "orders_seller_idx";--> statement-breakpoint
CREATE INDEX "orders_forwarder_idx" ON "orders" USING btree ("forwarder_id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id");
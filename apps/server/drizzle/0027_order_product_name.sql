ALTER TABLE "orders" ADD COLUMN "product_name" text;--> statement-breakpoint
UPDATE "orders" o SET "product_name" = p."name" FROM "products" p WHERE p."id" = o."product_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "product_name" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_product_name_idx" ON "orders" USING btree ("product_name","id");

ALTER TABLE "orders" ADD COLUMN "stages_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stages_closed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET ("stages_total", "stages_closed") = (
  SELECT count(*), count(*) FILTER (WHERE s."closed") FROM "stages" s
    WHERE s."operation_type" = 'order' AND s."operation_id" = o."id");

DROP INDEX "stages_open_expected_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_stage_dates" date[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_stage_date" date GENERATED ALWAYS AS (open_stage_dates[1]) STORED;--> statement-breakpoint
UPDATE "orders" o SET "open_stage_dates" = d.dates
FROM (
  SELECT order_id, array_agg(DISTINCT expected_date ORDER BY expected_date) AS dates
  FROM (
    SELECT s.operation_id AS order_id, s.expected_date FROM "stages" s
      WHERE s.operation_type = 'order' AND NOT s.closed AND s.expected_date IS NOT NULL
    UNION ALL
    SELECT jo.order_id, s.expected_date FROM "stages" s JOIN "job_orders" jo ON jo.job_id = s.operation_id
      WHERE s.operation_type = 'job' AND NOT s.closed AND s.expected_date IS NOT NULL
  ) open_stages
  GROUP BY order_id
) d
WHERE o.id = d.order_id;--> statement-breakpoint
CREATE INDEX "orders_open_stage_dates_idx" ON "orders" USING gin ("open_stage_dates") WHERE NOT archived;--> statement-breakpoint
CREATE INDEX "orders_next_stage_date_idx" ON "orders" USING btree ("next_stage_date") WHERE NOT archived;

ALTER TABLE "orders" ADD COLUMN "job_forwarder_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_job_forwarders_idx" ON "orders" USING gin ("job_forwarder_ids");--> statement-breakpoint
UPDATE "orders" o SET "job_forwarder_ids" = f.ids
FROM (
  SELECT jo.order_id, array_agg(DISTINCT j.forwarder_id ORDER BY j.forwarder_id) AS ids
  FROM "job_orders" jo JOIN "jobs" j ON j.id = jo.job_id
  WHERE j.forwarder_id IS NOT NULL
  GROUP BY jo.order_id
) f
WHERE o.id = f.order_id;

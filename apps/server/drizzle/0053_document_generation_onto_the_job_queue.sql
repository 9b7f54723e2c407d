-- The documents closed stages asked for and not yet generated become jobs of the queue, their requester's.
INSERT INTO "background_jobs" ("kind", "payload", "user_id", "label", "max_attempts", "created_at")
SELECT 'document-generation',
  jsonb_build_object('initiatorType', q."initiator_type", 'initiatorId', q."initiator_id", 'templateId', q."template_id"),
  u."id", t."name", 3, q."created_at"
FROM "document_generation_queue" q
JOIN "document_templates" t ON t."id" = q."template_id"
LEFT JOIN "users" u ON u."id" = q."requested_by"
WHERE q."done_at" IS NULL
ORDER BY q."id";--> statement-breakpoint
DROP TABLE "document_generation_queue" CASCADE;

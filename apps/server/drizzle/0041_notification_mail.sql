CREATE TABLE "notification_mailings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD COLUMN "mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_mailings" ADD CONSTRAINT "notification_mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_mail_queue_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."mail" AND "notifications"."mailed_at" IS NULL;
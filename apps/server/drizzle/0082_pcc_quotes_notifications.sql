CREATE TABLE "cabinet_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinet_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cabinet_user_id" integer NOT NULL,
	"counterparty_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cabinet_users" ADD COLUMN "mail_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "request_quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_quotes" ADD COLUMN "accepted_rate" jsonb;--> statement-breakpoint
ALTER TABLE "cabinet_notifications" ADD CONSTRAINT "cabinet_notifications_cabinet_user_id_cabinet_users_id_fk" FOREIGN KEY ("cabinet_user_id") REFERENCES "public"."cabinet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_notifications_event_idx" ON "cabinet_notifications" USING btree ("cabinet_user_id","event_id");--> statement-breakpoint
CREATE INDEX "cabinet_notifications_user_idx" ON "cabinet_notifications" USING btree ("cabinet_user_id","id");
CREATE TABLE "cabinet_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinet_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"cabinet_user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cabinet_user_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cabinet_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabinet_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinet_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counterparty_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cabinet_sessions" ADD CONSTRAINT "cabinet_sessions_cabinet_user_id_cabinet_users_id_fk" FOREIGN KEY ("cabinet_user_id") REFERENCES "public"."cabinet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_user_links" ADD CONSTRAINT "cabinet_user_links_cabinet_user_id_cabinet_users_id_fk" FOREIGN KEY ("cabinet_user_id") REFERENCES "public"."cabinet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_users" ADD CONSTRAINT "cabinet_users_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cabinet_mails_unsent_idx" ON "cabinet_mails" USING btree ("id") WHERE "cabinet_mails"."sent_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_sessions_token_idx" ON "cabinet_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cabinet_sessions_user_idx" ON "cabinet_sessions" USING btree ("cabinet_user_id");--> statement-breakpoint
CREATE INDEX "cabinet_user_links_user_idx" ON "cabinet_user_links" USING btree ("cabinet_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_users_email_idx" ON "cabinet_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "cabinet_users_counterparty_idx" ON "cabinet_users" USING btree ("counterparty_id");
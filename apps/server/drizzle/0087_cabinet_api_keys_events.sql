CREATE TABLE "cabinet_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinet_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cabinet_user_id" integer NOT NULL,
	"counterparty_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"allowed_ips" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cabinet_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinet_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"counterparty_id" integer NOT NULL,
	"cabinet_user_id" integer,
	"api_key_id" integer,
	"event" text NOT NULL,
	"entity_type" text,
	"entity_id" integer,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "cabinet_api_keys" ADD CONSTRAINT "cabinet_api_keys_cabinet_user_id_cabinet_users_id_fk" FOREIGN KEY ("cabinet_user_id") REFERENCES "public"."cabinet_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinet_events" ADD CONSTRAINT "cabinet_events_cabinet_user_id_cabinet_users_id_fk" FOREIGN KEY ("cabinet_user_id") REFERENCES "public"."cabinet_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabinet_api_keys_hash_idx" ON "cabinet_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "cabinet_api_keys_user_idx" ON "cabinet_api_keys" USING btree ("cabinet_user_id");--> statement-breakpoint
CREATE INDEX "cabinet_events_counterparty_idx" ON "cabinet_events" USING btree ("counterparty_id","at");--> statement-breakpoint
CREATE INDEX "cabinet_events_at_idx" ON "cabinet_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "cabinet_events_request_idx" ON "cabinet_events" USING btree ("entity_id") WHERE "cabinet_events"."event" = 'requestCreated';
--> statement-breakpoint
-- Hand-written (docs/decisions/016-cabinet-wall.md): a cabinet user's API keys and the cabinets' event log
-- are rows of one counterparty, behind the cabinets' second wall like the others.
ALTER TABLE cabinet_api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cabinet_api_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON cabinet_api_keys USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON cabinet_api_keys TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());
--> statement-breakpoint
ALTER TABLE cabinet_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cabinet_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff ON cabinet_events USING (current_user <> 'tms_cabinet') WITH CHECK (current_user <> 'tms_cabinet');
--> statement-breakpoint
CREATE POLICY cabinet ON cabinet_events TO tms_cabinet USING (counterparty_id = tms_cabinet_counterparty());

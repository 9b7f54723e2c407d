CREATE TABLE "domain_event_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"last_txid" "xid8" NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"change_id" bigint,
	"version" integer,
	"user_id" integer,
	"impersonator_id" integer,
	"actor" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "domain_events_delivery_idx" ON "domain_events" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "domain_events_occurred_idx" ON "domain_events" USING brin ("occurred_at");
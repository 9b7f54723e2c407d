CREATE TABLE "workflow_descriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_descriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"initiator_type" text NOT NULL,
	"initial_state" text,
	"states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transitions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description_id" integer NOT NULL,
	"initiator_type" text NOT NULL,
	"initiator_id" integer NOT NULL,
	"state_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"transition_id" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_description_id_workflow_descriptions_id_fk" FOREIGN KEY ("description_id") REFERENCES "public"."workflow_descriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_moves" ADD CONSTRAINT "workflow_moves_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_moves" ADD CONSTRAINT "workflow_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_descriptions_name_uq" ON "workflow_descriptions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "workflow_descriptions_name_idx" ON "workflow_descriptions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "workflow_descriptions_updated_at_idx" ON "workflow_descriptions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "workflow_descriptions_search_trgm" ON "workflow_descriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_record_uq" ON "workflow_instances" USING btree ("description_id","initiator_type","initiator_id");--> statement-breakpoint
CREATE INDEX "workflow_instances_initiator_idx" ON "workflow_instances" USING btree ("initiator_type","initiator_id");--> statement-breakpoint
CREATE INDEX "workflow_instances_initiator_id_idx" ON "workflow_instances" USING btree ("initiator_id","id");--> statement-breakpoint
CREATE INDEX "workflow_instances_created_at_idx" ON "workflow_instances" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "workflow_moves_instance_idx" ON "workflow_moves" USING btree ("instance_id","id");--> statement-breakpoint
ALTER TABLE "workflow_descriptions" ALTER COLUMN "search_text" SET STATISTICS 1000;
CREATE TABLE "marking_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marking_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer NOT NULL,
	"tnved_code" text NOT NULL,
	"gtin" text NOT NULL,
	"serial" text NOT NULL,
	"cis" text NOT NULL,
	"code" text NOT NULL,
	"printed" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"source" text DEFAULT 'entered' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marking_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marking_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tnved_code" text,
	"gtin" text,
	"quantity" integer,
	"code_ids" integer[] DEFAULT '{}' NOT NULL,
	"code_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"external_id" text,
	"error" text,
	"error_detail" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marking_codes" ADD CONSTRAINT "marking_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_requests" ADD CONSTRAINT "marking_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marking_codes_cis_uq" ON "marking_codes" USING btree ("cis");--> statement-breakpoint
CREATE INDEX "marking_codes_order_idx" ON "marking_codes" USING btree ("order_id","tnved_code");--> statement-breakpoint
CREATE INDEX "marking_requests_order_idx" ON "marking_requests" USING btree ("order_id","created_at");
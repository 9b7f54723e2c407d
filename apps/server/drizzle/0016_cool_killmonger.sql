CREATE TABLE "list_columns" (
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"columns" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_columns_user_id_resource_pk" PRIMARY KEY("user_id","resource")
);
--> statement-breakpoint
CREATE TABLE "list_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "list_columns" ADD CONSTRAINT "list_columns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_views" ADD CONSTRAINT "list_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "list_views_user_resource_name_key" ON "list_views" USING btree ("user_id","resource","name");--> statement-breakpoint
CREATE UNIQUE INDEX "list_views_one_default_key" ON "list_views" USING btree ("user_id","resource") WHERE "list_views"."is_default";
CREATE TABLE "wms_advices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wms_advices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"warehouse_id" integer,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"places" integer NOT NULL,
	"weight" numeric(14, 3),
	"volume" numeric(14, 3),
	"marks" text,
	"actual_places" integer,
	"wms_id" text,
	"wms_version" integer DEFAULT -1 NOT NULL,
	"reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"movement_id" integer,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "wms_advices" ADD CONSTRAINT "wms_advices_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wms_advices" ADD CONSTRAINT "wms_advices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wms_advices" ADD CONSTRAINT "wms_advices_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wms_advices" ADD CONSTRAINT "wms_advices_movement_id_warehouse_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."warehouse_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wms_advices" ADD CONSTRAINT "wms_advices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wms_advices_stage_uq" ON "wms_advices" USING btree ("stage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wms_advices_wms_uq" ON "wms_advices" USING btree ("warehouse_id","wms_id");--> statement-breakpoint
CREATE INDEX "wms_advices_order_idx" ON "wms_advices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wms_advices_state_idx" ON "wms_advices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "wms_advices_movement_idx" ON "wms_advices" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "wms_advices_user_idx" ON "wms_advices" USING btree ("user_id");
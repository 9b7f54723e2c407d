CREATE TABLE "file_tags" (
	"file_id" integer NOT NULL,
	"tag_type_id" integer NOT NULL,
	CONSTRAINT "file_tags_file_id_tag_type_id_pk" PRIMARY KEY("file_id","tag_type_id")
);
--> statement-breakpoint
ALTER TABLE "system_options" ADD COLUMN "cold_storage_after_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tags" ADD CONSTRAINT "file_tags_tag_type_id_file_tag_types_id_fk" FOREIGN KEY ("tag_type_id") REFERENCES "public"."file_tag_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_tags_tag_type_idx" ON "file_tags" USING btree ("tag_type_id");
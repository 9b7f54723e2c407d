CREATE TABLE "deleted_records" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"row" jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_records_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);

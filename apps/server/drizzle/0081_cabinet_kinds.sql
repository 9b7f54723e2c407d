-- Every cabinet user so far was a client cabinet's; the default fills them in, then goes, so each new user
-- is written with his cabinet.
ALTER TABLE "cabinet_users" ADD COLUMN "kind" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "cabinet_users" ALTER COLUMN "kind" DROP DEFAULT;

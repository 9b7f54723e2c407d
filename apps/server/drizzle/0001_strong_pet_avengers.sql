CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id");
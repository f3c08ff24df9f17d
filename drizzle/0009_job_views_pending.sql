-- Accepted views wait in job_views.pending until the flusher adds them to jobs.views in one
-- transaction, so a view answered "counted" is durable with its dedupe row. The partial index keeps
-- the flusher's scan to the rows that have something to move.
ALTER TABLE "job_views" ADD COLUMN "pending" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "job_views_pending" ON "job_views" USING btree ("job_id") WHERE "job_views"."pending" > 0;
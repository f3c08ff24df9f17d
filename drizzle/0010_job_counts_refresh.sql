-- When job_counts was last recomputed, by any server, and how many times: a server recomputes it
-- only when this is older than the refresh period, under a transaction-scoped advisory lock, so N
-- servers refresh once per period between them (src/server/modules/jobs/counts.ts).
CREATE TABLE "job_counts_refresh" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_counts_refresh_one_row" CHECK ("job_counts_refresh"."id" = 1)
);--> statement-breakpoint
INSERT INTO job_counts_refresh (id, refreshed_at, runs) VALUES (1, '-infinity', 0) ON CONFLICT (id) DO NOTHING;

CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "job_action_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_action_tokens_action" CHECK ("job_action_tokens"."action" in ('extend', 'close'))
);
--> statement-breakpoint
CREATE TABLE "job_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"visitor_hash" text NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "job_reports_reason" CHECK ("job_reports"."reason" in ('scam', 'closed', 'wrong_information', 'discriminatory', 'other'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"user_id" text PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"period_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"result" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_runs_status" CHECK ("task_runs"."status" in ('pending', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_status";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_link_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_link_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_link_result" text;--> statement-breakpoint
ALTER TABLE "job_action_tokens" ADD CONSTRAINT "job_action_tokens_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "job_action_tokens_job_kind_action" ON "job_action_tokens" USING btree ("job_id","kind","action");--> statement-breakpoint
CREATE UNIQUE INDEX "job_reports_job_visitor" ON "job_reports" USING btree ("job_id","visitor_hash");--> statement-breakpoint
CREATE INDEX "job_reports_open" ON "job_reports" USING btree ("created_at") WHERE "job_reports"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_name_period" ON "task_runs" USING btree ("name","period_key");--> statement-breakpoint
CREATE INDEX "task_runs_due" ON "task_runs" USING btree ("next_attempt_at") WHERE "task_runs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "task_runs_name_created" ON "task_runs" USING btree ("name","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('in_review', 'live', 'closed', 'expired', 'rejected'));--> statement-breakpoint
-- The audit log is append-only for every role that can write it: no UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- The review queue's duplicate check compares titles with pg_trgm's similarity (0000 loads it).
CREATE INDEX jobs_title_trgm ON jobs USING gin (title gin_trgm_ops);

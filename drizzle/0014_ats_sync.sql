CREATE TABLE "ats_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"board_id" text NOT NULL,
	"status" text DEFAULT 'never' NOT NULL,
	"last_crawl_started_at" timestamp with time zone,
	"last_crawl_finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"jobs_seen" integer DEFAULT 0 NOT NULL,
	"last_summary" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_connections_source" CHECK ("ats_connections"."source" in ('greenhouse', 'lever', 'ashby', 'recruitee', 'smartrecruiters', 'workable', 'personio')),
	CONSTRAINT "ats_connections_status" CHECK ("ats_connections"."status" in ('never', 'ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ats_connection_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ats_hash" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "ats_connections" ADD CONSTRAINT "ats_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ats_connections_company_source_board" ON "ats_connections" USING btree ("company_id","source","board_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_ats_connection_id_ats_connections_id_fk" FOREIGN KEY ("ats_connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_company_external_id_idx" ON "jobs" USING btree ("company_id","external_id") WHERE "jobs"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_ats_connection" ON "jobs" USING btree ("ats_connection_id","last_seen_at") WHERE "jobs"."ats_connection_id" is not null;
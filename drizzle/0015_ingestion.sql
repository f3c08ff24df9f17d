CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "search_engine_pings" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"job_id" integer,
	"url" text NOT NULL,
	"action" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_engine_pings_target" CHECK ("search_engine_pings"."target" in ('indexnow', 'google')),
	CONSTRAINT "search_engine_pings_action" CHECK ("search_engine_pings"."action" in ('URL_UPDATED', 'URL_DELETED')),
	CONSTRAINT "search_engine_pings_status" CHECK ("search_engine_pings"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "search_engine_scan" (
	"id" integer PRIMARY KEY NOT NULL,
	"scanned_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_engine_pings" ADD CONSTRAINT "search_engine_pings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_company" ON "api_keys" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "search_engine_pings_change" ON "search_engine_pings" USING btree ("target","job_id","changed_at");--> statement-breakpoint
CREATE INDEX "search_engine_pings_due" ON "search_engine_pings" USING btree ("target","next_attempt_at") WHERE "search_engine_pings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_updated" ON "jobs" USING btree ("updated_at","id");
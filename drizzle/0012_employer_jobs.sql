CREATE TABLE "city_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_id" integer,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_join_requests_status" CHECK ("company_join_requests"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "company_logo_images" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_role" CHECK ("company_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "job_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer,
	"repost_of" integer,
	"values" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "work_mode" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reposted_from_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "history_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_logo_images" ADD CONSTRAINT "company_logo_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_repost_of_jobs_id_fk" FOREIGN KEY ("repost_of") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_hash" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_company" ON "company_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_join_requests_company_user" ON "company_join_requests" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_members_user" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_drafts_company" ON "job_drafts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_drafts_job" ON "job_drafts" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_reposted_from_id_jobs_id_fk" FOREIGN KEY ("reposted_from_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_company_posted" ON "jobs" USING btree ("company_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_history" ON "jobs" USING btree ("history_id") WHERE "jobs"."history_id" is not null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('in_review', 'live', 'closed', 'rejected'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_work_mode" CHECK ("jobs"."work_mode" in ('on_site', 'hybrid', 'remote'));--> statement-breakpoint
-- The board's own companies (demo and imported data) are trusted; companies created by accounts
-- start unverified unless their website matches the creator's verified e-mail domain.
UPDATE companies SET verified = true WHERE created_by IS NULL;--> statement-breakpoint
-- A job switched off before statuses existed is closed; is_active stays the public flag.
UPDATE jobs SET status = 'closed' WHERE NOT is_active;--> statement-breakpoint
-- Apply links may also be a mailto: with one address (the job form's rule, shared/contract/
-- employer-jobs.ts isApplyLink); http(s) links keep migration 0004's rule and constraint name.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_apply_link_http;--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_apply_link_http CHECK (apply_link ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$' OR apply_link ~ '^mailto:[^[:space:][:cntrl:]@?#/]+@[^[:space:][:cntrl:]@?#/]+\.[^[:space:][:cntrl:]@?#/]+$');

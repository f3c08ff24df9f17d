CREATE TABLE "job_alert_sent" (
	"alert_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alert_sent_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"query" text NOT NULL,
	"label" text NOT NULL,
	"frequency" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"sent_up_to" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency" CHECK ("job_alerts"."frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "seeker_marks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_marks_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "seeker_marks_kind" CHECK ("seeker_marks"."kind" in ('saved', 'hidden-job', 'hidden-company'))
);
--> statement-breakpoint
ALTER TABLE "job_alert_sent" ADD CONSTRAINT "job_alert_sent_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_sent" ADD CONSTRAINT "job_alert_sent_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_marks" ADD CONSTRAINT "seeker_marks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_token_hash" ON "job_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_email_query" ON "job_alerts" USING btree ("email","query");--> statement-breakpoint
CREATE INDEX "job_alerts_due" ON "job_alerts" USING btree ("last_digest_at") WHERE "job_alerts"."confirmed_at" is not null and "job_alerts"."paused_at" is null;
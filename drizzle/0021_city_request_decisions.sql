-- City requests get a decision (issue: operators could not see them): an operator adds the city (the
-- request then names it) or dismisses the request with an optional reason. Requests made before
-- stay pending, which is what they are.
ALTER TABLE "city_requests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "dismiss_reason" text;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_requests_pending" ON "city_requests" USING btree ("created_at") WHERE "city_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_status" CHECK ("city_requests"."status" in ('pending', 'added', 'dismissed'));

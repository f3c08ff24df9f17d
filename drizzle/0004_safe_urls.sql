-- Links from job data (apply links, company sites, the app's social links) must be plain http(s)
-- addresses without credentials, so no page can ever render javascript:, data: or vbscript: as a
-- link (issue 6). The expression is SAFE_URL_CHECK_SQL in src/server/security/safe-url.ts; a test
-- keeps the two equal. Dropped first so the migration can be re-run safely.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_apply_link_http;--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_apply_link_http CHECK (apply_link ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');--> statement-breakpoint
ALTER TABLE companies DROP CONSTRAINT IF EXISTS companies_company_website_http;--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_company_website_http CHECK (company_website ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');--> statement-breakpoint
ALTER TABLE app_details DROP CONSTRAINT IF EXISTS app_details_twitter_http;--> statement-breakpoint
ALTER TABLE app_details ADD CONSTRAINT app_details_twitter_http CHECK (twitter ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');--> statement-breakpoint
ALTER TABLE app_details DROP CONSTRAINT IF EXISTS app_details_linked_in_http;--> statement-breakpoint
ALTER TABLE app_details ADD CONSTRAINT app_details_linked_in_http CHECK (linked_in ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');--> statement-breakpoint
ALTER TABLE app_details DROP CONSTRAINT IF EXISTS app_details_youtube_http;--> statement-breakpoint
ALTER TABLE app_details ADD CONSTRAINT app_details_youtube_http CHECK (youtube ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');--> statement-breakpoint
ALTER TABLE app_details DROP CONSTRAINT IF EXISTS app_details_whats_app_http;--> statement-breakpoint
ALTER TABLE app_details ADD CONSTRAINT app_details_whats_app_http CHECK (whats_app ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$');

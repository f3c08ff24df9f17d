-- Listing indexes (DESIGN.md §8): partial over switched-on jobs, one per sort column and one per
-- (filter column, sort column), each carrying the other filter columns and the closing date so
-- that the listing finds its page of ids by an index-only scan and joins only those for display.
CREATE INDEX IF NOT EXISTS jobs_newest ON jobs (posted_at DESC, id DESC) INCLUDE (company_id, role_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_popular ON jobs (views DESC, id DESC) INCLUDE (company_id, role_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_company_newest ON jobs (company_id, posted_at DESC, id DESC) INCLUDE (role_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_company_popular ON jobs (company_id, views DESC, id DESC) INCLUDE (role_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_role_newest ON jobs (role_id, posted_at DESC, id DESC) INCLUDE (company_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_role_popular ON jobs (role_id, views DESC, id DESC) INCLUDE (company_id, city_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_city_newest ON jobs (city_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_city_popular ON jobs (city_id, views DESC, id DESC) INCLUDE (company_id, role_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_level_newest ON jobs (experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, city_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_level_popular ON jobs (experience_level_id, views DESC, id DESC) INCLUDE (company_id, role_id, city_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_search_vector ON jobs USING gin (search_vector) WHERE is_active;

-- Listing indexes for two filters at once among role, city and experience level (the usual search:
-- "engineers in Bengaluru"), shaped like 0001's. With one filter's index, a page of two or three of
-- these filters walks every entry of the smaller filter that fails the others: 19,000 of a large
-- city to count the 218 jobs of one role and level there, 34,000 of a role to reach page 500 of
-- one level. A pair index walks only the pair's own matches. Company pairs need none: a company's
-- jobs are few enough to walk.
CREATE INDEX IF NOT EXISTS jobs_role_city_newest ON jobs (role_id, city_id, posted_at DESC, id DESC) INCLUDE (company_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_role_city_popular ON jobs (role_id, city_id, views DESC, id DESC) INCLUDE (company_id, experience_level_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_role_level_newest ON jobs (role_id, experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, city_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_role_level_popular ON jobs (role_id, experience_level_id, views DESC, id DESC) INCLUDE (company_id, city_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_city_level_newest ON jobs (city_id, experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, valid_through) WHERE is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_city_level_popular ON jobs (city_id, experience_level_id, views DESC, id DESC) INCLUDE (company_id, role_id, valid_through) WHERE is_active;

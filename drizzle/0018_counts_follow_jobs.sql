ALTER TABLE "job_drafts" ADD COLUMN "form_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "form_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "job_drafts_company_form_key" ON "job_drafts" USING btree ("company_id","form_key") WHERE "job_drafts"."form_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_company_form_key" ON "jobs" USING btree ("company_id","form_key") WHERE "jobs"."form_key" is not null;--> statement-breakpoint
-- The stored large-result counts (job_counts, modules/jobs/counts.ts) follow every write to jobs at
-- once, whatever made it: the employer, an operator, a report, the expiry task, the apply-link
-- check, a reminder's link, an import. A job is in the stored counts when it is active and was not
-- past its closing date at the last refresh (job_counts_refresh.refreshed_at; the refresh counts
-- exactly those), so a job that expires by the clock leaves them when the expiry task switches it
-- off. Statement-level with transition tables: a bulk write costs one grouped update, and a write
-- that moves no job between combinations (the view counter's) cancels out before the CUBE. The
-- key columns are those of REFRESH_COUNTS_SQL (counts.ts): change both together.
CREATE OR REPLACE FUNCTION jobs_counts_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
  part text := 'SELECT company_id, role_id, city_id, experience_level_id, work_mode,
      salary_provided = ''true'' AS stated, %s AS d FROM %I
    WHERE is_active AND (valid_through IS NULL OR valid_through > $1)';
  moved text;
BEGIN
  -- Nothing stored (no combination reaches 1,000 jobs, or no refresh yet): nothing to follow.
  IF NOT EXISTS (SELECT 1 FROM job_counts) THEN
    RETURN NULL;
  END IF;
  SELECT refreshed_at INTO since FROM job_counts_refresh WHERE id = 1;
  IF TG_OP = 'INSERT' THEN
    moved := format(part, '1', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    moved := format(part, '-1', 'old_rows');
  ELSE
    moved := format(part, '-1', 'old_rows') || ' UNION ALL ' || format(part, '1', 'new_rows');
  END IF;
  EXECUTE format($q$
    UPDATE job_counts k SET n = k.n + m.d
    FROM (
      SELECT coalesce(company_id, 0) AS c, coalesce(role_id, 0) AS r, coalesce(city_id, 0) AS l,
             coalesce(experience_level_id, -1) AS e,
             CASE WHEN GROUPING(work_mode) = 1 THEN '' ELSE coalesce(work_mode, '-') END AS w,
             CASE WHEN GROUPING(stated) = 1 THEN -1 WHEN stated THEN 1 ELSE 0 END AS s,
             sum(d)::int AS d
      FROM (
        SELECT company_id, role_id, city_id, experience_level_id, work_mode, stated, sum(d) AS d
        FROM (%s) u
        GROUP BY company_id, role_id, city_id, experience_level_id, work_mode, stated
        HAVING sum(d) <> 0
      ) x
      GROUP BY CUBE (company_id, role_id, city_id, experience_level_id, work_mode, stated)
    ) m
    WHERE m.d <> 0 AND k.company_id = m.c AND k.role_id = m.r AND k.city_id = m.l
      AND k.experience_level_id = m.e AND k.work_mode = m.w AND k.salary_stated = m.s
  $q$, moved) USING since;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_counts_insert ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_counts_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_counts_follow();--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_counts_update ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_counts_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_counts_follow();--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_counts_delete ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_counts_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_counts_follow();

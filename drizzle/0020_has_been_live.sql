-- A job that has never been on the board: its page answers 404, not "no longer available" (410).
-- Added with a constant default, which PostgreSQL stores once instead of rewriting every row.
ALTER TABLE "jobs" ADD COLUMN "has_been_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Jobs waiting for their first review or refused at it. A job taken back into review by a sync
-- after it was live cannot be told apart now and is counted with them; from here on the trigger
-- keeps the mark.
UPDATE "jobs" SET "has_been_live" = false
  WHERE "status" IN ('in_review', 'rejected') AND "closed_at" IS NULL;--> statement-breakpoint
-- Whoever writes the status (the employer's form, the posting API, a sync, an operator, a
-- recovered link): a new job has been live if it starts live or off the board after it (closed,
-- expired); any job that turns live has been.
CREATE OR REPLACE FUNCTION jobs_has_been_live() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.has_been_live := NEW.status NOT IN ('in_review', 'rejected');
  ELSIF NEW.status = 'live' THEN
    NEW.has_been_live := true;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_has_been_live BEFORE INSERT OR UPDATE OF status ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_has_been_live();

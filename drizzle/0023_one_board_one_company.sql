-- One board, one company: the same Greenhouse/Lever/... board connected by two companies imported
-- the same jobs twice, under both. A board (its source and name, in any case) may now be read by
-- one connection only. Where several had connected it, the oldest connection is kept and the
-- others are switched off, not deleted: their jobs stay as they are (their owners may disconnect
-- them, closing or keeping the jobs), and their dashboards say why and whom to ask: the reason
-- is also the connection's last error, a clause as a failed sync's ("Error: ... No job was changed").
ALTER TABLE "ats_connections" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
UPDATE "ats_connections" c SET "disabled_reason" = d."reason", "status" = 'failed', "last_error" = d."reason"
  FROM (
    SELECT o."id", CASE WHEN k."company_id" = o."company_id"
        THEN 'this board is connected twice to this company, and its other connection is the one read; disconnect this one'
        ELSE 'this board is also connected to another company on Openings, which connected it first, so it is no longer read here; if it is your company''s board, write to us through the contact page (/contact)'
      END AS "reason"
    FROM "ats_connections" o
    JOIN (
      SELECT DISTINCT ON ("source", lower("board_id")) "id", "company_id", "source", lower("board_id") AS "board"
        FROM "ats_connections"
        ORDER BY "source", lower("board_id"), "created_at", "id"
    ) k ON k."source" = o."source" AND k."board" = lower(o."board_id") AND k."id" <> o."id"
  ) d
  WHERE c."id" = d."id";--> statement-breakpoint
CREATE UNIQUE INDEX "ats_connections_one_board" ON "ats_connections" USING btree ("source",lower("board_id")) WHERE "ats_connections"."disabled_reason" is null;

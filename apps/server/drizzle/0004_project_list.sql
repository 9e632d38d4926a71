-- The project list query (README, "The project list query"). pg_trgm ships with PostgreSQL's
-- contrib (every managed PostgreSQL has it) and with PGlite (@electric-sql/pglite/contrib/pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Every 1- and 2-character piece of a text: a GIN index over it finds 1-2 character Chinese
-- keywords, which carry no trigram.
CREATE OR REPLACE FUNCTION portal_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
  ) AS grams
$$;--> statement-breakpoint
-- The list order of a project at a moment, and the window [rank_from, rank_until) in which it
-- holds: the same rule as deriveProjectState (domain/projects.ts). Every condition of that rule
-- turns at one of the boundaries below, so the state is constant between two of them. A finished
-- project stays finished.
CREATE OR REPLACE FUNCTION portal_project_rank(
  apply_start timestamptz, apply_end timestamptz, exam_end timestamptz,
  closed_at timestamptz, finished_at timestamptz, at timestamptz)
RETURNS TABLE (list_rank smallint, rank_from timestamptz, rank_until timestamptz)
-- One plain SELECT (greatest/least skip nulls), so the planner inlines it into the refresh.
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.list_rank,
    coalesce(greatest(
      CASE WHEN apply_start <= at THEN apply_start END,
      CASE WHEN apply_end + interval '1 microsecond' <= at THEN apply_end + interval '1 microsecond' END,
      CASE WHEN exam_end + interval '1 microsecond' <= at THEN exam_end + interval '1 microsecond' END,
      CASE WHEN closed_at <= at THEN closed_at END,
      CASE WHEN finished_at <= at THEN finished_at END), '-infinity'::timestamptz),
    CASE WHEN r.list_rank = 3 THEN 'infinity'::timestamptz ELSE coalesce(least(
      CASE WHEN apply_start > at THEN apply_start END,
      CASE WHEN apply_end + interval '1 microsecond' > at THEN apply_end + interval '1 microsecond' END,
      CASE WHEN exam_end + interval '1 microsecond' > at THEN exam_end + interval '1 microsecond' END,
      CASE WHEN closed_at > at THEN closed_at END,
      CASE WHEN finished_at > at THEN finished_at END), 'infinity'::timestamptz) END
  FROM (SELECT CASE
      WHEN coalesce(finished_at <= at, false) OR coalesce(exam_end < at, false) THEN 3
      WHEN at < apply_start THEN 1
      WHEN coalesce(closed_at <= at, false) OR at > apply_end THEN 2
      ELSE 0 END::smallint AS list_rank) AS r
$$;--> statement-breakpoint
-- A change of what the list orders or finds by marks the row for recomputation.
CREATE OR REPLACE FUNCTION portal_projects_list_dirty() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank_until := '-infinity';
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_list_dirty BEFORE UPDATE OF tenant_id, title, organizer, category_id,
  apply_start_at, apply_end_at, exam_end_at, closed_at, finished_at, sort ON projects
  FOR EACH ROW EXECUTE FUNCTION portal_projects_list_dirty();--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "list_rank" smallint DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rank_from" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rank_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (portal_grams(lower(title || ' ' || organizer))) STORED;--> statement-breakpoint
-- Existing projects get their order now, not on the first list call after the upgrade.
UPDATE projects AS u SET (list_rank, rank_from, rank_until) = (
  SELECT r.list_rank, r.rank_from, r.rank_until FROM portal_project_rank(u.apply_start_at,
    u.apply_end_at, u.exam_end_at, u.closed_at, u.finished_at, now()) AS r);--> statement-breakpoint
CREATE INDEX "projects_list_idx" ON "projects" USING btree ("tenant_id","list_rank","sort","apply_start_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_rank_from_idx" ON "projects" USING btree ("rank_from");--> statement-breakpoint
CREATE INDEX "projects_rank_until_idx" ON "projects" USING btree ("rank_until");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin (lower("title" || ' ' || "organizer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_grams_idx" ON "projects" USING gin ("search_grams");
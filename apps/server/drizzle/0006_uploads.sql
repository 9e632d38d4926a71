CREATE TABLE "uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stored_name" varchar(80) NOT NULL,
	"file_name" text NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_index" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_created_at_index" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;--> statement-breakpoint
-- Files uploaded before uploads had owners: each becomes the upload of the first account that named it.
INSERT INTO "uploads" ("id", "user_id", "stored_name", "file_name", "content_type", "size", "created_at", "attached_at")
SELECT DISTINCT ON (f.name)
	split_part(f.name, '.', 1), f.user_id, f.name,
	left(coalesce(f.value->>'FileName', f.name), 200),
	CASE split_part(f.name, '.', 2) WHEN 'jpg' THEN 'image/jpeg' WHEN 'png' THEN 'image/png' WHEN 'webp' THEN 'image/webp' ELSE 'application/pdf' END,
	CASE WHEN jsonb_typeof(f.value->'Size') = 'number' THEN least(greatest((f.value->>'Size')::numeric, 0), 2147483647)::integer ELSE 0 END,
	f.at, f.at
FROM (
	SELECT a.user_id, a.created_at AS at, e.value, substr(e.value->>'Url', 10) AS name, 0 AS source, a.id AS source_id
	FROM "applications" a, jsonb_each(a.values) e WHERE jsonb_typeof(e.value) = 'object'
	UNION ALL
	SELECT u.user_id, u.updated_at, e.value, substr(e.value->>'Url', 10), 1, u.user_id
	FROM "user_apply_archives" u, jsonb_each(u.values) e WHERE jsonb_typeof(e.value) = 'object'
	UNION ALL
	SELECT id, created_at, '{}'::jsonb, substr(head_portrait, 10), 2, id FROM "users" WHERE head_portrait LIKE '/uploads/%'
) f
WHERE f.name ~ '^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|pdf)$'
ORDER BY f.name, f.source, f.source_id
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "applications" SET "values" = (
	SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'object' AND e.value->>'Url' ~ '^/uploads/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|pdf)$'
		THEN (e.value - 'Url') || jsonb_build_object('FileId', split_part(substr(e.value->>'Url', 10), '.', 1)) ELSE e.value END)
	FROM jsonb_each("values") e)
WHERE "values"::text LIKE '%/uploads/%';--> statement-breakpoint
UPDATE "user_apply_archives" SET "values" = (
	SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'object' AND e.value->>'Url' ~ '^/uploads/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|pdf)$'
		THEN (e.value - 'Url') || jsonb_build_object('FileId', split_part(substr(e.value->>'Url', 10), '.', 1)) ELSE e.value END)
	FROM jsonb_each("values") e)
WHERE "values"::text LIKE '%/uploads/%';

DROP INDEX "users_verified_id_number_unique";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_apply_archives" ALTER COLUMN "values" SET DATA TYPE text USING "values"::text;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "values" SET DATA TYPE text USING "values"::text;--> statement-breakpoint
ALTER TABLE "preview_entries" ALTER COLUMN "values" SET DATA TYPE text USING "values"::text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_index" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_id_number_unique" ON "users" USING btree ("id_number_index") WHERE "users"."is_real_name" and "users"."status" = 'active';
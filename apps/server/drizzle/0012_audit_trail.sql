CREATE TABLE "personal_data_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" varchar(64) NOT NULL,
	"actor_name" varchar(64) DEFAULT '' NOT NULL,
	"subject_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"target" varchar(120) NOT NULL,
	"address" varchar(64) NOT NULL,
	"result" text NOT NULL,
	"prev_hash" char(64) NOT NULL,
	"hash" char(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "personal_data_events_subject_idx" ON "personal_data_events" USING btree ("subject_user_id","id");--> statement-breakpoint
CREATE FUNCTION "personal_data_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'personal_data_events is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "personal_data_events_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "personal_data_events" FOR EACH STATEMENT EXECUTE FUNCTION "personal_data_events_append_only"();

CREATE TABLE "score_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"score_before" integer NOT NULL,
	"score_after" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewing_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "scores_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "score_pass_line" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "score_review_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "score_review_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "score_reviews" ADD CONSTRAINT "score_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_reviews_application_id_index" ON "score_reviews" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_reviews_open_unique" ON "score_reviews" USING btree ("application_id") WHERE "score_reviews"."status" <> 'Answered';
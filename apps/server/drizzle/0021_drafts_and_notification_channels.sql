CREATE TABLE "apply_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"position_id" integer,
	"values" text NOT NULL,
	"file_ids" text[] NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "notification_outbox_once";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ticket_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apply_drafts" ADD CONSTRAINT "apply_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_drafts" ADD CONSTRAINT "apply_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_drafts" ADD CONSTRAINT "apply_drafts_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apply_drafts_user_project_index" ON "apply_drafts" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_once" ON "notification_outbox" USING btree ("application_id","kind","occasion","channel");
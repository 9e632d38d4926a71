DROP INDEX "notification_outbox_once";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ticket_opens_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_once" ON "notification_outbox" USING btree ("application_id","kind","occasion","channel");
CREATE TABLE "provider_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"verified" boolean NOT NULL,
	"order_no" varchar(32)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "refundable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_no" varchar(32);--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "provider_notifications_order_no_index" ON "provider_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "provider_notifications_received_at_index" ON "provider_notifications" USING btree ("received_at");
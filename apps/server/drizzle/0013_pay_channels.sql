ALTER TABLE "payment_orders" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "pay_args" jsonb;
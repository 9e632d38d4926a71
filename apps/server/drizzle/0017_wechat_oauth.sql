ALTER TABLE "users" ADD COLUMN "we_chat_web_open_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "we_chat_union_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_web_open_id_unique" ON "users" USING btree ("we_chat_web_open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_union_id_unique" ON "users" USING btree ("we_chat_union_id");
CREATE TABLE "tenant_domains" (
	"domain" varchar(253) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"service_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"mobile" varchar(11),
	"closed_mobile" varchar(11),
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"head_portrait" text DEFAULT '' NOT NULL,
	"is_real_name" boolean DEFAULT false NOT NULL,
	"real_name" text,
	"id_number" varchar(18),
	"we_chat_open_id" text,
	"we_chat_nick_name" text,
	"we_chat_head_img_url" text,
	"we_chat_bind_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"project_id" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_apply_archives" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_solutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"organizer" text NOT NULL,
	"summary" text NOT NULL,
	"url" text NOT NULL,
	"apply_end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_apply_archives" ADD CONSTRAINT "user_apply_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_solutions" ADD CONSTRAINT "common_solutions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_projects" ADD CONSTRAINT "external_projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_unique" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_open_id_unique" ON "users" USING btree ("we_chat_open_id");--> statement-breakpoint
CREATE INDEX "user_messages_user_created" ON "user_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "common_solutions_published" ON "common_solutions" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "external_projects_apply_end" ON "external_projects" USING btree ("apply_end_at");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id" ON "oidc_payloads" USING btree ("model","grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid" ON "oidc_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code" ON "oidc_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at" ON "oidc_payloads" USING btree ("expires_at");
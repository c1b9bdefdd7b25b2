CREATE TABLE "platform_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"buyer_name" text,
	"receiver" jsonb,
	"payment_method" text,
	"items" jsonb NOT NULL,
	"platform_created_at" timestamp with time zone NOT NULL,
	"platform_updated_at" timestamp with time zone NOT NULL,
	"raw" jsonb,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"category_id" text,
	"price_min_minor" bigint NOT NULL,
	"price_max_minor" bigint NOT NULL,
	"stock" integer NOT NULL,
	"images" jsonb NOT NULL,
	"skus" jsonb NOT NULL,
	"platform_created_at" timestamp with time zone NOT NULL,
	"platform_updated_at" timestamp with time zone NOT NULL,
	"raw" jsonb,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"app_key" text NOT NULL,
	"seller_id" text NOT NULL,
	"shop_id" text,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"app_key" text NOT NULL,
	"seller_id" text NOT NULL,
	"shop_id" text,
	"country" text,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"authorization_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_orders" (
	"platform" text NOT NULL,
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_orders_platform_shop_id_order_id_pk" PRIMARY KEY("platform","shop_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_products" (
	"platform" text NOT NULL,
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_products_platform_shop_id_product_id_pk" PRIMARY KEY("platform","shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_sellers" (
	"id" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."marketplace_shops" (
	"platform" text NOT NULL,
	"shop_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"site" text NOT NULL,
	"name" text NOT NULL,
	"cipher" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_shops_platform_shop_id_pk" PRIMARY KEY("platform","shop_id")
);
--> statement-breakpoint
CREATE TABLE "shop_auth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"sites" jsonb NOT NULL,
	"cross_border" boolean NOT NULL,
	"shop_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"cross_border" boolean DEFAULT false NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'normal' NOT NULL,
	"failure_key" text,
	"failure_code" text,
	"failure_message" text,
	"refreshed_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone NOT NULL,
	"refresh_failures" integer DEFAULT 0 NOT NULL,
	"expiry_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_sync" (
	"shop_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"high_water_mark" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_count" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error_key" text,
	"last_error_code" text,
	"last_error_message" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "shop_sync_shop_id_resource_pk" PRIMARY KEY("shop_id","resource")
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"resource" text NOT NULL,
	"shop_ids" jsonb NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"shops_done" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "authorization_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "cipher" text;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_products" ADD CONSTRAINT "platform_products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_products" ADD CONSTRAINT "platform_products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_auth_states" ADD CONSTRAINT "shop_auth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_authorizations" ADD CONSTRAINT "shop_authorizations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sync" ADD CONSTRAINT "shop_sync_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_orders_shop_external_key" ON "platform_orders" USING btree ("platform","shop_id","external_id");--> statement-breakpoint
CREATE INDEX "platform_orders_owner_created_idx" ON "platform_orders" USING btree ("owner_id","platform_created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_products_shop_external_key" ON "platform_products" USING btree ("platform","shop_id","external_id");--> statement-breakpoint
CREATE INDEX "platform_products_owner_idx" ON "platform_products" USING btree ("owner_id","platform_updated_at");--> statement-breakpoint
CREATE INDEX "marketplace_tokens_seller_idx" ON "sandbox"."marketplace_tokens" USING btree ("platform","seller_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_updated_idx" ON "sandbox"."marketplace_orders" USING btree ("platform","shop_id","updated_at");--> statement-breakpoint
CREATE INDEX "marketplace_products_updated_idx" ON "sandbox"."marketplace_products" USING btree ("platform","shop_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_authorizations_platform_account_key" ON "shop_authorizations" USING btree ("platform","account_id");--> statement-breakpoint
CREATE INDEX "shop_authorizations_owner_id_idx" ON "shop_authorizations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "shop_authorizations_next_refresh_idx" ON "shop_authorizations" USING btree ("next_refresh_at");--> statement-breakpoint
CREATE INDEX "shop_sync_next_sync_idx" ON "shop_sync" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "sync_runs_owner_idx" ON "sync_runs" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_authorization_id_shop_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."shop_authorizations"("id") ON DELETE set null ON UPDATE no action;
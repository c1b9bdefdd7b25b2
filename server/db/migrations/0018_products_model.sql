CREATE TABLE "media" (
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_owner_id_key_pk" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
CREATE TABLE "shop_product_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"markup_percent" integer,
	"rounding" text,
	"shipping_per_kg" integer,
	"handling" integer,
	"platform_fee_bps" integer,
	"margin_bps" integer,
	"strike_through_bps" integer,
	"default_logistics_id" text,
	"channels" jsonb,
	"channels_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "source_site" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "source_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "source_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" text DEFAULT 'claimed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platform_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cover" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cover_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "site_listings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "failure" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "job" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "job_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "job_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "job_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "readiness_errors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "readiness_warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platform_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platform_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_settings" ADD CONSTRAINT "shop_product_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_key_idx" ON "media" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_external_key" ON "products" USING btree ("platform","shop_id","external_id");--> statement-breakpoint
CREATE INDEX "products_owner_platform_list_idx" ON "products" USING btree ("owner_id","platform","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_owner_platform_status_list_idx" ON "products" USING btree ("owner_id","platform","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_shop_list_idx" ON "products" USING btree ("shop_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_job_due_idx" ON "products" USING btree ("job_due_at") WHERE "products"."job" is not null;--> statement-breakpoint
-- One product model: the synced products join the claimed ones, by their platform's status.
UPDATE "products" SET
  "sku_count" = coalesce(jsonb_array_length("data"->'skus'), 0),
  "cover" = "data"->'images'->>0,
  "stock" = coalesce((SELECT sum(coalesce((s->>'stock')::int, 0)) FROM jsonb_array_elements("data"->'skus') s), 0)
WHERE "data" IS NOT NULL;--> statement-breakpoint
INSERT INTO "products" (
  "id", "owner_id", "shop_id", "platform", "origin", "external_id", "platform_status", "status",
  "title", "currency", "category_id", "price_min_minor", "price_max_minor", "stock", "sku_count",
  "cover", "raw", "platform_created_at", "platform_updated_at", "synced_at", "created_at", "updated_at"
)
SELECT
  pp.id, pp.owner_id, pp.shop_id, pp.platform, 'synced', pp.external_id, pp.status,
  CASE
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'active' THEN 'online'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'live' THEN 'online'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'soldout' THEN 'online'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'inactive' THEN 'offline'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'pendingqc' THEN 'pushing'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'pending' THEN 'pushing'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'rejected' THEN 'fail'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'suspended' THEN 'forbid'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'deleted' THEN 'del'
      WHEN pp.platform = 'lazada' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'freeze' THEN 'freeze'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'normal' THEN 'online'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'unlist' THEN 'offline'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'reviewing' THEN 'pushing'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'banned' THEN 'forbid'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'sellerdelete' THEN 'del'
      WHEN pp.platform = 'shopee' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'shopeedelete' THEN 'del'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'draft' THEN 'wait'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'pending' THEN 'pushing'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'activate' THEN 'online'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'sellerdeactivated' THEN 'offline'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'platformdeactivated' THEN 'forbid'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'failed' THEN 'fail'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'freeze' THEN 'freeze'
      WHEN pp.platform = 'tiktok' AND lower(regexp_replace(pp.status, '[^a-zA-Z0-9]', '', 'g')) = 'deleted' THEN 'del'
      ELSE 'offline'
  END,
  pp.title, pp.currency, pp.category_id, pp.price_min_minor, pp.price_max_minor, pp.stock,
  jsonb_array_length(pp.skus), pp.images->>0,
  jsonb_build_object('images', pp.images, 'skus', pp.skus, 'record', pp.raw),
  pp.platform_created_at, pp.platform_updated_at, pp.synced_at, pp.platform_created_at, pp.synced_at
FROM "platform_products" pp
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "platform_products" CASCADE;

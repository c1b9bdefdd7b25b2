-- The console's order status of a platform's raw one: the table of shared/contracts/orders.ts
-- (ORDER_STATUS_MAP, keys as statusKey makes them) and its precedence for orders of several parts.
-- A test keeps the two in step.
CREATE OR REPLACE FUNCTION cmp_order_status(p text, raw text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((
    SELECT found.status FROM (
      SELECT coalesce(m.status, 'unknown') AS status
      FROM unnest(string_to_array(raw, ',')) AS part
      LEFT JOIN (VALUES
    ('lazada','unpaid','other'),
    ('lazada','pending','waitDeal'),
    ('lazada','topack','waitDeal'),
    ('lazada','repacked','waitDeal'),
    ('lazada','packed','waitShip'),
    ('lazada','readytoship','waitShip'),
    ('lazada','toship','waitShip'),
    ('lazada','shipping','shipping'),
    ('lazada','shipped','shipping'),
    ('lazada','delivered','shipped'),
    ('lazada','confirmed','complete'),
    ('lazada','canceled','cancel'),
    ('lazada','returned','fail'),
    ('lazada','failed','fail'),
    ('lazada','faileddelivery','fail'),
    ('lazada','lost','fail'),
    ('lazada','lostby3pl','fail'),
    ('lazada','damagedby3pl','fail'),
    ('lazada','shippedback','fail'),
    ('lazada','shippedbacksuccess','fail'),
    ('lazada','shippedbackfailed','fail'),
    ('lazada','packagescrapped','fail'),
    ('shopee','unpaid','other'),
    ('shopee','pending','other'),
    ('shopee','invoicepending','other'),
    ('shopee','readytoship','waitDeal'),
    ('shopee','processed','waitShip'),
    ('shopee','retryship','waitShip'),
    ('shopee','shipped','shipping'),
    ('shopee','toconfirmreceive','shipped'),
    ('shopee','completed','complete'),
    ('shopee','incancel','fail'),
    ('shopee','toreturn','fail'),
    ('shopee','cancelled','cancel'),
    ('tiktok','unpaid','other'),
    ('tiktok','onhold','other'),
    ('tiktok','awaitingshipment','waitDeal'),
    ('tiktok','awaitingcollection','waitShip'),
    ('tiktok','partiallyshipping','shipping'),
    ('tiktok','intransit','shipping'),
    ('tiktok','delivered','shipped'),
    ('tiktok','completed','complete'),
    ('tiktok','cancelled','cancel')
      ) AS m(platform, key, status)
        ON m.platform = p AND m.key = regexp_replace(lower(part), '[^a-z0-9]', '', 'g')
      WHERE btrim(part) <> ''
    ) AS found
    ORDER BY array_position(
      ARRAY['unknown','fail','other','waitDeal','waitShip','shipping','shipped','complete','cancel'],
      found.status
    )
    LIMIT 1
  ), 'unknown')
$$;--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_no" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"express" text NOT NULL,
	"tracking_no" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"created_by" uuid,
	"signed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_links" (
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"product_key" text NOT NULL,
	"sku_key" text NOT NULL,
	"url" text NOT NULL,
	"supplier_sku" text,
	"price_fen" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_links_owner_id_platform_product_key_sku_key_pk" PRIMARY KEY("owner_id","platform","product_key","sku_key")
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_no" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"shop_id" uuid,
	"order_id" uuid,
	"platform_order_no" text,
	"submission_id" uuid,
	"currency" text NOT NULL,
	"estimate_minor" bigint NOT NULL,
	"fees" jsonb NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"frozen_minor" bigint DEFAULT 0 NOT NULL,
	"coupon_id" uuid,
	"actual_minor" bigint,
	"items" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"remark" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "order_status" text GENERATED ALWAYS AS (cmp_order_status(platform, status)) STORED;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "source" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "order_type" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_platform_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."platform_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_submissions" ADD CONSTRAINT "order_submissions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_submissions" ADD CONSTRAINT "order_submissions_order_id_platform_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."platform_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_submissions" ADD CONSTRAINT "order_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_links" ADD CONSTRAINT "purchase_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_order_id_platform_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."platform_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_submission_id_order_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."order_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_return_no_key" ON "order_returns" USING btree ("return_no");--> statement-breakpoint
CREATE INDEX "order_returns_owner_status_idx" ON "order_returns" USING btree ("owner_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_submissions_owner_key" ON "order_submissions" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_service_no_key" ON "service_orders" USING btree ("service_no");--> statement-breakpoint
CREATE INDEX "service_orders_owner_created_idx" ON "service_orders" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_orders_order_idx" ON "service_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "platform_orders_owner_status_created_idx" ON "platform_orders" USING btree ("owner_id","order_status","platform_created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_orders_shop_created_idx" ON "platform_orders" USING btree ("shop_id","platform_created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_no" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"express_type" text NOT NULL,
	"shipping_type" text NOT NULL,
	"service_no" text,
	"platform_no" text,
	"address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"currency" text NOT NULL,
	"estimated_fees" jsonb NOT NULL,
	"actual_fees" jsonb,
	"estimated_total" bigint NOT NULL,
	"actual_total" bigint,
	"float_amount" bigint NOT NULL,
	"coupon_id" uuid,
	"discount" bigint DEFAULT 0 NOT NULL,
	"frozen" bigint DEFAULT 0 NOT NULL,
	"extra_frozen" bigint DEFAULT 0 NOT NULL,
	"tracking" text,
	"remark" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"fail_reason" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"audited_by" uuid,
	"audited_at" timestamp with time zone,
	"shipped_by" uuid,
	"shipped_at" timestamp with time zone,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"failed_by" uuid,
	"failed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchases_status_known" CHECK (status in ('waitAudit', 'waitShip', 'shipping', 'complete', 'abort', 'cancel', 'fail', 'beWait')),
	CONSTRAINT "purchases_type_known" CHECK (type in ('crossSale', 'crossStoreSupplement')),
	CONSTRAINT "purchases_amounts_valid" CHECK ("purchases"."estimated_total" > 0 and "purchases"."float_amount" >= 0 and "purchases"."discount" >= 0 and "purchases"."frozen" >= 0 and "purchases"."extra_frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"volume" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"days" integer NOT NULL,
	"days_in_month" integer NOT NULL,
	"amount" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"charge_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warehouse_charges_kind_known" CHECK (kind in ('open', 'upgrade', 'renew', 'monthly')),
	CONSTRAINT "warehouse_charges_amounts_valid" CHECK ("warehouse_charges"."amount" >= 0 and "warehouse_charges"."days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "warehouse_orders" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"volume" integer NOT NULL,
	"charged_volume" integer NOT NULL,
	"month" text NOT NULL,
	"days" integer NOT NULL,
	"days_in_month" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_stock" (
	"warehouse_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"available" integer NOT NULL,
	"in_transit" integer NOT NULL,
	"occupied" integer NOT NULL,
	"unit_litres" integer NOT NULL,
	"sold_30" integer DEFAULT 0 NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warehouse_stock_warehouse_id_sku_pk" PRIMARY KEY("warehouse_id","sku")
);
--> statement-breakpoint
CREATE TABLE "warehouse_usage" (
	"warehouse_id" uuid NOT NULL,
	"day" date NOT NULL,
	"litres" integer NOT NULL,
	CONSTRAINT "warehouse_usage_warehouse_id_day_pk" PRIMARY KEY("warehouse_id","day")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"site" text NOT NULL,
	"currency" text NOT NULL,
	"volume" integer NOT NULL,
	"next_volume" integer,
	"state" text NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"paid_through" text,
	"opened_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warehouses_state_known" CHECK (state in ('pending', 'normal', 'expired', 'closed')),
	CONSTRAINT "warehouses_volume_min" CHECK ("warehouses"."volume" >= 1 and ("warehouses"."next_volume" is null or "warehouses"."next_volume" >= 1))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_failed_by_users_id_fk" FOREIGN KEY ("failed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_charges" ADD CONSTRAINT "warehouse_charges_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_charges" ADD CONSTRAINT "warehouse_charges_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_orders" ADD CONSTRAINT "warehouse_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_orders" ADD CONSTRAINT "warehouse_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_usage" ADD CONSTRAINT "warehouse_usage_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_no_key" ON "purchases" USING btree ("purchase_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_owner_idempotency_key" ON "purchases" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "purchases_owner_status_idx" ON "purchases" USING btree ("owner_id","status","created_at","purchase_no");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","created_at","purchase_no");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_charges_key" ON "warehouse_charges" USING btree ("charge_key");--> statement-breakpoint
CREATE INDEX "warehouse_charges_warehouse_idx" ON "warehouse_charges" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_orders_owner_key" ON "warehouse_orders" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "warehouse_orders_pending_idx" ON "warehouse_orders" USING btree ("owner_id") WHERE applied_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_owner_code_key" ON "warehouses" USING btree ("owner_id","code");--> statement-breakpoint
CREATE INDEX "warehouses_owner_site_idx" ON "warehouses" USING btree ("owner_id","site");--> statement-breakpoint
CREATE INDEX "warehouses_due_idx" ON "warehouses" USING btree ("state","paid_through");--> statement-breakpoint
INSERT INTO "config_values" ("dic_type", "key_name", "key_value", "remark", "sort", "updated_at") VALUES
  ('WAREHOUSE_PRICE', 'my', 'MYR:6000', 'per CBM and month, minor units', 0, now()),
  ('WAREHOUSE_PRICE', 'th', 'THB:45000', 'per CBM and month, minor units', 1, now()),
  ('WAREHOUSE_PRICE', 'vn', 'VND:350000', 'per CBM and month, minor units', 2, now()),
  ('WAREHOUSE_PRICE', 'sg', 'SGD:2000', 'per CBM and month, minor units', 3, now()),
  ('WAREHOUSE_PRICE', 'id', 'IDR:220000', 'per CBM and month, minor units', 4, now()),
  ('WAREHOUSE_PRICE', 'ph', 'PHP:70000', 'per CBM and month, minor units', 5, now()),
  ('WAREHOUSE_PRICE', 'cn', 'CNY:10000', 'per CBM and month, minor units', 6, now()),
  ('WAREHOUSE_PRICE', 'tw', 'CNY:11000', 'per CBM and month, minor units', 7, now()),
  ('WAREHOUSE_PRICE', 'pl', '', 'no currency yet: not offered', 8, now()),
  ('WAREHOUSE_PRICE', 'br', '', 'no currency yet: not offered', 9, now()),
  ('WAREHOUSE_PRICE', 'gb', 'GBP:1500', 'per CBM and month, minor units', 10, now()),
  ('PURCHASE_CUSTOMER', 'name', 'Purchasing desk', NULL, 0, now()),
  ('PURCHASE_CUSTOMER', 'phone', '+66 2 000 0001', NULL, 1, now()),
  ('PURCHASE_CUSTOMER', 'wechat', 'cmp_purchasing', NULL, 2, now()),
  ('PURCHASE_CUSTOMER', 'email', 'purchasing@example.com', NULL, 3, now()),
  ('PURCHASE_CUSTOMER', 'hours', '09:00–18:00 (GMT+7)', NULL, 4, now())
ON CONFLICT DO NOTHING;

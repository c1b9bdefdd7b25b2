CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"scope" text NOT NULL,
	"currency" text NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"max_offset" bigint NOT NULL,
	"percent_off" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"order_ref" text,
	"discount" bigint,
	"frozen_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_type_known" CHECK (type in ('cash', 'discount')),
	CONSTRAINT "coupons_scope_known" CHECK (scope in ('general', 'recharge', 'openWarehouse', 'upgradeWarehouse', 'purchaseFee', 'domesticFreight', 'internationalFreight', 'serviceFee', 'consumablesFee')),
	CONSTRAINT "coupons_status_known" CHECK (status in ('unused', 'freezing', 'used')),
	CONSTRAINT "coupons_amounts_valid" CHECK ("coupons"."threshold" >= 0 and "coupons"."max_offset" > 0),
	CONSTRAINT "coupons_percent_matches_type" CHECK (("coupons"."type" = 'cash' and "coupons"."percent_off" is null) or ("coupons"."type" = 'discount' and "coupons"."percent_off" between 1 and 99)),
	CONSTRAINT "coupons_validity_ordered" CHECK ("coupons"."valid_from" < "coupons"."valid_to"),
	CONSTRAINT "coupons_hold_matches_status" CHECK (("coupons"."status" = 'unused' and "coupons"."order_ref" is null and "coupons"."discount" is null and "coupons"."used_at" is null)
        or ("coupons"."status" = 'freezing' and "coupons"."order_ref" is not null and "coupons"."discount" is not null and "coupons"."used_at" is null)
        or ("coupons"."status" = 'used' and "coupons"."order_ref" is not null and "coupons"."discount" is not null and "coupons"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"order_no" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text NOT NULL,
	"channel" text,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"pay_amount" bigint NOT NULL,
	"pay_currency" text NOT NULL,
	"conversion" jsonb,
	"qr_content" text,
	"expires_at" timestamp with time zone,
	"trade_no" text,
	"coupon_id" uuid,
	"provider_trade_no" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"close_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_orders_status_known" CHECK (status in ('unpaid', 'closed', 'paid', 'completed')),
	CONSTRAINT "payment_orders_kind_known" CHECK (kind in ('recharge', 'trade')),
	CONSTRAINT "payment_orders_amounts_valid" CHECK ("payment_orders"."amount" > 0 and "payment_orders"."pay_amount" >= 0 and "payment_orders"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_no" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"scope" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lines" jsonb NOT NULL,
	"paid_by" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"coupon_id" uuid,
	"payment_order_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "trade_orders_amount_positive" CHECK ("trade_orders"."amount" > 0),
	CONSTRAINT "trade_orders_status_known" CHECK (status in ('pending', 'paying', 'paid', 'cancelled')),
	CONSTRAINT "trade_orders_discount_valid" CHECK ("trade_orders"."discount" >= 0 and "trade_orders"."discount" <= "trade_orders"."amount")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_owner_status_idx" ON "coupons" USING btree ("owner_id","status","valid_to");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_no","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_key" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_owner_idempotency_key" ON "payment_orders" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_trade_key" ON "payment_orders" USING btree ("channel","provider_trade_no") WHERE "payment_orders"."provider_trade_no" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_owner_kind_created_idx" ON "payment_orders" USING btree ("owner_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_unpaid_expiry_idx" ON "payment_orders" USING btree ("expires_at") WHERE "payment_orders"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_trade_no_key" ON "trade_orders" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "trade_orders_owner_status_idx" ON "trade_orders" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_paid_coupon_key" ON "trade_orders" USING btree ("coupon_id") WHERE "trade_orders"."coupon_id" is not null and "trade_orders"."status" = 'paid';
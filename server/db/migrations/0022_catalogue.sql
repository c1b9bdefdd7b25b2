CREATE TABLE "cart_items" (
	"user_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_items_user_id_sku_id_pk" PRIMARY KEY("user_id","sku_id"),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "catalogue_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parent_id" uuid,
	"level" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"name_th" text,
	"name_en" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_categories_level_check" CHECK ("catalogue_categories"."level" between 1 and 3),
	CONSTRAINT "catalogue_categories_parent_check" CHECK (("catalogue_categories"."level" = 1) = ("catalogue_categories"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "catalogue_follows" (
	"shop_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_follows_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_site" text,
	"source_url" text,
	"supplier_id" uuid,
	"category_l1" uuid NOT NULL,
	"category_l2" uuid NOT NULL,
	"category_l3" uuid NOT NULL,
	"title_zh" text,
	"title_th" text,
	"title_en" text,
	"brand" text,
	"model" text,
	"cover" text,
	"images" jsonb,
	"video_url" text,
	"description_html" text,
	"short_description" text,
	"currency" text NOT NULL,
	"price_min" bigint NOT NULL,
	"price_max" bigint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_by_site" jsonb,
	"ships_from" text NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"dimensions_cm" jsonb,
	"variations" jsonb,
	"platforms" text[] NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL,
	"tokens" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_skus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"sku_code" text NOT NULL,
	"options" text[] NOT NULL,
	"price" bigint NOT NULL,
	"original_price" bigint,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_by_site" jsonb,
	"image" text,
	"weight_grams" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"site" text DEFAULT 'cn' NOT NULL,
	"rating" integer,
	"product_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_token_stats" (
	"token" text PRIMARY KEY NOT NULL,
	"df" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_id_catalogue_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."catalogue_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_follows" ADD CONSTRAINT "catalogue_follows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_follows" ADD CONSTRAINT "catalogue_follows_category_id_catalogue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalogue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_follows" ADD CONSTRAINT "catalogue_follows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_supplier_id_catalogue_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."catalogue_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_category_l3_catalogue_categories_id_fk" FOREIGN KEY ("category_l3") REFERENCES "public"."catalogue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_skus" ADD CONSTRAINT "catalogue_skus_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_categories_parent_idx" ON "catalogue_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "catalogue_products_tokens_idx" ON "catalogue_products" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "catalogue_products_sales_idx" ON "catalogue_products" USING btree ("source","sales_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_products_listed_idx" ON "catalogue_products" USING btree ("source","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_products_price_idx" ON "catalogue_products" USING btree ("source","price_min","id");--> statement-breakpoint
CREATE INDEX "catalogue_products_l2_sales_idx" ON "catalogue_products" USING btree ("category_l2","sales_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_products_l3_sales_idx" ON "catalogue_products" USING btree ("category_l3","sales_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_products_supplier_idx" ON "catalogue_products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "catalogue_skus_product_idx" ON "catalogue_skus" USING btree ("product_id","sort");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_source_site_check" CHECK ("products"."source_site" in ('1688', 'aliexpress', 'shopee', 'lazada', 'pinduoduo', 'supplier', 'directSale', 'thirdParty', 'mall'));
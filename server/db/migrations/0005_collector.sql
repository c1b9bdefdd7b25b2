CREATE TABLE "collected_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"collected_by" uuid,
	"site" text NOT NULL,
	"item_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"price_min_minor" bigint,
	"price_max_minor" bigint,
	"image" text,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"draft" jsonb NOT NULL,
	"original" jsonb NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"collected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_settings" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"default_shop_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"markup_percent" integer DEFAULT 0 NOT NULL,
	"rounding" text DEFAULT 'none' NOT NULL,
	"bulk_per_minute" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"collect_id" uuid,
	"source_site" text NOT NULL,
	"source_item_id" text NOT NULL,
	"source_url" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"price_min_minor" bigint,
	"price_max_minor" bigint,
	"status" text DEFAULT 'wait' NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collected_products" ADD CONSTRAINT "collected_products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_products" ADD CONSTRAINT "collected_products_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_settings" ADD CONSTRAINT "plugin_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collect_id_collected_products_id_fk" FOREIGN KEY ("collect_id") REFERENCES "public"."collected_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collected_products_owner_item_key" ON "collected_products" USING btree ("owner_id","site","item_id");--> statement-breakpoint
CREATE INDEX "collected_products_owner_list_idx" ON "collected_products" USING btree ("owner_id",("claimed_at" is null),"updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_source_key" ON "products" USING btree ("shop_id","source_site","source_item_id");--> statement-breakpoint
CREATE INDEX "products_owner_created_idx" ON "products" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "products_collect_id_idx" ON "products" USING btree ("collect_id");
CREATE TABLE "catalogue_token_top" (
	"token" text NOT NULL,
	"sales" integer NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_products_tokens_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalogue_products_price_desc_idx" ON "catalogue_products" USING btree ("source","price_min" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "catalogue_token_top" ("token", "sales", "product_id")
SELECT "token", "sales", "id" FROM (
	SELECT t."token", p."sales_count" AS "sales", p."id",
		row_number() OVER (PARTITION BY t."token" ORDER BY p."sales_count" DESC, p."id" DESC) AS "n"
	FROM "catalogue_products" p CROSS JOIN LATERAL unnest(p."tokens") AS t("token")
	WHERE p."source" = 'mall'
) ranked WHERE "n" <= 1000;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_token_top_idx" ON "catalogue_token_top" USING btree ("token","sales" DESC NULLS LAST,"product_id" DESC NULLS LAST);

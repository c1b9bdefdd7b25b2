CREATE TABLE "catalogue_token_newest" (
	"token" text NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_token_price" (
	"token" text NOT NULL,
	"dearest" boolean NOT NULL,
	"price" bigint NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
SET LOCAL work_mem = '64MB';--> statement-breakpoint
CREATE TEMP TABLE "catalogue_broad_pairs" ON COMMIT DROP AS
SELECT t."token", p."listed_at", p."price_min", p."id"
FROM "catalogue_products" p CROSS JOIN LATERAL unnest(p."tokens") AS t("token")
WHERE p."source" = 'mall' AND t."token" IN (SELECT "token" FROM "catalogue_token_stats" WHERE "df" > 1000);--> statement-breakpoint
INSERT INTO "catalogue_token_newest" ("token", "listed_at", "product_id")
SELECT "token", "listed_at", "id" FROM (
	SELECT "token", "listed_at", "id",
		row_number() OVER (PARTITION BY "token" ORDER BY "listed_at" DESC, "id" DESC) AS "n"
	FROM "catalogue_broad_pairs"
) ranked WHERE "n" <= 1000;--> statement-breakpoint
INSERT INTO "catalogue_token_price" ("token", "dearest", "price", "product_id")
SELECT "token", false, "price_min", "id" FROM (
	SELECT "token", "price_min", "id",
		row_number() OVER (PARTITION BY "token" ORDER BY "price_min", "id") AS "n"
	FROM "catalogue_broad_pairs"
) ranked WHERE "n" <= 1000;--> statement-breakpoint
INSERT INTO "catalogue_token_price" ("token", "dearest", "price", "product_id")
SELECT "token", true, "price_min", "id" FROM (
	SELECT "token", "price_min", "id",
		row_number() OVER (PARTITION BY "token" ORDER BY "price_min" DESC, "id" DESC) AS "n"
	FROM "catalogue_broad_pairs"
) ranked WHERE "n" <= 1000;--> statement-breakpoint
DROP TABLE "catalogue_broad_pairs";--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_token_newest_idx" ON "catalogue_token_newest" USING btree ("token","listed_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_token_price_idx" ON "catalogue_token_price" USING btree ("token","dearest","price","product_id");

-- The list's search by a part of the title or SKU uses trigram indexes (PGlite loads pg_trgm as a
-- contrib extension; on PostgreSQL it is a trusted extension a database owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_status_counts" (
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "product_status_counts_owner_id_platform_shop_id_status_pk" PRIMARY KEY("owner_id","platform","shop_id","status")
);
--> statement-breakpoint
ALTER TABLE "product_status_counts" ADD CONSTRAINT "product_status_counts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_counts" ADD CONSTRAINT "product_status_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("title" || E'\n' || "sku") gin_trgm_ops);--> statement-breakpoint
-- The counts of each shop's products by status, kept by one statement trigger per change: the
-- changed rows' differences summed per key and applied in key order (concurrent statements take
-- the counters' row locks in one order). A shop being deleted takes its counters with it.
CREATE FUNCTION product_status_counts_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_status_counts AS c (owner_id, platform, shop_id, status, count)
  SELECT d.owner_id, d.platform, d.shop_id, d.status, d.delta
  FROM jsonb_to_recordset(deltas) AS d(owner_id uuid, platform text, shop_id uuid, status text, delta int)
  WHERE d.delta <> 0 AND EXISTS (SELECT 1 FROM shops s WHERE s.id = d.shop_id)
  ORDER BY d.owner_id, d.platform, d.shop_id, d.status
  ON CONFLICT (owner_id, platform, shop_id, status) DO UPDATE SET count = c.count + excluded.count;
END $$;--> statement-breakpoint
CREATE FUNCTION product_status_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_status_counts_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'platform', platform, 'shop_id', shop_id, 'status', status, 'delta', n))
    FROM (SELECT owner_id, platform, shop_id, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3, 4) g
  ), '[]'::jsonb));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_status_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_status_counts_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'platform', platform, 'shop_id', shop_id, 'status', status, 'delta', -n))
    FROM (SELECT owner_id, platform, shop_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) g
  ), '[]'::jsonb));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_status_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_status_counts_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'platform', platform, 'shop_id', shop_id, 'status', status, 'delta', n))
    FROM (
      SELECT owner_id, platform, shop_id, status, sum(n) AS n FROM (
        SELECT owner_id, platform, shop_id, status, 1 AS n FROM new_rows
        UNION ALL
        SELECT owner_id, platform, shop_id, status, -1 AS n FROM old_rows
      ) changes GROUP BY 1, 2, 3, 4
    ) g
  ), '[]'::jsonb));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_status_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER product_status_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_on_delete();--> statement-breakpoint
CREATE TRIGGER product_status_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_on_update();--> statement-breakpoint
INSERT INTO product_status_counts (owner_id, platform, shop_id, status, count)
  SELECT owner_id, platform, shop_id, status, count(*) FROM products GROUP BY 1, 2, 3, 4;

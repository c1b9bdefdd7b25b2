CREATE TABLE "product_list_versions" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_list_versions" ADD CONSTRAINT "product_list_versions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moved on once per statement for each seller whose products it inserted or deleted, or changed
-- in what the list's search and tabs read (title, SKU, status, shop, platform, owner): a change of
-- anything else (a publishing job's lease, the content) leaves the version, and takes no lock on
-- it. The sellers are taken in key order, as the status counts' rows are. A seller being deleted
-- takes its row along.
CREATE FUNCTION product_list_versions_bump(owners uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_list_versions AS v (owner_id, version)
  SELECT DISTINCT o.owner_id, 1 FROM unnest(owners) AS o(owner_id)
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = o.owner_id)
  ORDER BY 1
  ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1;
END $$;--> statement-breakpoint
CREATE FUNCTION product_list_versions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_list_versions_bump(ARRAY(SELECT DISTINCT owner_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_list_versions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_list_versions_bump(ARRAY(SELECT DISTINCT owner_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_list_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_list_versions_bump(ARRAY(
    SELECT DISTINCT x.owner_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.owner_id), (o.owner_id)) AS x(owner_id)
    WHERE (n.title, n.sku, n.status, n.shop_id, n.platform, n.owner_id)
      IS DISTINCT FROM (o.title, o.sku, o.status, o.shop_id, o.platform, o.owner_id)
  ));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_list_versions_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_versions_on_insert();--> statement-breakpoint
CREATE TRIGGER product_list_versions_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_versions_on_delete();--> statement-breakpoint
CREATE TRIGGER product_list_versions_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_versions_on_update();

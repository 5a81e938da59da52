-- Every change to what the shop's pages show is announced on the `page_cache` channel (decision 0029):
-- each app server listens and drops the cached pages it concerns (server/cache/page-changes.ts), also
-- when the change comes from another server, a script or psql. A notification is sent when its
-- transaction commits, and not at all when it rolls back. Payload: `*` (everything) or `p:<product id>`
-- words separated by spaces (the pages that show these products).

CREATE FUNCTION page_cache_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Rows that belong to one product each changed. TG_ARGV[0] names the column holding the product id;
-- TG_ARGV[1] lists (comma-separated) the columns whose change concerns only the product's own pages, or
-- is `*` when any change does. An update of another column (a name, a price, an active flag) can move
-- the product into listings that do not show it yet, so it concerns every page. Above 100 products, too.
CREATE FUNCTION page_cache_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_column text := TG_ARGV[0];
  own_columns text[] := string_to_array(TG_ARGV[1], ',');
  wider boolean := false;
  ids text[];
BEGIN
  IF TG_OP = 'UPDATE' AND TG_ARGV[1] <> '*' THEN
    SELECT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON o.id = n.id
      WHERE (to_jsonb(o) - own_columns) IS DISTINCT FROM (to_jsonb(n) - own_columns)
    ) INTO wider;
  END IF;
  IF NOT wider THEN
    IF TG_OP = 'DELETE' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM old_rows', product_column) INTO ids;
    ELSIF TG_OP = 'INSERT' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM new_rows', product_column) INTO ids;
    ELSE
      EXECUTE format('SELECT array_agg(DISTINCT p) FROM (SELECT %1$I::text AS p FROM old_rows UNION SELECT %1$I::text FROM new_rows) c', product_column)
        INTO ids;
    END IF;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    wider := cardinality(ids) > 100;
  END IF;
  PERFORM pg_notify('page_cache', CASE WHEN wider THEN '*' ELSE 'p:' || array_to_string(ids, ' p:') END);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- An order counts a product's sales and takes its variants' stock: only that product's pages change.
CREATE TRIGGER product_page_cache_update AFTER UPDATE ON product
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed('id', 'sales');
--> statement-breakpoint
CREATE TRIGGER product_variant_page_cache_update AFTER UPDATE ON product_variant
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed('product_id', 'stock');
--> statement-breakpoint
-- Reviews show on their product's page and as stars in the boxes of the pages that list it.
CREATE TRIGGER review_page_cache_insert AFTER INSERT ON review
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed('product_id', '*');
--> statement-breakpoint
CREATE TRIGGER review_page_cache_update AFTER UPDATE ON review
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed('product_id', '*');
--> statement-breakpoint
CREATE TRIGGER review_page_cache_delete AFTER DELETE ON review
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed('product_id', '*');
--> statement-breakpoint

-- Everything else that pages show changes rarely: any change there concerns every page.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['product', 'product_variant'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_cache_all_changed()',
      name || '_page_cache_all', name);
  END LOOP;
  FOREACH name IN ARRAY ARRAY[
    'sales_channel', 'tax', 'media', 'category', 'manufacturer', 'property_group', 'property_option',
    'product_variant_option', 'product_property', 'product_category', 'product_media', 'price', 'cross_selling',
    'cross_selling_product', 'product_video', 'seo_url', 'search_word', 'subscription_plan', 'shop_setting',
    'shipping_method', 'payment_method', 'promotion', 'cookie_group', 'cookie_entry'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_cache_all_changed()',
      name || '_page_cache_all', name);
  END LOOP;
END $$;

-- An order that redeems a promotion counts its use (`used_count`), which only carts show: that update
-- no longer drops every cached page (decision 0029). Any other change of a promotion still does.

-- Like page_cache_all_changed, but an update that changed only the columns TG_ARGV[0] lists (comma-separated)
-- announces nothing.
CREATE FUNCTION page_cache_all_changed_beyond() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := string_to_array(TG_ARGV[0], ',');
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON o.id = n.id
    WHERE (to_jsonb(o) - ignored) IS DISTINCT FROM (to_jsonb(n) - ignored)
  ) THEN
    PERFORM pg_notify('page_cache', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER promotion_page_cache_all ON promotion;
--> statement-breakpoint
CREATE TRIGGER promotion_page_cache_all AFTER INSERT OR DELETE OR TRUNCATE ON promotion
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_all_changed();
--> statement-breakpoint
CREATE TRIGGER promotion_page_cache_update AFTER UPDATE ON promotion
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_all_changed_beyond('used_count');

CREATE TABLE "sales_daily" (
	"studio_key" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_studio_key_day_kind_pk" PRIMARY KEY("studio_key","day","kind")
);
--> statement-breakpoint
CREATE INDEX "sales_daily_day_idx" ON "sales_daily" USING btree ("day");--> statement-breakpoint
-- The dashboard's sales per studio, local day and kind (docs/decisions.md, "Dashboard figures from
-- kept counts"): kept in the writer's transaction by the triggers below, whoever writes (checkout,
-- the point of sale, the payment webhooks and jobs, seeds, SQL). Every change is applied as a
-- difference: the affected orders' lines as they were (-1) and as they are (+1), so concurrent sales
-- add up (ON CONFLICT ... + excluded) instead of overwriting each other, in key order (no deadlock).
CREATE FUNCTION sale_kind(scope text, area text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE scope WHEN 'pack' THEN 'packs' WHEN 'plan' THEN 'plans' WHEN 'gift_card' THEN 'gift_cards'
    ELSE CASE WHEN area = 'certificate' THEN 'certifications' ELSE 'store' END END
$fn$;
--> statement-breakpoint
CREATE FUNCTION sale_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
  SELECT status IN ('paid', 'refunded', 'partially_refunded')
$fn$;
--> statement-breakpoint
-- Lines of orders with a sign: each order's lines per kind, and its whole as kind `all`, each
-- counting the order once; orders that are not sales are left out.
CREATE FUNCTION sales_daily_apply(sgn integer[], order_ids integer[], studio_ids integer[], created timestamptz[], statuses text[], scopes text[], ref_ids integer[], cents bigint[]) RETURNS void LANGUAGE sql AS $fn$
  WITH ch AS (
    SELECT c.s, c.order_id, coalesce(c.studio_id, 0) AS studio_key,
      (c.created_at AT TIME ZONE coalesce(st.timezone, 'America/Mexico_City'))::date AS day,
      sale_kind(c.scope, p.area) AS kind, c.cents
    FROM unnest(sgn, order_ids, studio_ids, created, statuses, scopes, ref_ids, cents)
      AS c(s, order_id, studio_id, created_at, status, scope, ref_id, cents)
    LEFT JOIN studios st ON st.id = c.studio_id
    LEFT JOIN products p ON c.scope = 'product' AND p.id = c.ref_id
    WHERE sale_counted(c.status)
  ), per_order AS (
    SELECT s, order_id, studio_key, day, kind, sum(cents) AS cents FROM ch GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT s, order_id, studio_key, day, 'all', sum(cents) FROM ch GROUP BY 1, 2, 3, 4
  )
  INSERT INTO sales_daily AS k (studio_key, day, kind, cents, orders)
  SELECT studio_key, day, kind, sum(s * cents), sum(s) FROM per_order
  GROUP BY 1, 2, 3 HAVING sum(s * cents) <> 0 OR sum(s) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (studio_key, day, kind) DO UPDATE SET cents = k.cents + excluded.cents, orders = k.orders + excluded.orders
$fn$;
--> statement-breakpoint
-- New, deleted or changed lines: the affected orders' lines before (the current ones but the new
-- rows, and the old rows) and after (the current ones), in one call so each order counts once.
-- Joins on the transition tables (not `= ANY (array)`), so a bulk load of a million lines is linear.
CREATE FUNCTION sales_daily_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_daily_apply(array_agg(l.s), array_agg(o.id), array_agg(o.studio_id), array_agg(o.created_at),
      array_agg(o.status), array_agg(l.scope), array_agg(l.ref_id), array_agg(l.total_cents::bigint))
    FROM (
      SELECT -1 AS s, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT DISTINCT order_id FROM new_rows) a ON a.order_id = i.order_id
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id)
      UNION ALL
      SELECT 1, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT DISTINCT order_id FROM new_rows) a ON a.order_id = i.order_id
    ) l JOIN orders o ON o.id = l.order_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sales_daily_apply(array_agg(l.s), array_agg(o.id), array_agg(o.studio_id), array_agg(o.created_at),
      array_agg(o.status), array_agg(l.scope), array_agg(l.ref_id), array_agg(l.total_cents::bigint))
    FROM (
      SELECT -1 AS s, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT DISTINCT order_id FROM old_rows) a ON a.order_id = i.order_id
      UNION ALL
      SELECT -1, r.order_id, r.scope, r.ref_id, r.total_cents FROM old_rows r
      UNION ALL
      SELECT 1, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT DISTINCT order_id FROM old_rows) a ON a.order_id = i.order_id
    ) l JOIN orders o ON o.id = l.order_id;
  ELSE
    PERFORM sales_daily_apply(array_agg(l.s), array_agg(o.id), array_agg(o.studio_id), array_agg(o.created_at),
      array_agg(o.status), array_agg(l.scope), array_agg(l.ref_id), array_agg(l.total_cents::bigint))
    FROM (
      SELECT -1 AS s, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows) a ON a.order_id = i.order_id
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id)
      UNION ALL
      SELECT -1, r.order_id, r.scope, r.ref_id, r.total_cents FROM old_rows r
      UNION ALL
      SELECT 1, i.order_id, i.scope, i.ref_id, i.total_cents
      FROM order_items i JOIN (SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows) a ON a.order_id = i.order_id
    ) l JOIN orders o ON o.id = l.order_id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- An order whose status, studio or time changed (an OXXO voucher paid, a pending one cancelled):
-- its lines as they counted before, and as they count now. A row trigger with a WHEN: every other
-- update of an order (fulfilment, balance) does not pay for it.
CREATE FUNCTION sales_daily_order_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM sales_daily_apply(array_agg(x.s), array_agg(x.id), array_agg(x.studio_id), array_agg(x.created_at),
    array_agg(x.status), array_agg(i.scope), array_agg(i.ref_id), array_agg(i.total_cents::bigint))
  FROM order_items i
  CROSS JOIN (VALUES (-1, OLD.id, OLD.studio_id, OLD.created_at, OLD.status), (1, NEW.id, NEW.studio_id, NEW.created_at, NEW.status))
    AS x(s, id, studio_id, created_at, status)
  WHERE i.order_id = NEW.id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A studio's time zone changed: its sales fall on other local days; its rows are counted again.
CREATE FUNCTION sales_daily_studio_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM sales_daily WHERE studio_key = NEW.id;
  PERFORM sales_daily_apply(array_agg(1), array_agg(o.id), array_agg(o.studio_id), array_agg(o.created_at),
    array_agg(o.status), array_agg(i.scope), array_agg(i.ref_id), array_agg(i.total_cents::bigint))
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.studio_id = NEW.id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION sales_daily_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM sales_daily;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER order_items_sales_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_lines_changed();--> statement-breakpoint
CREATE TRIGGER order_items_sales_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_lines_changed();--> statement-breakpoint
CREATE TRIGGER order_items_sales_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_lines_changed();--> statement-breakpoint
CREATE TRIGGER order_items_sales_truncate AFTER TRUNCATE ON order_items FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_truncated();--> statement-breakpoint
CREATE TRIGGER orders_sales_changed AFTER UPDATE OF status, studio_id, created_at ON orders FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.studio_id IS DISTINCT FROM NEW.studio_id OR OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION sales_daily_order_changed();--> statement-breakpoint
CREATE TRIGGER studios_sales_zone_changed AFTER UPDATE OF timezone ON studios FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION sales_daily_studio_zone_changed();--> statement-breakpoint
-- Backfill, under the triggers' locks: each order's lines per kind and whole (`all`), then per key.
INSERT INTO sales_daily (studio_key, day, kind, cents, orders)
SELECT studio_key, day, kind, sum(cents), count(*) FROM (
  SELECT line.id, line.studio_key, line.day, k.kind, sum(line.cents) AS cents
  FROM (
    SELECT o.id, coalesce(o.studio_id, 0) AS studio_key,
      (o.created_at AT TIME ZONE coalesce(st.timezone, 'America/Mexico_City'))::date AS day,
      sale_kind(i.scope, p.area) AS kind, i.total_cents::bigint AS cents
    FROM orders o JOIN order_items i ON i.order_id = o.id
    LEFT JOIN studios st ON st.id = o.studio_id
    LEFT JOIN products p ON i.scope = 'product' AND p.id = i.ref_id
    WHERE sale_counted(o.status)
  ) line CROSS JOIN LATERAL (VALUES (line.kind), ('all')) AS k(kind)
  GROUP BY line.id, line.studio_key, line.day, k.kind
) per_order
GROUP BY studio_key, day, kind;

-- The first visits' refresh (dashboard_rollups) found each customer's first class with a LATERAL
-- subquery over the materialised CTE `f`: a scan of every row of `f` per customer. Harmless for the
-- one or two customers of a booking, quadratic for a bulk load (the dashboard bench's year of
-- reservations in one INSERT ran for over 12 minutes). The earliest per customer is now one
-- DISTINCT ON over `f`, joined to the affected customers (those with none get NULL, as before).
CREATE OR REPLACE FUNCTION dashboard_refresh_first_visits(affected integer[]) RETURNS void LANGUAGE sql AS $fn$
  WITH u AS (SELECT DISTINCT user_id FROM unnest(affected) AS a(user_id) WHERE user_id IS NOT NULL),
  f AS (
    SELECT r.user_id, c.studio_id, min(c.starts_at) AS first_at
    FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
    WHERE r.status = 'attended' AND r.user_id IN (SELECT user_id FROM u)
    GROUP BY r.user_id, c.studio_id
  ),
  gone AS (
    DELETE FROM studio_first_visits v USING u
    WHERE v.user_id = u.user_id AND NOT EXISTS (SELECT 1 FROM f WHERE f.user_id = v.user_id AND f.studio_id = v.studio_id)
  ),
  kept AS (
    INSERT INTO studio_first_visits AS v (user_id, studio_id, first_at)
    SELECT user_id, studio_id, first_at FROM f ORDER BY user_id, studio_id
    ON CONFLICT (user_id, studio_id) DO UPDATE SET first_at = excluded.first_at WHERE v.first_at <> excluded.first_at
  ),
  earliest AS (
    SELECT DISTINCT ON (user_id) user_id, first_at, studio_id FROM f ORDER BY user_id, first_at, studio_id
  )
  UPDATE users SET first_visit_at = g.first_at, first_visit_studio_id = g.studio_id
  FROM (SELECT u.user_id, e.first_at, e.studio_id FROM u LEFT JOIN earliest e ON e.user_id = u.user_id) g
  WHERE users.id = g.user_id
    AND (users.first_visit_at, users.first_visit_studio_id) IS DISTINCT FROM (g.first_at, g.studio_id);
$fn$;

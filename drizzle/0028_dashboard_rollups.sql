CREATE TABLE "class_session_counts" (
	"class_session_id" integer PRIMARY KEY NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"late_cancels" integer DEFAULT 0 NOT NULL,
	"waitlist" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_first_visits" (
	"user_id" integer NOT NULL,
	"studio_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "studio_first_visits_user_id_studio_id_pk" PRIMARY KEY("user_id","studio_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_visit_studio_id" integer;--> statement-breakpoint
ALTER TABLE "class_session_counts" ADD CONSTRAINT "class_session_counts_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_first_visits" ADD CONSTRAINT "studio_first_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_first_visits" ADD CONSTRAINT "studio_first_visits_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "studio_first_visits_studio_idx" ON "studio_first_visits" USING btree ("studio_id","first_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_first_visit_studio_id_studios_id_fk" FOREIGN KEY ("first_visit_studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_visit_idx" ON "users" USING btree ("first_visit_at");--> statement-breakpoint
-- The dashboard's kept counts (docs/decisions.md, "Dashboard figures from kept counts"): statement
-- triggers keep class_session_counts, studio_first_visits and users.first_visit_at in the same
-- transaction as every write to reservations, waitlist_entries and class_sessions, whoever writes
-- (booking, check-in, jobs, seeds, SQL). The triggers are created before the backfill below: their
-- locks hold every concurrent write to those tables until this migration commits, so none is missed.
CREATE FUNCTION dashboard_refresh_first_visits(affected integer[]) RETURNS void LANGUAGE sql AS $fn$
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
  )
  UPDATE users SET first_visit_at = g.first_at, first_visit_studio_id = g.studio_id
  FROM (
    SELECT u.user_id, x.first_at, x.studio_id FROM u
    LEFT JOIN LATERAL (SELECT f.first_at, f.studio_id FROM f WHERE f.user_id = u.user_id ORDER BY f.first_at, f.studio_id LIMIT 1) x ON true
  ) g
  WHERE users.id = g.user_id
    AND (users.first_visit_at, users.first_visit_studio_id) IS DISTINCT FROM (g.first_at, g.studio_id);
$fn$;
--> statement-breakpoint
-- One change of reservations, as rows of (sign, class, user, status, late cancel): +1 for a new
-- state, -1 for an old one. Adds them to the class counts; refreshes the first visits of the people
-- whose attendance changed.
CREATE FUNCTION dashboard_reservation_changes(sgn integer[], class_ids integer[], user_ids integer[], statuses text[], lates boolean[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF coalesce(array_length(sgn, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO class_session_counts AS k (class_session_id, booked, attended, no_shows, late_cancels)
  SELECT ch.class_id,
    sum(ch.s * (ch.status <> 'cancelled')::int), sum(ch.s * (ch.status = 'attended')::int),
    sum(ch.s * (ch.status = 'no_show')::int), sum(ch.s * (ch.status = 'cancelled' AND ch.late)::int)
  FROM unnest(sgn, class_ids, statuses, lates) AS ch(s, class_id, status, late)
  GROUP BY ch.class_id ORDER BY ch.class_id
  ON CONFLICT (class_session_id) DO UPDATE SET
    booked = k.booked + excluded.booked, attended = k.attended + excluded.attended,
    no_shows = k.no_shows + excluded.no_shows, late_cancels = k.late_cancels + excluded.late_cancels;
  PERFORM dashboard_refresh_first_visits(array(
    SELECT DISTINCT ch.user_id FROM unnest(user_ids, statuses) AS ch(user_id, status) WHERE ch.status = 'attended'
  ));
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION dashboard_reservations_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_reservation_changes(array_agg(1), array_agg(class_session_id), array_agg(user_id), array_agg(status), array_agg(late_cancel))
  FROM new_rows;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION dashboard_reservations_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_reservation_changes(array_agg(-1), array_agg(class_session_id), array_agg(user_id), array_agg(status), array_agg(late_cancel))
  FROM old_rows;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Only the rows whose class, customer, status or late-cancel flag changed count (a moved spot or a
-- spent credit does not).
CREATE FUNCTION dashboard_reservations_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_reservation_changes(array_agg(ch.s), array_agg(ch.class_session_id), array_agg(ch.user_id), array_agg(ch.status), array_agg(ch.late_cancel))
  FROM (
    SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (-1, o.class_session_id, o.user_id, o.status, o.late_cancel), (1, n.class_session_id, n.user_id, n.status, n.late_cancel))
      AS x(s, class_session_id, user_id, status, late_cancel)
    WHERE (o.class_session_id, o.user_id, o.status, o.late_cancel) IS DISTINCT FROM (n.class_session_id, n.user_id, n.status, n.late_cancel)
  ) ch;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION dashboard_reservations_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE class_session_counts SET booked = 0, attended = 0, no_shows = 0, late_cancels = 0;
  DELETE FROM studio_first_visits;
  UPDATE users SET first_visit_at = NULL, first_visit_studio_id = NULL WHERE first_visit_at IS NOT NULL;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION dashboard_waitlist_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE class_session_counts SET waitlist = 0 WHERE waitlist <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO class_session_counts AS k (class_session_id, waitlist)
    SELECT class_session_id, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (class_session_id) DO UPDATE SET waitlist = k.waitlist + excluded.waitlist;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO class_session_counts AS k (class_session_id, waitlist)
    SELECT class_session_id, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (class_session_id) DO UPDATE SET waitlist = k.waitlist + excluded.waitlist;
  ELSE
    INSERT INTO class_session_counts AS k (class_session_id, waitlist)
    SELECT class_session_id, sum(s) FROM (
      SELECT o.class_session_id, -1 AS s FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.class_session_id <> o.class_session_id
      UNION ALL
      SELECT n.class_session_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.class_session_id <> o.class_session_id
    ) ch GROUP BY 1 ORDER BY 1
    ON CONFLICT (class_session_id) DO UPDATE SET waitlist = k.waitlist + excluded.waitlist;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A class moved in time or to another studio changes the first visits of the people who attended it
-- (a row trigger: a statement trigger with transition tables cannot name columns, and every other
-- update of a class, such as the jobs' marks, must not pay for it).
CREATE FUNCTION dashboard_class_session_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_refresh_first_visits(array(
    SELECT r.user_id FROM reservations r WHERE r.class_session_id = NEW.id AND r.status = 'attended'
  ));
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER reservations_counts_insert AFTER INSERT ON reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reservations_inserted();--> statement-breakpoint
CREATE TRIGGER reservations_counts_update AFTER UPDATE ON reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reservations_updated();--> statement-breakpoint
CREATE TRIGGER reservations_counts_delete AFTER DELETE ON reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reservations_deleted();--> statement-breakpoint
CREATE TRIGGER reservations_counts_truncate AFTER TRUNCATE ON reservations FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reservations_truncated();--> statement-breakpoint
CREATE TRIGGER waitlist_counts_insert AFTER INSERT ON waitlist_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_waitlist_changed();--> statement-breakpoint
CREATE TRIGGER waitlist_counts_update AFTER UPDATE ON waitlist_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_waitlist_changed();--> statement-breakpoint
CREATE TRIGGER waitlist_counts_delete AFTER DELETE ON waitlist_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_waitlist_changed();--> statement-breakpoint
CREATE TRIGGER waitlist_counts_truncate AFTER TRUNCATE ON waitlist_entries FOR EACH STATEMENT EXECUTE FUNCTION dashboard_waitlist_changed();--> statement-breakpoint
CREATE TRIGGER class_sessions_first_visits AFTER UPDATE OF starts_at, studio_id ON class_sessions FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.studio_id IS DISTINCT FROM NEW.studio_id) EXECUTE FUNCTION dashboard_class_session_moved();--> statement-breakpoint
-- Backfill, under the triggers' locks.
INSERT INTO class_session_counts (class_session_id, booked, attended, no_shows, late_cancels)
SELECT class_session_id, count(*) FILTER (WHERE status <> 'cancelled'), count(*) FILTER (WHERE status = 'attended'),
  count(*) FILTER (WHERE status = 'no_show'), count(*) FILTER (WHERE status = 'cancelled' AND late_cancel)
FROM reservations GROUP BY class_session_id;--> statement-breakpoint
INSERT INTO class_session_counts AS k (class_session_id, waitlist)
SELECT class_session_id, count(*) FROM waitlist_entries GROUP BY class_session_id
ON CONFLICT (class_session_id) DO UPDATE SET waitlist = excluded.waitlist;--> statement-breakpoint
INSERT INTO studio_first_visits (user_id, studio_id, first_at)
SELECT r.user_id, c.studio_id, min(c.starts_at) FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
WHERE r.status = 'attended' GROUP BY r.user_id, c.studio_id;--> statement-breakpoint
UPDATE users SET first_visit_at = g.first_at, first_visit_studio_id = g.studio_id
FROM (SELECT DISTINCT ON (user_id) user_id, first_at, studio_id FROM studio_first_visits ORDER BY user_id, first_at, studio_id) g
WHERE users.id = g.user_id;

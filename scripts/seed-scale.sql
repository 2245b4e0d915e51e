-- npm run seed:scale: a chain's five years, in set operations (see scripts/seed-scale.ts).
-- Each step starts with a line `-- step: <label>`; the runner times them one by one.
-- Runs after the migrations and the demo seed (reference data, the demo staff and their logins).
-- Deterministic: every "random" choice is a hash of the row's own numbers.

-- step: settings
set synchronous_commit = off;
set temp_buffers = '2GB';
set work_mem = '256MB';
set maintenance_work_mem = '512MB';
create or replace function pg_temp.h(a bigint, b bigint default 0) returns int language sql immutable as
  $$ select abs(hashint8(a * 1000003 + b)) % 1000000 $$;

-- step: cities, studios, rooms, packs
insert into cities (name, suffix, country_id, state_id, timezone, sort_order)
select c.name, c.suffix, 1, (select id from states where code = c.code), c.tz, c.ord
from (values
  ('Guadalajara', 'GDL', 'JAL', 'America/Mexico_City', 4),
  ('Querétaro', 'QRO', 'QUE', 'America/Mexico_City', 5),
  ('Puebla', 'PUE', 'PUE', 'America/Mexico_City', 6),
  ('Mérida', 'MID', 'YUC', 'America/Merida', 7),
  ('Cancún', 'CUN', 'ROO', 'America/Cancun', 8),
  ('León', 'LEO', 'GUA', 'America/Mexico_City', 9),
  ('Tijuana', 'TIJ', 'BCN', 'America/Tijuana', 10)
) c(name, suffix, code, tz, ord)
where not exists (select 1 from cities x where x.name = c.name);

insert into studios (city_id, name, slug, address, phone, email, description, sort_order, timezone)
select ci.id, 'Nucleo ' || v.hood, 'nucleo-' || v.slug,
  v.street || ', ' || v.hood || ', ' || v.cp || ' ' || ci.suffix,
  v.phone, 'nucleo-' || v.slug || '@nucleobarre.mx',
  'Estudio de barre en ' || v.hood || ', ' || ci.name || ': dos salones, regaderas y tienda.',
  20 + v.ord, ci.timezone
from (values
  ('Ciudad de México', 'Condesa', 'condesa', 'Av. Tamaulipas 150', '06140', '5552114410', 1),
  ('Ciudad de México', 'Del Valle', 'del-valle', 'Av. Coyoacán 1622', '03100', '5552114411', 2),
  ('Ciudad de México', 'Pedregal', 'pedregal', 'Periférico Sur 3720', '01900', '5552114412', 3),
  ('Ciudad de México', 'Interlomas', 'interlomas', 'Av. Jesús del Monte 41', '52787', '5552114413', 4),
  ('Ciudad de México', 'Satélite', 'satelite', 'Circuito Centro Comercial 2251', '53100', '5552114414', 5),
  ('Ciudad de México', 'Narvarte', 'narvarte', 'Av. Universidad 740', '03020', '5552114415', 6),
  ('Monterrey', 'Cumbres', 'cumbres', 'Av. Paseo de los Leones 2010', '64610', '8183564410', 7),
  ('Monterrey', 'Carretera Nacional', 'carretera-nacional', 'Carretera Nacional 500', '64985', '8183564411', 8),
  ('Monterrey', 'Contry', 'contry', 'Av. Eugenio Garza Lagüera 1750', '64860', '8183564412', 9),
  ('Guadalajara', 'Providencia', 'providencia', 'Av. Pablo Neruda 3020', '44630', '3336414410', 10),
  ('Guadalajara', 'Chapalita', 'chapalita', 'Av. Guadalupe 1130', '45040', '3336414411', 11),
  ('Guadalajara', 'Andares', 'andares', 'Blvd. Puerta de Hierro 4965', '45116', '3336414412', 12),
  ('Querétaro', 'Juriquilla', 'juriquilla', 'Blvd. Juriquilla 3100', '76230', '4422154410', 13),
  ('Querétaro', 'Centro Sur', 'centro-sur', 'Av. Paseo Constituyentes 1001', '76090', '4422154411', 14),
  ('Puebla', 'Angelópolis', 'angelopolis', 'Blvd. del Niño Poblano 2510', '72810', '2222314410', 15),
  ('Puebla', 'La Paz', 'la-paz', 'Av. Juárez 2915', '72160', '2222314411', 16),
  ('Mérida', 'Altabrisa', 'altabrisa', 'Calle 7 451', '97130', '9999444410', 17),
  ('Mérida', 'Montebello', 'montebello', 'Calle 33 Diagonal 510', '97113', '9999444411', 18),
  ('Cancún', 'Puerto Cancún', 'puerto-cancun', 'Blvd. Kukulcán km 1.5', '77500', '9988874410', 19),
  ('Cancún', 'Zona Hotelera', 'zona-hotelera', 'Blvd. Kukulcán km 12', '77500', '9988874411', 20),
  ('León', 'Campestre', 'campestre', 'Blvd. Campestre 1515', '37150', '4777794410', 21),
  ('León', 'Gran Jardín', 'gran-jardin', 'Blvd. Juan Alonso de Torres 2002', '37136', '4777794411', 22),
  ('Tijuana', 'Zona Río', 'zona-rio', 'Paseo de los Héroes 9415', '22010', '6646344410', 23),
  ('Tijuana', 'Chapultepec', 'chapultepec', 'Av. Las Américas 4480', '22020', '6646344411', 24)
) v(city, hood, slug, street, cp, phone, ord)
join cities ci on ci.name = v.city;

insert into rooms (studio_id, name, capacity, layout)
select s.id, r.name, r.capacity, r.layout::jsonb
from studios s
cross join (values
  ('Salón Principal', 20, '{"rows": [[1,2,3,4,5],[6,7,8,9,10],[11,12,13,14,15],[16,17,18,19,20]], "coachPosition": "top"}'),
  ('Salón Estudio', 18, '{"rows": [[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18]], "coachPosition": "top"}')
) r(name, capacity, layout)
where s.slug like 'nucleo-%' and s.sort_order > 20;

insert into packs (city_id, name, description, sessions, validity_days, price_cents, is_intro_offer, sort_order)
select ci.id, p.name, p.description, p.sessions, p.validity_days, p.price_cents, p.is_intro_offer, p.sort_order
from cities ci cross join packs p
where p.city_id = (select min(id) from cities) and not exists (select 1 from packs x where x.city_id = ci.id);

-- step: coaches, cashiers and the customers
create temp table names_f as select row_number() over () - 1 as n, v as name from unnest(array[
  'María', 'Sofía', 'Valentina', 'Regina', 'Camila', 'Ximena', 'Fernanda', 'Daniela', 'Andrea', 'Mariana',
  'Renata', 'Paula', 'Natalia', 'Victoria', 'Isabella', 'Lucía', 'Ana', 'Gabriela', 'Alejandra', 'Carolina',
  'Valeria', 'Jimena', 'Paola', 'Montserrat', 'Karla', 'Diana', 'Mónica', 'Patricia', 'Claudia', 'Adriana',
  'Laura', 'Elena', 'Andrés', 'Diego', 'Santiago', 'Emilio', 'Rodrigo', 'Pablo', 'Javier', 'Luis']) v;
create temp table names_l as select row_number() over () - 1 as n, v as name from unnest(array[
  'García', 'Hernández', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz',
  'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz',
  'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera',
  'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Guzmán', 'Velázquez', 'Rojas',
  'Garza', 'Treviño', 'Salinas', 'Villarreal', 'Navarro', 'Cárdenas', 'Ibarra', 'Soto', 'Campos', 'Luna']) v;
create or replace function pg_temp.ascii_slug(t text) returns text language sql immutable as
  $$ select lower(translate(t, 'ÁÉÍÓÚáéíóúÑñÜü ', 'AEIOUaeiouNnUu-')) $$;

-- The 30 studios of the chain (not the ally), numbered 0..29.
create temp table st as
select (row_number() over (order by s.id) - 1)::int as sno, s.id as studio_id, s.city_id, s.timezone as tz,
  array(select r.id from rooms r where r.studio_id = s.id and r.active order by r.id) as rooms,
  (select min((cs.starts_at at time zone s.timezone)::date) from class_sessions cs where cs.studio_id = s.id) as demo_from
from studios s
where not s.is_external and s.active and exists (select 1 from rooms r where r.studio_id = s.id);

-- Four coaches per studio.
insert into coaches (name, last_name, slug, bio, quote, instagram, sort_order)
select f.name, l.name, pg_temp.ascii_slug(f.name || ' ' || l.name) || '-' || (c + 1),
  'Coach certificada de barre con ' || (3 + c % 9) || ' años de experiencia.', 'Tu cuerpo puede más de lo que crees.',
  '@' || pg_temp.ascii_slug(f.name) || '.barre' || (c + 1), 100 + c
from generate_series(0, 119) c
join names_f f on f.n = (c * 7) % 32
join names_l l on l.n = (c * 11 + 3) % 50;
alter table st add column coaches int[];
update st set coaches = array(select id from coaches where sort_order >= 100 and (sort_order - 100) % 30 = st.sno order by id);

-- Two cashiers per studio (morning and evening turn).
create temp table cashier as
select st.sno, st.studio_id, t as turn, (select max(id) from users) + 1 + st.sno * 2 + (t - 1) as user_id
from st cross join generate_series(1, 2) t;
insert into users (id, name, last_name, email, phone, password_hash, role_id, employee_type, email_verified_at, created_at, home_studio_id)
select c.user_id, f.name, l.name, 'caja' || c.sno || '.' || c.turn || '@nucleobarre.mx',
  '55' || lpad(((c.user_id * 7919) % 100000000)::text, 8, '0'),
  (select password_hash from users where email = 'admin@example.com'), 1, 3, now(), now() - interval '5 years 30 days', c.studio_id
from cashier c
join names_f f on f.n = (c.user_id * 3) % 32
join names_l l on l.n = (c.user_id * 7) % 50;
insert into employees (user_id, studio_id) select user_id, studio_id from cashier;
alter table cashier add column employee_id int;
update cashier c set employee_id = e.id from employees e where e.user_id = c.user_id;

-- 100,000 customers: customer i belongs to studio i % 30 (its pool), index i / 30 in the pool;
-- the first 20 of each pool are the regulars (about four classes a week for five years).
create temp table base as select (select max(id) from users) + 1000 as ubase;
insert into users (id, name, last_name, email, phone, birth_date, password_hash, role_id, email_verified_at,
  last_login_at, created_at, updated_at, home_studio_id)
select b.ubase + i, f.name, l1.name || ' ' || l2.name,
  pg_temp.ascii_slug(f.name) || '.' || pg_temp.ascii_slug(l1.name) || i || '@correo.example.com',
  (array['55', '81', '33', '44', '22', '99'])[1 + i % 6] || lpad(((i::bigint * 7919 + 1234567) % 100000000)::text, 8, '0'),
  to_char(date '1970-01-01' + (pg_temp.h(i, 1) % 12000), 'YYYY-MM-DD'),
  (select password_hash from users where email = 'cliente@example.com'), 2, now() - interval '5 years',
  now() - (pg_temp.h(i, 2) % 2000) * interval '1 hour', now(), now(), st.studio_id
from generate_series(0, 99999) i
cross join base b
join st on st.sno = i % 30
join names_f f on f.n = pg_temp.h(i, 3) % 32
join names_l l1 on l1.n = pg_temp.h(i, 4) % 50
join names_l l2 on l2.n = pg_temp.h(i, 5) % 50;

-- step: class sessions (four a day per studio, five years and the next two weeks)
create temp table sess as
select nextval('class_sessions_id_seq')::int as id, st.sno, st.studio_id, st.rooms[1 + (d + k) % cardinality(st.rooms)] as room_id,
  st.coaches[1 + (d * 4 + k) % 4] as coach_id, 1 + (d * 4 + k + st.sno) % 5 as type_id,
  ((current_date - 1826 + d) + (array[time '07:00', time '09:00', time '18:30', time '20:00'])[k + 1]) at time zone st.tz as starts_at,
  pg_temp.h(st.sno * 10000 + d, k) as h
from st cross join generate_series(0, 1839) d cross join generate_series(0, 3) k
where st.demo_from is null or current_date - 1826 + d < st.demo_from;
alter table sess add column dur int, add column capacity int, add column layout jsonb, add column ends_at timestamptz, add column cancelled boolean;
update sess s set dur = t.duration_minutes, capacity = r.capacity, layout = r.layout,
  ends_at = s.starts_at + t.duration_minutes * interval '1 minute', cancelled = s.h % 250 = 0
from session_types t, rooms r where t.id = s.type_id and r.id = s.room_id;
insert into class_sessions (id, studio_id, room_id, coach_id, session_type_id, starts_at, ends_at, duration_minutes, capacity,
  layout, status, cancelled_at, cancel_reason, no_shows_marked_at, reminders_sent_at, created_at, updated_at)
select id, studio_id, room_id, coach_id, type_id, starts_at, ends_at, dur, capacity, layout,
  case when cancelled then 'cancelled' else 'scheduled' end,
  case when cancelled then starts_at - interval '1 day' end,
  case when cancelled then 'La coach no puede dar la clase' end,
  case when not cancelled and ends_at < now() then ends_at + interval '15 minutes' end,
  case when starts_at < now() + interval '1 day' then starts_at - interval '1 day' end,
  starts_at - interval '30 days', starts_at - interval '30 days'
from sess;

-- step: reservations (computed in a scratch table first, with their credit lots)
-- n places per class: 55-100 % of the room in the past, fewer ahead; spot k+offset; customers: the
-- first three places go to the pool's regulars, the rest walk the pool with a step prime to its size.
create temp table res0 as
with s as (
  select s.*, ceil((100000 - s.sno) / 30.0)::int as pool,
    case when s.starts_at < now() then s.capacity - s.h % (s.capacity * 45 / 100 + 1)
         else (s.capacity - s.h % (s.capacity * 45 / 100 + 1)) * (1 + s.h % 3) / 4 end as n
  from sess s
), p as (
  select s.id as sid, s.sno, s.studio_id, s.starts_at, s.ends_at, s.cancelled as sess_cancelled, s.n = s.capacity as full_class, k,
    b.ubase + s.sno + 30 * (case when k < 3 then (s.h + k) % 20 else 20 + ((s.h / 7 + k::bigint * 7919) % (s.pool - 20)) end) as user_id,
    k < 3 as regular,
    1 + (k + s.h / 3) % s.capacity as spot,
    pg_temp.h(s.id, k) % 1000 as r,
    least(s.starts_at - ((3 + pg_temp.h(s.id, k + 100) % 237) * interval '1 hour'), now() - interval '5 minutes') as booked_at
  from s cross join base b cross join lateral generate_series(0, s.n - 1) k
), q as (
  select p.*, nextval('reservations_id_seq')::int as id,
    case when sess_cancelled then 'cancelled'
      when starts_at >= now() then case when r < 930 then 'booked' else 'cancelled' end
      when r < 840 then 'attended' when r < 890 then 'no_show' else 'cancelled' end as status,
    not sess_cancelled and starts_at < now() and r >= 960 as late
  from p
)
select q.*,
  case when sess_cancelled then starts_at - interval '1 day'
    when late then starts_at - interval '2 hours'
    when status = 'cancelled' then greatest(booked_at + interval '10 minutes', least(starts_at - interval '13 hours', now() - interval '1 minute')) end
    as cancelled_at,
  status <> 'cancelled' or late as credited,
  case when regular then 10 else 5 end as size
from q;
-- Credits: a customer's credited classes in time order, five per lot (ten for a regular: the 10-class
-- pack). A class cancelled in time points at the lot it would have used and got its credit back.
create temp table res as
select res0.*, (coalesce(sum(credited::int) over (partition by user_id order by starts_at, id
  rows between unbounded preceding and 1 preceding), 0)) / size as chunk
from res0;
drop table res0;
create temp table lots as
select nextval('credit_lots_id_seq')::int as id, user_id, chunk, max(size) as size, count(*) filter (where credited)::int as used,
  min(booked_at) as first_booked, max(starts_at) as last_start, min(studio_id) as studio_id
from res group by user_id, chunk having count(*) filter (where credited) > 0;
create index on lots (user_id, chunk);
analyze lots;
update res r set chunk = (select max(chunk) from lots l where l.user_id = r.user_id)
where not credited and not exists (select 1 from lots l where l.user_id = r.user_id and l.chunk = r.chunk);
analyze res;

-- step: orders, payments and credit lots of the packs
alter table lots add column city_id int, add column pack_id int, add column price int, add column validity int,
  add column pack_name text, add column bought_at timestamptz, add column expires_at timestamptz, add column cash boolean,
  add column order_id int, add column cart_id int, add column item_id int, add column payment_id int;
update lots l set city_id = st.city_id from st where st.studio_id = l.studio_id;
update lots l set pack_id = p.id, price = p.price_cents, validity = p.validity_days, pack_name = p.name
from packs p where p.city_id = l.city_id and p.sessions = l.size and not p.is_intro_offer and p.active;
update lots set
  bought_at = first_booked - (1 + pg_temp.h(id, 1) % 72) * interval '1 hour',
  cash = pg_temp.h(id, 2) % 5 = 0,
  order_id = nextval('orders_id_seq'), cart_id = nextval('carts_id_seq'), item_id = nextval('order_items_id_seq');
update lots set expires_at = greatest(bought_at + validity * interval '1 day', last_start + interval '1 day'),
  payment_id = case when not cash then nextval('payments_id_seq') end;
-- Product orders (drinks, clothing, socks) fill up to 600,000 orders.
create temp table porders as
select nextval('orders_id_seq')::int as order_id, nextval('carts_id_seq')::int as cart_id, nextval('order_items_id_seq')::int as item_id,
  b.ubase + (pg_temp.h(i, 7) % 100000) as user_id, i
from generate_series(1, greatest(0, 600000 - (select count(*) from lots))) i cross join base b;
alter table porders add column studio_id int, add column product_id int, add column qty int, add column price int, add column name text,
  add column at timestamptz, add column cash boolean, add column payment_id int;
update porders o set studio_id = u.home_studio_id, qty = 1 + pg_temp.h(o.i, 8) % 2,
  at = now() - (60 + pg_temp.h(o.i, 9) % 157000) * interval '15 minutes', cash = pg_temp.h(o.i, 10) % 3 = 0
from users u where u.id = o.user_id;
update porders o set product_id = p.id, price = p.price_cents, name = p.name
from (select id, price_cents, name, row_number() over (order by id) - 1 as n from products
      where id in (select id from products where price_cents < 200000 and active) ) p
where p.n = pg_temp.h(o.i, 11) % (select count(*) from products where price_cents < 200000 and active);
update porders set payment_id = nextval('payments_id_seq') where not cash;

insert into carts (id, user_id, status, created_at, updated_at)
select cart_id, user_id, 'paid', bought_at - interval '10 minutes', bought_at from lots
union all select cart_id, user_id, 'paid', at - interval '10 minutes', at from porders;
insert into orders (id, user_id, cart_id, studio_id, subtotal_cents, total_cents, payment_method, status, created_at, updated_at)
select order_id, user_id, cart_id, studio_id, price, price, case when cash then 'cash' else 'card' end, 'paid', bought_at, bought_at from lots
union all
select order_id, user_id, cart_id, studio_id, price * qty, price * qty, case when cash then 'cash' else 'card' end, 'paid', at, at from porders;
insert into order_items (id, order_id, scope, ref_id, name, qty, unit_cents, total_cents)
select item_id, order_id, 'pack', pack_id, pack_name, 1, price, price from lots
union all select item_id, order_id, 'product', product_id, name, qty, price, price * qty from porders;
insert into payments (id, cart_id, order_id, user_id, studio_id, gateway, method, provider_payment_id, idempotency_key, amount_cents,
  status, card_brand, card_last4, created_at, updated_at)
select payment_id, cart_id, order_id, user_id, studio_id, 'sandbox', 'card', 'pi_scale_' || order_id, 'order:' || order_id, amount,
  'succeeded', (array['visa', 'mastercard', 'amex'])[1 + order_id % 3], lpad((order_id % 10000)::text, 4, '0'), at, at
from (select payment_id, cart_id, order_id, user_id, studio_id, price as amount, bought_at as at from lots where not cash
      union all select payment_id, cart_id, order_id, user_id, studio_id, price * qty, at from porders where not cash) p;

insert into credit_lots (id, user_id, scope, city_id, quantity, remaining, starts_at, expires_at, source, source_ref, created_by_user_id, created_at)
select id, user_id, 'in_person', city_id, size,
  case when expires_at <= now() then 0 else size - used end,
  bought_at, expires_at, 'purchase', 'order_item:' || item_id, user_id, bought_at
from lots;

-- step: the reservations
insert into reservations (id, class_session_id, user_id, spot, status, source, lot_id, credit_held, qr_token, attended_at,
  attendance_recorded_by_user_id, cancelled_at, cancelled_by_user_id, late_cancel, created_by_user_id, created_at, updated_at)
select r.id, r.sid, r.user_id, r.spot, r.status,
  case when r.r % 17 = 0 then 'staff' when r.r % 29 = 1 then 'waitlist' else 'online' end,
  l.id, r.credited, md5('scale-reservation:' || r.id)::text,
  case when r.status = 'attended' then r.starts_at - (5 + r.r % 20) * interval '1 minute' end,
  case when r.status = 'attended' and r.r % 10 < 7 then (select id from users where email = 'puerta@example.com') end,
  r.cancelled_at,
  case when r.status = 'cancelled' then case when r.sess_cancelled then 1 else r.user_id end end,
  r.late,
  case when r.r % 17 = 0 then c.user_id else r.user_id end,
  r.booked_at, coalesce(r.cancelled_at, r.booked_at)
from res r left join lots l on l.user_id = r.user_id and l.chunk = r.chunk
join cashier c on c.sno = r.sno and c.turn = 1;

-- step: waitlists (full classes: 1-4 people who waited; promoted entries for places taken from the list)
insert into waitlist_entries (class_session_id, user_id, status, reservation_id, created_at, updated_at)
select r.sid, r.user_id, 'promoted', r.id, r.booked_at - interval '1 day', r.booked_at
from res r where r.r % 29 = 1 and not (r.r % 17 = 0);
insert into waitlist_entries (class_session_id, user_id, status, created_at, updated_at)
select s.id, b.ubase + s.sno + 30 * (20 + ((s.h / 7 + (s.capacity + w)::bigint * 7919) % (ceil((100000 - s.sno) / 30.0)::int - 20))),
  case when s.starts_at >= now() then 'waiting' else 'closed' end,
  s.starts_at - interval '2 days' + w * interval '1 hour',
  case when s.starts_at >= now() then s.starts_at - interval '2 days' + w * interval '1 hour' else s.starts_at end
from sess s cross join base b cross join lateral generate_series(0, s.h % 4) w
where not s.cancelled and exists (select 1 from res r where r.sid = s.id and r.full_class and r.k = 0)
  and s.starts_at < now() + interval '1 day';

-- step: the credit ledger
insert into credit_movements (lot_id, user_id, delta, kind, reason, ref, actor_user_id, created_at)
select id, user_id, size, 'grant', 'Compra: ' || pack_name || ' (orden #' || order_id || ')', 'order_item:' || item_id, user_id, bought_at
from lots;
insert into credit_movements (lot_id, user_id, delta, kind, reason, ref, actor_user_id, created_at)
select l.id, r.user_id, -1, 'spend', 'Reservación: clase del ' || to_char(r.starts_at, 'DD/MM/YYYY'), 'reservation:' || r.id, r.user_id, r.booked_at
from res r join lots l on l.user_id = r.user_id and l.chunk = r.chunk;
insert into credit_movements (lot_id, user_id, delta, kind, reason, ref, actor_user_id, created_at)
select l.id, r.user_id, 1, 'refund',
  case when r.sess_cancelled then 'Clase cancelada por el estudio: ' else 'Cancelación a tiempo: ' end || to_char(r.starts_at, 'DD/MM/YYYY'),
  'reservation:' || r.id, case when r.sess_cancelled then null else r.user_id end, r.cancelled_at
from res r join lots l on l.user_id = r.user_id and l.chunk = r.chunk
where r.status = 'cancelled' and not r.late;
insert into credit_movements (lot_id, user_id, delta, kind, reason, ref, actor_user_id, created_at)
select id, user_id, -(size - used), 'expire', 'Clases vencidas', 'job:credit-expiry', null, expires_at + interval '1 hour'
from lots where expires_at <= now() and size > used;

-- step: shifts and their cash (two turns a day per studio, closed with the cash sales of the turn)
create temp table shift_days as
select nextval('shifts_id_seq')::int as id, c.sno, c.studio_id, c.turn, c.employee_id, c.user_id, day,
  (day + case when c.turn = 1 then time '07:00' else time '14:00' end) at time zone st.tz as opened_at,
  (day + case when c.turn = 1 then time '14:00' else time '21:30' end) at time zone st.tz as closed_at
from cashier c join st on st.sno = c.sno
cross join lateral (select g::date as day from generate_series(current_date - 1826, current_date - 1, interval '1 day') g) g;
create temp table cash_sales as
select x.order_id, x.payment_id, x.amount, sd.id as shift_id, sd.user_id, x.at
from (select order_id, null::int as payment_id, price as amount, studio_id, bought_at as at from lots where cash
      union all select order_id, null, price * qty, studio_id, at from porders where cash) x
join st on st.studio_id = x.studio_id
join shift_days sd on sd.studio_id = x.studio_id and sd.day = (x.at at time zone st.tz)::date
  and sd.turn = case when extract(hour from x.at at time zone st.tz) < 14 then 1 else 2 end;
insert into shifts (id, studio_id, employee_id, turn_type, opened_by_user_id, opened_at, opening_cash_cents, closed_by_user_id, closed_at,
  counted_cash_cents, cash_sales_cents, withdrawals_cents, cash_refunds_cents, expected_cash_cents, difference_cents,
  card_recorded_cents, transfer_recorded_cents, card_reported_cents, transfer_reported_cents, left_cash_cents, created_at, updated_at)
select sd.id, sd.studio_id, sd.employee_id, sd.turn, sd.user_id, sd.opened_at, 100000, sd.user_id, sd.closed_at,
  100000 + coalesce(cs.total, 0), coalesce(cs.total, 0), 0, 0, 100000 + coalesce(cs.total, 0), 0, 0, 0, 0, 0, 100000,
  sd.opened_at, sd.closed_at
from shift_days sd left join (select shift_id, sum(amount)::int as total from cash_sales group by shift_id) cs on cs.shift_id = sd.id;
insert into shift_movements (shift_id, kind, method, amount_cents, order_id, created_by_user_id, created_at)
select shift_id, 'sale', 'cash', amount, order_id, user_id, at from cash_sales;

-- step: audit
insert into audit_log (actor_user_id, action, entity, entity_id, data, created_at)
select user_id, 'shift.opened', 'shift', id::text, jsonb_build_object('openingCashCents', 100000), opened_at from shift_days
union all
select user_id, 'shift.closed', 'shift', id::text, '{"differenceCents": 0}'::jsonb, closed_at from shift_days
union all
select r.created_by_user_id, 'book_on_behalf', 'reservation', r.id::text, jsonb_build_object('spot', r.spot), r.created_at
from reservations r where r.source = 'staff' and r.created_by_user_id <> r.user_id
union all
select null, 'customer.created', 'user', u.id::text, '{}'::jsonb, u.created_at from users u, base b where u.id >= b.ubase;

-- step: customers' sign-up dates before their first booking, sequences
update users u set created_at = f.first - interval '3 days', updated_at = f.first - interval '3 days'
from (select user_id, min(booked_at) as first from res group by user_id) f
where f.user_id = u.id;
update users u set created_at = o.first - interval '3 days', updated_at = o.first - interval '3 days'
from (select user_id, min(at) as first from porders group by user_id) o
where o.user_id = u.id and o.first - interval '3 days' < u.created_at;
update audit_log a set created_at = u.created_at from users u
where a.action = 'customer.created' and a.entity = 'user' and a.entity_id = u.id::text;
select setval('users_id_seq', (select max(id) from users));

// The scenarios `npm run bench` measures, in order. Add one by adding an entry:
//   name        short id shown in the table (and usable with --only=name,name)
//   path        request path on the server under test
//   method      default GET; body (string) and headers are optional
//   baseline    name of the scenario it is compared to (req/s ratio); omit for a baseline itself
//   expect      the status every answer must have (default 200): anything else makes the run fail
//   setup       optional async ({ baseUrl, login }) => ({ headers?, body?, path? }), run once before
//               the measurement, e.g. `const token = await login("cliente@example.com")` and then
//               `{ headers: { authorization: \`Bearer ${token}\` } }`
//   description one line for the report
//
// The baselines exist only when the server runs with BENCH_BASELINE=true (the bench sets it):
// /__bench/json is a bare Hono JSON answer outside /api (only the app-wide middleware: compression
// and security headers); /api/__bench/json is the same answer inside the /api middleware (request
// id, session lookup, XSRF check, request log), so API calls are compared with a route that pays
// the same stack; /__bench/page is a React Router page with no data of its own (the root layout and
// its loader still run, as for every page). A scenario's ratio says how much of that stack's speed
// it keeps; bare-api vs bare-json is the cost of the API middleware itself.
export const scenarios = [
  {
    name: "bare-json",
    path: "/__bench/json",
    description: "Hono answering {ok:true}: the ceiling for an API call",
  },
  {
    name: "bare-api",
    path: "/api/__bench/json",
    baseline: "bare-json",
    description: "Hono answering {ok:true} inside the /api middleware: the ceiling for an API call",
  },
  {
    name: "bare-page",
    path: "/__bench/page",
    description: "React Router page without data: the ceiling for a server-rendered page",
  },
  {
    name: "api-cities",
    path: "/api/cities",
    baseline: "bare-api",
    description: "GET /api/cities: API middleware (auth, request id, log) and one query",
  },
  {
    name: "home",
    path: "/",
    baseline: "bare-page",
    description: "server-rendered home page with its data from the database",
  },
  {
    name: "auth-me",
    path: "/api/auth/me",
    method: "POST",
    baseline: "bare-api",
    description: "POST /api/auth/me as a customer: session lookup and the §3 user with live credits",
    setup: async ({ login }) => ({ headers: { authorization: `Bearer ${await login("cliente@example.com")}` } }),
  },
  {
    name: "admin-users",
    path: "/admin/users/list",
    baseline: "bare-page",
    description: "back-office customer list (SSR) as an administrator: guard, paged query, shell",
    setup: async ({ login }) => ({ headers: { cookie: `token=${await login("admin@example.com")}` } }),
  },
];

import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3900";
const [email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [w, h, tag] of [[390, 844, "phone"], [1366, 900, "desk"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, baseURL: base });
  const r = await ctx.request.post("/api/login", { data: { email, password: "demo1234" }, headers: { "X-Forwarded-For": "10.9.9." + Math.floor(Math.random()*200) } });
  if (!r.ok()) console.log("login", r.status(), await r.text());
  const page = await ctx.newPage();
  if (process.env.OPEN_SHIFT && tag === "phone") {
    await page.goto(base + "/admin/pos");
    const xsrf = decodeURIComponent((await ctx.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "");
    const h = { "X-XSRF-TOKEN": xsrf };
    const studios = await (await ctx.request.get("/api/admin/studios", { headers: h })).json();
    const sid = studios.data.find((s) => s.active).id;
    const emps = await (await ctx.request.get(`/api/admin/employee/list/studio/${sid}`, { headers: h })).json();
    console.log("employees", JSON.stringify(emps.data).slice(0, 200));
    const e = emps.data.find((x) => /caj|carla/i.test(x.name)) ?? emps.data[0];
    const r2 = await ctx.request.post("/api/cashier/turn/init", { headers: h, form: { id_employee_data: String(e.id), id_studio: String(sid), turn_type: "2", id_employee: String(e.id), small_box_init: "$500.00" } });
    console.log("init", r2.status(), (await r2.text()).slice(0, 200));
  }
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/tmp/shots/${tag}${name}.png`, fullPage: true });
    console.log(tag, p, "scrollWidth", sw, "errors", errors.splice(0).join(" | ").slice(0, 300));
  }
  await ctx.close();
}
await browser.close();

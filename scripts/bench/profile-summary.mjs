#!/usr/bin/env node
// Summary of a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_NODE_FLAGS in scripts/bench.mjs):
// self and total time per function and per package, so a profile can be read without DevTools.
//
//   node scripts/bench/profile-summary.mjs FILE.cpuprofile [--last=12] [--top=40] [--match=text]
//
//   --last=S    only the last S seconds of the profile (the last bench scenario, not start-up)
//   --top=N     rows per table (default 40)
//   --match=t   also list the callers and callees of the functions whose name contains t
import fs from "node:fs";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: node scripts/bench/profile-summary.mjs FILE.cpuprofile [--last=S] [--top=N] [--match=t]");
  process.exit(1);
}
const top = Number(args.top ?? 40);
const prof = JSON.parse(fs.readFileSync(file, "utf8"));

const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample times (µs since start); keep the window asked for.
const times = [];
let t = 0;
for (const d of prof.timeDeltas) times.push((t += d));
const end = times[times.length - 1] ?? 0;
const from = args.last ? end - Number(args.last) * 1e6 : -Infinity;

/** Package (or area) of a script URL: node_modules/<pkg>, build/server, node internals. */
function area(url) {
  if (!url) return "(native/V8)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const b = /build\/server\/(?:assets\/)?([^/]+)$/.exec(url);
  if (b) return "build/server/" + b[1].replace(/-[\w-]{8}\.js$/, ".js");
  return url
    .replace(/^file:\/\/\/?/, "/")
    .split("/")
    .slice(-2)
    .join("/");
}
const label = (n) => {
  const f = n.callFrame;
  const name = f.functionName || "(anonymous)";
  if (!f.url) return name;
  return `${name}  ${area(f.url)}:${f.lineNumber + 1}`;
};

const selfFn = new Map();
const totalFn = new Map();
const selfArea = new Map();
const totalArea = new Map();
let counted = 0;
let idle = 0;
const dt = (i) => (i + 1 < times.length ? times[i + 1] - times[i] : 0);
for (let i = 0; i < prof.samples.length; i++) {
  if (times[i] < from) continue;
  const w = dt(i);
  let n = nodes.get(prof.samples[i]);
  const name = n.callFrame.functionName;
  if (name === "(idle)") {
    idle += w;
    continue;
  }
  counted += w;
  const l = label(n);
  selfFn.set(l, (selfFn.get(l) ?? 0) + w);
  const a = area(n.callFrame.url);
  selfArea.set(a, (selfArea.get(a) ?? 0) + w);
  // Inclusive time: each function/area once per sample, however deep the recursion.
  const seenFn = new Set();
  const seenArea = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) {
    const node = nodes.get(id);
    const fl = label(node);
    if (!seenFn.has(fl)) {
      seenFn.add(fl);
      totalFn.set(fl, (totalFn.get(fl) ?? 0) + w);
    }
    const fa = area(node.callFrame.url);
    if (!seenArea.has(fa)) {
      seenArea.add(fa);
      totalArea.set(fa, (totalArea.get(fa) ?? 0) + w);
    }
  }
}

const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => ((100 * us) / counted).toFixed(1).padStart(5) + "%";
function table(title, map) {
  console.log(`\n== ${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(v)} ms ${pct(v)}  ${k}`);
}
console.log(
  `${file}: ${(counted / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle` +
    (args.last ? ` (last ${args.last} s)` : ""),
);
table("self time by area", selfArea);
table("total time by area (inclusive)", totalArea);
table("self time by function", selfFn);
table("total time by function (inclusive)", totalFn);

if (args.match) {
  // Callers and callees of matching functions, by inclusive time through them.
  const callers = new Map();
  const callees = new Map();
  for (let i = 0; i < prof.samples.length; i++) {
    if (times[i] < from) continue;
    const w = dt(i);
    const chain = [];
    for (let id = prof.samples[i]; id !== undefined; id = parent.get(id)) chain.push(nodes.get(id));
    const idx = chain.findIndex((n) => n.callFrame.functionName.includes(args.match));
    if (idx < 0) continue;
    const up = chain[idx + 1];
    const down = idx > 0 ? chain[idx - 1] : null;
    if (up) callers.set(label(up), (callers.get(label(up)) ?? 0) + w);
    const dl = down ? label(down) : "(self)";
    callees.set(dl, (callees.get(dl) ?? 0) + w);
  }
  table(`callers of *${args.match}*`, callers);
  table(`callees of *${args.match}*`, callees);
}

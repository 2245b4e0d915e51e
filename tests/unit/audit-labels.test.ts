/**
 * The Bitácora and the dashboard's recent activity show every audit action in Spanish: each action
 * key the server writes has a label in the catalogue (admin.audit.actions), each record kind one in
 * admin.audit.entities, and a key the catalogue does not know (an old row) reads as a generic
 * Spanish phrase, never as the raw key. The keys are read from the source, so a new `audit(…)` call
 * without a label fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messages } from "../../app/lib/messages";
import { auditActionLabel, auditEntityLabel, auditRecordLabel } from "../../app/shared/audit-labels";

const ROOT = join(__dirname, "../../app/.server");

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") ? [{ path: p, text: readFileSync(p, "utf8") }] : [];
  });
}

const files = sources(ROOT);
const quoted = (s: string) => [...s.matchAll(/(?<!t\()"([a-z_]+(?:\.[a-z_]+)?)"/g)].map((m) => m[1]);
/** The people screens' kinds (resources/people.ts `peopleBase`, domain/people/reset.ts). */
const PEOPLE_KINDS = ["customer", "staff"];
/** Every dynamic action template the source may hold, with the keys it can produce. */
const TEMPLATES: Record<string, (entities: string[]) => string[]> = {
  "`${d.entity}.created`": (es) => es.map((e) => `${e}.created`),
  "`${d.entity}.updated`": (es) => es.map((e) => `${e}.updated`),
  '`${d.entity}.${active ? "reactivated" : "deactivated"}`': (es) =>
    es.flatMap((e) => [`${e}.reactivated`, `${e}.deactivated`]),
  "`${kind}.reset_sent`": () => PEOPLE_KINDS.map((k) => `${k}.reset_sent`),
};

/** The entities defined through the resource kit (`entity: "…"` in app/.server/resources). */
const kitEntities = [
  ...new Set([
    ...files
      .filter((f) => f.path.includes("/resources/"))
      .flatMap((f) => [...f.text.matchAll(/\bentity: "([a-z_]+)"/g)].map((m) => m[1])),
    ...PEOPLE_KINDS,
  ]),
];

function actionKeys(): { keys: Set<string>; unknownTemplates: string[] } {
  const keys = new Set<string>();
  const unknownTemplates: string[] = [];
  for (const { text } of files) {
    for (const line of text.split("\n")) {
      // `action: "x.y"`, `action: cond ? "a.b" : "c.d"`, a union type `action: "a" | "b"`.
      const own = /\baction:\s*(.+)$/.exec(line);
      if (own) {
        for (const k of quoted(own[1]).filter((k) => k.includes("."))) keys.add(k);
        const tpl = /`[^`]*`/.exec(own[1]);
        if (tpl) {
          if (TEMPLATES[tpl[0]]) for (const k of TEMPLATES[tpl[0]](kitEntities)) keys.add(k);
          else unknownTemplates.push(tpl[0]);
        }
      }
      // The booking staff operations' `logBy(change, actor, "<action>", "<entity>", …)` (domain/booking/staff.ts).
      const by = /\blogBy\(\s*\w+,\s*actor,\s*(.+?),\s*"[a-z_]+"/.exec(line);
      if (by) for (const k of quoted(by[1])) keys.add(k);
    }
  }
  return { keys, unknownTemplates };
}

/** The record kinds written: `entity: "x"` in audit calls and logBy's fourth argument. */
function entityKeys(): Set<string> {
  const out = new Set<string>(["user"]);
  for (const { text } of files) {
    for (const m of text.matchAll(/\bentity: "([a-z_]+)"/g)) out.add(m[1]);
    for (const m of text.matchAll(/\blogBy\(\s*\w+,\s*actor,\s*.+?,\s*"([a-z_]+)"/g)) out.add(m[1]);
  }
  return out;
}

describe("audit labels", () => {
  it("reads the action keys of the source (sanity)", () => {
    const { keys } = actionKeys();
    for (const k of ["book_on_behalf", "room.created", "payment.refunded", "auth.login", "customer.reset_sent"])
      expect(keys).toContain(k);
  });

  it("every dynamic action template is known to this test", () => {
    expect(actionKeys().unknownTemplates).toEqual([]);
  });

  it("every action key the server writes has a Spanish label", () => {
    const labels = messages.admin.audit.actions as Record<string, string>;
    const missing = [...actionKeys().keys].filter((k) => !labels[k]).sort();
    expect(missing).toEqual([]);
  });

  it("every record kind the server writes has a Spanish label", () => {
    const labels = messages.admin.audit.entities as Record<string, string>;
    const missing = [...entityKeys()].filter((k) => !labels[k]).sort();
    expect(missing).toEqual([]);
  });

  it("an unknown key reads as a generic Spanish phrase, never the raw key", () => {
    expect(auditActionLabel("book_on_behalf")).toBe(messages.admin.audit.actions.book_on_behalf);
    for (const raw of ["legacy_thing", "old_entity.created", "x.y_z"]) {
      const label = auditActionLabel(raw);
      expect(label).not.toContain(raw);
      expect(label).not.toMatch(/[_.]/);
    }
    expect(auditEntityLabel("old_kind")).not.toContain("old_kind");
    expect(auditRecordLabel("old_kind", "7")).toMatch(/#7$/);
  });
});

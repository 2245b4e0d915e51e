import path from "node:path";
import { describe, expect, it } from "vitest";
import { i18nAreas } from "../../tools/vite-i18n-areas";
import { messages, registerSection } from "../../app/lib/messages";

const root = path.resolve(import.meta.dirname, "../..");
const ctx = {
  error(msg: string): never {
    throw new Error(msg);
  },
  addWatchFile() {},
};
const plugin = i18nAreas(root) as unknown as {
  transform(this: object, code: string, id: string, options: { ssr: boolean }): { code: string } | null;
  resolveId(id: string): string | null;
  load(this: typeof ctx, id: string): Promise<string | null>;
};
const imports = (code: string) => {
  const out = plugin.transform.call({}, code, path.join(root, "app/components/site/Example.tsx"), { ssr: false });
  return [...(out?.code ?? "").matchAll(/import "virtual:nb-i18n\/([^"]+)";/g)].map((m) => m[1]);
};

/** The browser gets the parts of the catalogue a module names, not whole areas (issue 11, page weight). */
describe("catalogue plugin: areas and parts", () => {
  it("registers only the part of an area whose keys a module names", () => {
    expect(imports('t("auth.expired.toast"); t("legal.privacyLink")')).toEqual(["auth/expired", "legal/privacyLink"]);
  });

  it("brings the whole area for a key built from the area alone or for messages.<area>", () => {
    expect(imports("t(`content.${kind}`); t('content.newsletter.title')")).toEqual(["content"]);
    expect(imports("Object.keys(messages.admin)")).toEqual(["admin"]);
  });

  it("writes the part's texts into the chunk, word for word", async () => {
    const id = plugin.resolveId("virtual:nb-i18n/auth/expired")!;
    const code = (await plugin.load.call(ctx, id))!;
    expect(code).toContain('registerSection("auth", "expired", ');
    expect(code).toContain(JSON.stringify(messages.auth.expired));
    expect(code).not.toContain("registerArea");
    // A string that only looks like a key (a permission such as "commerce.read") loads nothing.
    expect(await plugin.load.call(ctx, plugin.resolveId("virtual:nb-i18n/commerce/read")!)).toBe("export {};");
  });

  it("a part does not overwrite texts already there", () => {
    const before = messages.legal.privacyLink;
    registerSection("legal", "privacyLink", "otro");
    expect(messages.legal.privacyLink).toBe(before);
  });
});

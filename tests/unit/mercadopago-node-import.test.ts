/**
 * The Mercado Pago gateway's imports of the SDK resolve under plain Node ESM (the production
 * server), not only through Vite: a directory import (`mercadopago/dist/utils/config`) is refused
 * by Node (ERR_UNSUPPORTED_DIR_IMPORT). Each `mercadopago…` specifier of the gateway is imported by
 * a bare `node`, with the names the gateway takes from it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const source = readFileSync("app/.server/domain/commerce/gateways/mercadopago.ts", "utf8");
const imports = [...source.matchAll(/^import \{([^}]+)\} from "(mercadopago[^"]*)";$/gm)].map((m) => ({
  names: m[1]!.split(",").map((n) => n.trim()),
  from: m[2]!,
}));

describe("the Mercado Pago SDK under plain Node ESM", () => {
  it("every SDK import of the gateway resolves, with its names", () => {
    expect(imports.map((i) => i.from)).toContain("mercadopago");
    expect(imports.length).toBeGreaterThan(1);
    const script = imports
      .map((i, n) => `import * as m${n} from ${JSON.stringify(i.from)};`)
      .concat(imports.map((i, n) => `for (const k of ${JSON.stringify(i.names)}) if (!m${n}[k]) throw new Error(k);`))
      .join("\n");
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", `${script}\nconsole.log("ok");`], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(out.trim()).toBe("ok");
  });
});

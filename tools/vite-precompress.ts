import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images, fonts (woff2) and media are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|ico|webmanifest|map)$/;

/**
 * After the client build, writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
 * beside every compressible file of `build/client` of 1 KB or more that shrinks by at least 10 %.
 * The production server (server/static.mjs) answers with them when the browser accepts it: the
 * heaviest compression is paid once at build, not per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "nucleo:precompress",
    apply: "build",
    enforce: "post",
    configResolved(c) {
      config = c;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await precompressDir(path.resolve(config.root, config.build.outDir));
    },
  };
}

/**
 * Writes the `.br` and `.gz` copies of every compressible file of `dir` (1 KB or more, shrinking by
 * at least 10 %) that has none yet. Also called from React Router's `buildEnd` (react-router.config.ts)
 * for the route manifest, which React Router writes into build/client after the client build.
 */
export async function precompressDir(outDir: string) {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (COMPRESSIBLE.test(e.name) && !fs.existsSync(`${p}.br`) && !fs.existsSync(`${p}.gz`)) files.push(p);
    }
  };
  if (fs.existsSync(outDir)) walk(outDir);
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      if (raw.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      if (br.length < raw.length * 0.9) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < raw.length * 0.9) await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
}

import { t } from "~/lib/messages";
import { escapeHtml } from "../lib/html";

const text = (key: Parameters<typeof t>[0]) => escapeHtml(t(key));
/** A text of the catalogue as a string literal of the browser script. */
const literal = (key: Parameters<typeof t>[0]) => JSON.stringify(t(key)).replace(/</g, "\\u003c");

/** A small, dependency-free browser for /api/openapi.json (no CDN assets at run time). */
export const docsPage = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${text("admin.apiDocs.title")}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:0;color:#222}header{background:#883943;color:#fff;padding:16px 24px}
header a{color:#fff}main{max-width:980px;margin:0 auto;padding:16px}h2{color:#164E55;border-bottom:1px solid #ddd}
details{border:1px solid #ddd;border-radius:8px;margin:8px 0;padding:8px 12px}summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:64px;font-weight:700;color:#164E55;text-transform:uppercase}.lock{color:#883943}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px;border-radius:6px}</style></head>
<body><header><h1>${text("admin.apiDocs.heading")}</h1><p>${text("admin.apiDocs.document")} <a href="/api/openapi.json">/api/openapi.json</a>.
${text("admin.apiDocs.bodies")} <code>{ errorMessage, error: { Message, messages: [{ field, message }] } }</code>.</p></header>
<main id="m">${text("admin.apiDocs.loading")}</main><script src="/api/docs.js"></script></body></html>`;

export const docsScript = `(async () => {
  const m = document.getElementById("m");
  const doc = await (await fetch("/api/openapi.json")).json();
  const byTag = {};
  for (const [path, ops] of Object.entries(doc.paths || {}))
    for (const [method, op] of Object.entries(ops)) (byTag[(op.tags || [${literal("admin.apiDocs.otherTag")}])[0]] ||= []).push({ path, method, op });
  // Built from nodes with textContent: the document's strings are text, never markup.
  const el = (tag, attrs, ...kids) => {
    const e = Object.assign(document.createElement(tag), attrs);
    e.append(...kids);
    return e;
  };
  m.replaceChildren(...Object.entries(byTag).flatMap(([tag, list]) => [
    el("h2", { textContent: tag }),
    ...list.map(({ path, method, op }) => el("details", {},
      el("summary", {}, el("span", { className: "m", textContent: method }), " " + path,
        ...(op.security ? [" ", el("span", { className: "lock", title: ${literal("admin.apiDocs.requiresSession")}, textContent: "🔒" })] : []),
        " — " + (op.summary || "")),
      el("pre", { textContent: JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2) }))),
  ]));
})();`;

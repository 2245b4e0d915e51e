import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that answers like Facturapi's API (v2) for what the `facturapi` PAC calls through
 * the official SDK: create an invoice (idempotency keys: a repeated key answers the first invoice),
 * download its XML and PDF, cancel it. Faults on demand: `fake.mode = "slow"` answers after
 * `slowMs` (longer than the PAC timeout), `"down"` answers 503; an RFC in `refusedRfcs` is refused
 * with a 400 and the PAC's reason, as the SAT's list check does.
 */
type FakeInvoice = {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  total: number;
  customer: { tax_id: string; legal_name: string };
  items: unknown[];
  stamp: { date: string };
  cancellation?: { motive: string; substitution: string | null };
};

export const fake = {
  mode: "ok" as "ok" | "slow" | "down",
  slowMs: 1500,
  refusedRfcs: new Set<string>(["XIA190128J61"]),
  invoices: new Map<string, FakeInvoice>(),
  byKey: new Map<string, string>(),
  calls: [] as { method: string; path: string; auth: string | undefined; body: any }[],
};

export async function startFakeFacturapi() {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url!, "http://x");
      const body = raw ? JSON.parse(raw) : null;
      fake.calls.push({ method: req.method!, path: url.pathname, auth: req.headers.authorization, body });
      const json = (status: number, obj: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(obj));
      };
      const answer = () => {
        if (!req.headers.authorization?.startsWith("Bearer sk_test_"))
          return json(401, { message: "API key inválida", status: 401 });
        if (fake.mode === "down") return json(503, { message: "Service Unavailable", status: 503 });
        const m = /^\/v2\/invoices(?:\/([^/]+))?(?:\/(xml|pdf))?$/.exec(url.pathname);
        if (!m) return json(404, { message: "Not found", status: 404 });
        const [, id, file] = m;
        if (req.method === "POST" && !id) {
          const key = body?.idempotency_key as string | undefined;
          if (key && fake.byKey.has(key)) return json(200, fake.invoices.get(fake.byKey.get(key)!));
          const rfc = body?.customer?.tax_id as string;
          if (fake.refusedRfcs.has(rfc))
            return json(400, {
              message: `El RFC ${rfc} del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT`,
              status: 400,
            });
          const total = (body.items as { quantity: number; product: { price: number } }[]).reduce(
            (s, i) => s + i.quantity * i.product.price,
            0,
          );
          const inv: FakeInvoice = {
            id: `inv_${crypto.randomBytes(8).toString("hex")}`,
            uuid: crypto.randomUUID().toUpperCase(),
            status: "valid",
            total: Math.round(total * 100) / 100,
            customer: { tax_id: rfc, legal_name: body.customer.legal_name },
            items: body.items,
            stamp: { date: new Date().toISOString() },
          };
          fake.invoices.set(inv.id, inv);
          if (key) fake.byKey.set(key, inv.id);
          return json(200, inv);
        }
        const inv = id ? fake.invoices.get(id) : undefined;
        if (!inv) return json(404, { message: "Factura no encontrada", status: 404 });
        if (req.method === "GET" && file === "xml") {
          res.writeHead(200, { "content-type": "application/xml" });
          return res.end(
            `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="${inv.total.toFixed(2)}"><cfdi:Receptor Rfc="${inv.customer.tax_id}"/><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${inv.uuid}"/></cfdi:Complemento></cfdi:Comprobante>`,
          );
        }
        if (req.method === "GET" && file === "pdf") {
          res.writeHead(200, { "content-type": "application/pdf" });
          return res.end(Buffer.from(`%PDF-1.4\n% factura ${inv.uuid}\n%%EOF\n`));
        }
        if (req.method === "DELETE" && !file) {
          const motive = url.searchParams.get("motive");
          if (!motive) return json(400, { message: "motive es requerido", status: 400 });
          if (motive === "01" && !url.searchParams.get("substitution"))
            return json(400, { message: "substitution es requerido con el motivo 01", status: 400 });
          inv.status = "canceled";
          inv.cancellation = { motive, substitution: url.searchParams.get("substitution") };
          return json(200, inv);
        }
        return json(405, { message: "Method not allowed", status: 405 });
      };
      if (fake.mode === "slow") setTimeout(answer, fake.slowMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

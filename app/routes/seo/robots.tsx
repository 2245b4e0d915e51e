import type { Route } from "./+types/robots";

/** `/robots.txt`: the back office, accounts, checkout and previews stay out of search engines. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.deps.config.publicUrl;
  const disallow = [
    "/admin",
    "/profile",
    "/my-account",
    "/sandbox",
    "/payment",
    "/success-order",
    "/newsletter",
    "/instagram-auth-success",
    "/instagram-auth-failure",
    "/auth",
    "/api",
  ];
  const lines = ["User-agent: *", "Allow: /"];
  for (const p of disallow) lines.push(`Disallow: ${p}`, `Disallow: /es-MX${p}`);
  lines.push("", `Sitemap: ${base}/sitemap.xml`, "");
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

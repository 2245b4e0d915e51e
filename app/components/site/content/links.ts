/** `tel:` link of a Mexican phone as written on the site ("55 5280 1144" → "tel:+525552801144"). */
export function telLinkOf(phone: string) {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+52${digits}`;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** The studio's own map link, or a map search of its address. */
export function mapLinkOf(studio: { map_url: string | null; address: string; name: string }) {
  if (studio.map_url) return studio.map_url;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${studio.name}, ${studio.address}`)}`;
}

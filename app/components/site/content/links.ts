/** The studio's own map link, or a map search of its address. */
export function mapLinkOf(studio: { map_url: string | null; address: string; name: string }) {
  if (studio.map_url) return studio.map_url;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${studio.name}, ${studio.address}`)}`;
}

/**
 * Widths every uploaded picture is stored at (see the files library). A page names the width it
 * shows the picture at (`sizes`) and the browser picks the smallest file that is sharp enough.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const PREFIX = "/api/files/content/";
const PATTERN = /^\/api\/files\/content\/([a-f0-9]{20})-(\d+)\.webp$/;

export function mediaUrl(key: string, width: number) {
  return `${PREFIX}${key}-${width}.webp`;
}

/**
 * `src` and `srcSet` of a picture URL: an uploaded picture gets every stored width; any other URL
 * (bundled illustrations, SVG) is used as it is.
 */
export function responsiveSrc(url: string, maxWidth = 1920): { src: string; srcSet?: string } {
  const m = PATTERN.exec(url);
  if (!m) return { src: url };
  const key = m[1];
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  return {
    src: mediaUrl(key, widths.includes(960 as never) ? 960 : widths[widths.length - 1]),
    srcSet: widths.map((w) => `${mediaUrl(key, w)} ${w}w`).join(", "),
  };
}

import type { ImgHTMLAttributes } from "react";
import { responsiveSrc } from "~/lib/images";

/**
 * A content picture: uploaded ones get `srcset` with every stored width and the page's `sizes`,
 * so phones download the small file. Below the fold, pass `lazy`.
 */
export function Img({
  src,
  sizes,
  lazy = false,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "loading"> & {
  src: string;
  sizes: string;
  lazy?: boolean;
}) {
  const r = responsiveSrc(src);
  return (
    <img
      {...rest}
      src={r.src}
      srcSet={r.srcSet}
      sizes={r.srcSet ? sizes : undefined}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
    />
  );
}

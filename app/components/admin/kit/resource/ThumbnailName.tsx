import type { CSSProperties, ReactNode } from "react";
import { thumbnailOf } from "./MediaPicker";

/**
 * A list's name cell with its picture before it (the library's thumbnail when the address is a
 * library file): class types, coaches, bazaar events, sponsors and the files library. Decorative
 * unless `alt` is given; no picture, just the name.
 */
export function ThumbnailName({
  url,
  alt = "",
  width = 48,
  height = 32,
  fit = "cover",
  radius,
  lazy,
  mark,
  gap = 8,
  children,
}: {
  url: string | null | undefined;
  alt?: string;
  width?: number;
  height?: number;
  fit?: CSSProperties["objectFit"];
  radius?: CSSProperties["borderRadius"];
  lazy?: boolean;
  /** Drawn before the picture (a class type's colour). */
  mark?: ReactNode;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap }}>
      {mark}
      {url && (
        <img
          src={thumbnailOf(url)}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          style={{ objectFit: fit, borderRadius: radius }}
        />
      )}
      {children}
    </span>
  );
}

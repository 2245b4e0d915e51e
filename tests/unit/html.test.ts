import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../app/.server/lib/html";

describe("escapeHtml", () => {
  it("turns the five markup characters into entities, ampersand first", () => {
    expect(escapeHtml(`<a href="x?a=1&b=2" title='t'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x?a=1&amp;b=2&quot; title=&#39;t&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("escapes an existing entity again (the text is text) and leaves other characters alone", () => {
    expect(escapeHtml("&amp; ñ — 🔒")).toBe("&amp;amp; ñ — 🔒");
    expect(escapeHtml("")).toBe("");
  });

  it("reads back as the same text in an XML attribute", () => {
    const text = `O'Brien & "Hijos" <SA>`;
    const decoded = escapeHtml(text).replace(/&(#39|quot|lt|gt|amp);/g, (_, e: string) =>
      e === "#39" ? "'" : e === "quot" ? '"' : e === "lt" ? "<" : e === "gt" ? ">" : "&",
    );
    expect(decoded).toBe(text);
  });
});

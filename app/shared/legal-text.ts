// The plain-text form of the legal texts, read in the browser (/legals/{section}): kept apart from
// the editor's zod schema (schemas/legal.ts) so the public page does not load zod.

/** A legal text as blocks: headings ("## "), list items ("- ") grouped in lists, paragraphs. */
export type LegalBlock =
  { kind: "heading"; text: string } | { kind: "list"; items: string[] } | { kind: "p"; text: string };

export function parseLegalText(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const raw of body.replace(/\r\n/g, "\n").split("\n")) {
    const line = raw.trim();
    const last = blocks[blocks.length - 1];
    if (!line) {
      if (last?.kind === "p") blocks.push({ kind: "p", text: "" });
      continue;
    }
    if (line.startsWith("## ")) blocks.push({ kind: "heading", text: line.slice(3).trim() });
    else if (line.startsWith("- ")) {
      if (last?.kind === "list") last.items.push(line.slice(2).trim());
      else blocks.push({ kind: "list", items: [line.slice(2).trim()] });
    } else if (last?.kind === "p" && last.text) last.text += ` ${line}`;
    else if (last?.kind === "p") last.text = line;
    else blocks.push({ kind: "p", text: line });
  }
  return blocks.filter((b) => b.kind !== "p" || b.text);
}

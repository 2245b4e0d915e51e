/**
 * The blocks of a content page (CMS pages, legal sections) as plain text, so staff edit them in a
 * text box:
 *
 *   ## Heading            starts a new block
 *   A paragraph…          text of the block (blank lines kept)
 *   - Title: text         a list item (FAQ question and answer, feature…)
 *   ![Alt text](/url)     the block's picture
 *   [Button label](/url)  the block's link button
 *
 * Text before the first heading is a block without heading. Browser-safe; `blocksToText` and
 * `textToBlocks` are inverse for every block the format can say.
 */
export interface TextBlock {
  heading?: string;
  text?: string;
  items?: { title: string; text?: string }[];
  image?: string | null;
  imageAlt?: string;
  ctaLabel?: string;
  ctaLink?: string;
}

const IMAGE = /^!\[([^\]]*)\]\((\S+)\)$/;
const LINK = /^\[([^\]]+)\]\((\S+)\)$/;

export function blocksToText(blocks: TextBlock[]): string {
  return blocks
    .map((b) => {
      const lines: string[] = [];
      if (b.heading) lines.push(`## ${b.heading}`);
      if (b.text) lines.push(b.text);
      for (const it of b.items ?? []) lines.push(it.text ? `- ${it.title}: ${it.text}` : `- ${it.title}`);
      if (b.image) lines.push(`![${b.imageAlt ?? ""}](${b.image})`);
      if (b.ctaLabel && b.ctaLink) lines.push(`[${b.ctaLabel}](${b.ctaLink})`);
      return lines.join("\n");
    })
    .join("\n\n");
}

export function textToBlocks(source: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let cur: TextBlock | null = null;
  let para: string[] = [];
  const flush = () => {
    if (!cur) return;
    const text = para.join("\n").trim();
    if (text) cur.text = text;
    para = [];
  };
  const block = () => (cur ??= blocks[blocks.push({}) - 1]!);
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line.startsWith("## ")) {
      flush();
      cur = blocks[blocks.push({ heading: line.slice(3).trim() }) - 1]!;
      continue;
    }
    const b = block();
    const image = IMAGE.exec(line);
    const link = LINK.exec(line);
    if (line.startsWith("- ")) {
      const body = line.slice(2).trim();
      const at = body.indexOf(": ");
      const item = at > 0 ? { title: body.slice(0, at).trim(), text: body.slice(at + 2).trim() } : { title: body };
      (b.items ??= []).push(item);
    } else if (image) {
      b.image = image[2];
      b.imageAlt = image[1];
    } else if (link) {
      b.ctaLabel = link[1];
      b.ctaLink = link[2];
    } else if (line || para.length) {
      // A paragraph line (blank lines inside the text are kept as paragraph breaks).
      para.push(line);
    }
  }
  flush();
  return blocks.filter((b) => b.heading || b.text || b.items?.length || b.image || b.ctaLabel);
}

import { describe, expect, it } from "vitest";
import { blocksToText, textToBlocks } from "../../app/shared/content-blocks";

/** The text format staff edit content pages in: every block the format can say survives the round trip. */
describe("content blocks as text", () => {
  const blocks = [
    { text: "Una introducción sin título.\n\nCon dos párrafos." },
    {
      heading: "Nuestra historia",
      text: "Nacimos en 2016.",
      image: "/images/home/hero.svg",
      imageAlt: "Una bailarina",
    },
    {
      heading: "Preguntas",
      items: [{ title: "¿Necesito experiencia?", text: "No: hay variantes." }, { title: "Solo un título" }],
    },
    { heading: "Ven", text: "Tu primera clase.", ctaLabel: "Ver ubicaciones", ctaLink: "/addresses" },
  ];

  it("reads back what it writes", () => {
    expect(textToBlocks(blocksToText(blocks))).toEqual(blocks);
  });

  it("reads headings, items, pictures and buttons from hand-written text", () => {
    const text = "## FAQ\r\n- ¿Qué llevo?: Calcetas.\n\n![Salón](/images/a.svg)\n[Reservar](/calendar)\n\n## Vacía\n";
    expect(textToBlocks(text)).toEqual([
      {
        heading: "FAQ",
        items: [{ title: "¿Qué llevo?", text: "Calcetas." }],
        image: "/images/a.svg",
        imageAlt: "Salón",
        ctaLabel: "Reservar",
        ctaLink: "/calendar",
      },
      { heading: "Vacía" },
    ]);
    expect(textToBlocks("   \n\n ")).toEqual([]);
  });
});

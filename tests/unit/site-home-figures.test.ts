import { describe, expect, it } from "vitest";
import { fillFigures, minutesLabel } from "../../app/shared/home-figures";
import { HOME_SECTIONS, SESSION_TYPES, STUDIOS } from "../../app/.server/seed/data";
import { messages } from "../../app/lib/messages";

/** Issue 12, usability 8: the home's copy agrees with its data and greets everyone alike. */
describe("home figures", () => {
  it("durations come from the class types", () => {
    expect(minutesLabel([50, 50, 45])).toBe("45 a 50");
    expect(minutesLabel([50, 50])).toBe("50");
    expect(minutesLabel([])).toBe("");
  });

  it("figures in the copy are filled from the data", () => {
    const f = { studios: 6, cities: 3, minutes: "45 a 50" };
    expect(fillFigures("{studios} estudios en {cities} ciudades, y contando.", f)).toBe(
      "6 estudios en 3 ciudades, y contando.",
    );
    expect(fillFigures("Clases de {minutes} minutos", f)).toBe("Clases de 45 a 50 minutos");
  });

  it("the demo home states no figure by hand", () => {
    const words = /\b(dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\s+estudios\b|\b\d+\s+(estudios|minutos)\b/i;
    for (const s of HOME_SECTIONS) {
      expect(s.title ?? "", s.key).not.toMatch(words);
      expect(s.subtitle ?? "", s.key).not.toMatch(words);
    }
    const hero = HOME_SECTIONS.find((s) => s.kind === "hero")!;
    expect(hero.subtitle).toContain("{minutes}");
    expect(minutesLabel(SESSION_TYPES.map((s) => s.durationMinutes))).toBe("45 a 50");
    expect(STUDIOS.length).toBeGreaterThan(0);
  });

  it("greetings are gender-neutral", () => {
    expect(messages.account.loggedIn).toBe("¡Hola de nuevo!");
    const all = JSON.stringify(messages);
    expect(all).not.toMatch(/Bienvenid[oa]\b/);
  });
});

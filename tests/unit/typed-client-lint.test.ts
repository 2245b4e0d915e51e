import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 7 "typed client": the lint rule that keeps every browser call typed from its route's
 * response schema. A call without a type, or with a type written by hand, fails `npm run lint`.
 */
const eslint = new ESLint({ cwd: path.resolve(__dirname, "../..") });

async function problems(code: string, filePath = "app/components/example/Example.tsx") {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const header = `import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
`;

describe("typed client lint rule", () => {
  it("accepts a call typed by its route's response schema", async () => {
    expect(
      await problems(
        `${header}export const go = () => api<ApiData<typeof messageAnswer>>("/logout", { method: "POST" });\n`,
      ),
    ).toEqual([]);
  });

  it("refuses a call without a type", async () => {
    const found = await problems(`${header}export const go = () => api("/logout", { method: "POST" });\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("ApiData");
  });

  it("refuses a type written by hand, inline or named", async () => {
    expect(await problems(`${header}export const go = () => api<{ Message: string }>("/logout");\n`)).toHaveLength(1);
    expect(
      await problems(`${header}type Answer = { url: string };\nexport const go = () => api<Answer>("/x");\n`),
    ).toHaveLength(1);
  });

  it("applies to routes too, not to the server", async () => {
    const untyped = `${header}export const go = () => api("/logout");\n`;
    expect(await problems(untyped, "app/routes/example/page.tsx")).toHaveLength(1);
    expect(await problems(untyped, "app/.server/api/example.ts")).toEqual([]);
  });
});

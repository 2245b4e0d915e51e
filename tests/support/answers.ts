import { expect } from "vitest";
import type { z } from "zod";

/** Keys present in `raw` that parsing dropped: fields the schema does not declare. */
export function undeclared(raw: unknown, parsed: unknown, path = ""): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((r, i) => undeclared(r, parsed[i], `${path}[${i}]`));
  if (raw && typeof raw === "object" && parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const out: string[] = [];
    for (const k of Object.keys(raw)) {
      if (!(k in parsed)) out.push(`${path}.${k}`);
      else out.push(...undeclared((raw as any)[k], (parsed as any)[k], `${path}.${k}`));
    }
    return out;
  }
  return [];
}

/**
 * A call's answer is exactly what its route's response schema declares: status 200, every declared
 * field with its type and nothing more. Returns the body for the test to go on with.
 */
export async function expectAnswer<S extends z.ZodType>(schema: S, res: Response): Promise<z.output<S>> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`)).toEqual([]);
  expect(undeclared(body, parsed.data)).toEqual([]);
  return parsed.data as z.output<S>;
}

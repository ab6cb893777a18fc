/**
 * Where the shipped scenarios and blueprints are. They are JSON, which the TypeScript build does
 * not copy, so they are read from the source tree both when this module runs from source
 * (`evals/`) and when it runs compiled (`dist/evals/`, two levels below the checkout).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function shippedDir(kind: 'scenarios' | 'blueprints'): string {
  const candidates = [new URL(`./${kind}/`, import.meta.url), new URL(`../../evals/${kind}/`, import.meta.url)].map((u) =>
    fileURLToPath(u),
  );
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

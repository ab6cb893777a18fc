/**
 * A Dockerfile read into its stages and instructions, enough for tests to check what an image
 * does: line continuations joined, comments dropped, each instruction's keyword, raw arguments and
 * (for the exec form) its JSON array, and the stage it belongs to. ARGs declared before the first
 * FROM are substituted into FROM lines, as the builder does.
 */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  /** The exec form's array (`CMD ["a", "b"]`), when the arguments are one. */
  readonly json?: string[];
  readonly line: number;
}

export interface Stage {
  readonly name?: string;
  /** The base image, global ARGs substituted. */
  readonly from: string;
  readonly instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  readonly globalArgs: Record<string, string>;
  readonly stages: Stage[];
}

function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  try {
    const v: unknown = JSON.parse(args);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
  } catch {
    return undefined;
  }
}

export function parseDockerfile(text: string): Dockerfile {
  const lines = text.split('\n');
  const instructions: Instruction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!.trim();
    if (first === '' || first.startsWith('#')) continue;
    const start = i;
    let joined = first;
    while (joined.endsWith('\\') && i + 1 < lines.length) {
      joined = joined.slice(0, -1);
      i++;
      const next = lines[i]!.trim();
      // A comment inside a continued instruction is dropped by the builder.
      if (!next.startsWith('#')) joined += ` ${next}`;
    }
    const m = /^(\S+)\s*([\s\S]*)$/.exec(joined.trim())!;
    const args = m[2]!.replace(/\s+/g, ' ').trim();
    const json = execForm(args);
    instructions.push({ keyword: m[1]!.toUpperCase(), args, ...(json ? { json } : {}), line: start + 1 });
  }

  const globalArgs: Record<string, string> = {};
  const stages: Array<{ name?: string; from: string; instructions: Instruction[] }> = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const [image = '', as, name] = ins.args.split(' ').filter((w) => !w.startsWith('--'));
      const from = image.replace(/\$\{?(\w+)\}?/g, (_, v: string) => globalArgs[v] ?? '');
      stages.push({ ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), from, instructions: [] });
    } else if (stages.length === 0) {
      if (ins.keyword === 'ARG') {
        const [k, v = ''] = ins.args.split('=', 2);
        globalArgs[k!] = v;
      }
    } else stages.at(-1)!.instructions.push(ins);
  }
  return { globalArgs, stages };
}

/** The variables an ENV instruction sets (`ENV A=1 B=2`, or the legacy `ENV A 1`). */
export function envAssignments(args: string): Record<string, string> {
  if (!args.includes('=') || /^\S+\s/.test(args.split('=')[0]!)) {
    const [k, ...rest] = args.split(' ');
    return { [k!]: rest.join(' ') };
  }
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) out[m[1]!] = m[2]!.startsWith('"') ? JSON.parse(m[2]!) : m[2]!;
  return out;
}

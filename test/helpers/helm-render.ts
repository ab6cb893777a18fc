/**
 * Renders the chart under deploy/helm/svc the way `helm template` does, without helm (no helm
 * binary on the machines that run the tests, and no npm package implements Go's text/template
 * with Helm's functions well enough to trust). It is deliberately limited to what the chart uses,
 * and refuses anything else, so a template that grows a new construct fails loudly here instead
 * of being rendered wrong:
 *
 * - actions `{{ pipeline }}` with Go's trim markers `{{-` and `-}}`, and comments `{{/* *\/}}`;
 * - `define`, `if` / `else` / `end`, `range $key, $value := <map or list>` (map keys sorted, as Go
 *   does);
 * - operands: `.`, fields `.Values.a.b`, `.Release.*`, `.Chart.*`, variables `$name`, string
 *   literals, numbers, `true` / `false`, parenthesised pipelines; `|` passes the value on as the
 *   last argument;
 * - functions: include, toYaml, indent, nindent, quote, default, required, trunc, trimSuffix,
 *   not, and, or, eq.
 *
 * Values are read as Helm reads them: numbers as floats, printed like Go's %v for whole numbers;
 * toYaml sorts keys and double-quotes as Helm's YAML encoder does. On 2026-11-28 the chart's output
 * here was compared with Go's own text/template and Sprig (Go 1.19, Sprig 3.2.3, with Helm's
 * include, toYaml and required): identical, byte for byte, for rendered.values.yaml and for three
 * other value sets (an existing Secret, autoscaling off with split actors, everything optional off).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';

type Value = unknown;
type Scope = { dot: Value; vars: Map<string, Value> };

type Node =
  | { t: 'text'; text: string }
  | { t: 'action'; pipe: Pipe }
  | { t: 'if'; pipe: Pipe; then: Node[]; else: Node[] }
  | { t: 'range'; keyVar?: string; valueVar?: string; pipe: Pipe; body: Node[] };
type Operand =
  { k: 'field'; base: 'dot' | string; path: string[] } | { k: 'lit'; v: Value } | { k: 'ident'; name: string } | { k: 'paren'; pipe: Pipe };
type Pipe = Operand[][];

export class TemplateError extends Error {}

/** Splits a template into text and actions, applying the trim markers. */
function lex(src: string, file: string): Array<{ text: string } | { action: string; at: number }> {
  const out: Array<{ text: string } | { action: string; at: number }> = [];
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let text = src.slice(i, open === -1 ? src.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open === -1) {
      out.push({ text });
      break;
    }
    const close = src.indexOf('}}', open);
    if (close === -1) throw new TemplateError(`${file}: unclosed action at ${open}`);
    let inner = src.slice(open + 2, close);
    if (/^-\s/.test(inner)) {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    trimNext = /\s-$/.test(inner);
    if (trimNext) inner = inner.slice(0, -1);
    out.push({ text });
    inner = inner.trim();
    if (!(inner.startsWith('/*') && inner.endsWith('*/'))) out.push({ action: inner, at: open });
    i = close + 2;
  }
  return out;
}

/** Tokens of one action. */
function tokens(action: string, where: string): string[] {
  const re = /\s*("(?:[^"\\]|\\.)*"|:=|[|(),]|[^\s|(),"]+)/gy;
  const out: string[] = [];
  let m: RegExpExecArray | null;
  while (re.lastIndex < action.length && (m = re.exec(action)) !== null) out.push(m[1]!);
  if (out.join('').replace(/\s/g, '') !== action.replace(/\s/g, '')) throw new TemplateError(`${where}: cannot read "${action}"`);
  return out;
}

function parsePipe(toks: string[], where: string): Pipe {
  let pos = 0;
  const pipe = (): Pipe => {
    const cmds: Operand[][] = [[]];
    while (pos < toks.length && toks[pos] !== ')') {
      const tok = toks[pos++]!;
      if (tok === '|') cmds.push([]);
      else if (tok === '(') {
        const inner = pipe();
        if (toks[pos++] !== ')') throw new TemplateError(`${where}: unbalanced parenthesis`);
        cmds.at(-1)!.push({ k: 'paren', pipe: inner });
      } else cmds.at(-1)!.push(operand(tok, where));
    }
    if (cmds.some((c) => c.length === 0)) throw new TemplateError(`${where}: empty command`);
    return cmds;
  };
  const p = pipe();
  if (pos !== toks.length) throw new TemplateError(`${where}: unexpected "${toks[pos]}"`);
  return p;
}

function operand(tok: string, where: string): Operand {
  if (tok.startsWith('"')) return { k: 'lit', v: JSON.parse(tok) };
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(tok)) return { k: 'lit', v: Number(tok) };
  if (tok === 'true' || tok === 'false') return { k: 'lit', v: tok === 'true' };
  if (tok === '.') return { k: 'field', base: 'dot', path: [] };
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(tok)) return { k: 'field', base: 'dot', path: tok.slice(1).split('.') };
  if (/^\$[A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(tok)) {
    const [name, ...path] = tok.split('.');
    return { k: 'field', base: name!, path };
  }
  if (/^[a-zA-Z][a-zA-Z0-9]*$/.test(tok)) return { k: 'ident', name: tok };
  throw new TemplateError(`${where}: unsupported operand "${tok}"`);
}

/** Parses a file's nodes; `define` blocks go to `defines`. */
function parse(src: string, file: string, defines: Map<string, Node[]>): Node[] {
  const items = lex(src, file);
  let pos = 0;
  const block = (closers: string[]): { nodes: Node[]; closer: string } => {
    const nodes: Node[] = [];
    while (pos < items.length) {
      const item = items[pos++]!;
      if ('text' in item) {
        if (item.text) nodes.push({ t: 'text', text: item.text });
        continue;
      }
      const where = `${file}@${item.at}`;
      const toks = tokens(item.action, where);
      const head = toks[0];
      if (head !== undefined && closers.includes(head) && toks.length === 1) return { nodes, closer: head };
      if (head === 'define') {
        const name = JSON.parse(toks[1] ?? '""') as string;
        if (!name || toks.length !== 2) throw new TemplateError(`${where}: define needs one quoted name`);
        defines.set(name, block(['end']).nodes);
      } else if (head === 'if') {
        const pipe = parsePipe(toks.slice(1), where);
        const first = block(['else', 'end']);
        const other = first.closer === 'else' ? block(['end']).nodes : [];
        nodes.push({ t: 'if', pipe, then: first.nodes, else: other });
      } else if (head === 'range') {
        const assign = toks.indexOf(':=');
        let keyVar: string | undefined;
        let valueVar: string | undefined;
        if (assign !== -1) {
          const vars = toks.slice(1, assign).filter((x) => x !== ',');
          if (vars.length === 2) [keyVar, valueVar] = vars;
          else if (vars.length === 1) valueVar = vars[0];
          else throw new TemplateError(`${where}: range takes one or two variables`);
        }
        const pipe = parsePipe(toks.slice(assign === -1 ? 1 : assign + 1), where);
        const body = block(['end']);
        nodes.push({ t: 'range', ...(keyVar ? { keyVar } : {}), ...(valueVar ? { valueVar } : {}), pipe, body: body.nodes });
      } else if (head === 'else' || head === 'end' || head === 'with' || head === 'template' || head === 'block') {
        throw new TemplateError(`${where}: "${head}" is not supported here`);
      } else nodes.push({ t: 'action', pipe: parsePipe(toks, where) });
    }
    if (closers.length > 0) throw new TemplateError(`${file}: missing {{ end }}`);
    return { nodes, closer: '' };
  };
  return block([]).nodes;
}

const isMap = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's truth: false, 0, nil, and empty strings, lists and maps are false. */
function truthy(v: Value): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return Object.keys(v).length > 0;
  return true;
}

/** Go's %v for the values a chart prints: whole numbers without a fraction, nil as nothing. */
function print(v: Value): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new TemplateError(`cannot print a ${Array.isArray(v) ? 'list' : 'map'} (use toYaml)`);
}

/** A chart: Chart.yaml, values.yaml and templates/, rendered as `helm template` does. */
export class Chart {
  private readonly engine = new Engine();
  private readonly files: Array<{ name: string; nodes: Node[] }> = [];
  readonly meta: Record<string, Value>;
  readonly defaults: Record<string, Value>;

  constructor(readonly dir: string) {
    this.meta = load(readFileSync(join(dir, 'Chart.yaml'), 'utf8')) as Record<string, Value>;
    this.defaults = (load(readFileSync(join(dir, 'values.yaml'), 'utf8')) ?? {}) as Record<string, Value>;
    const names = readdirSync(join(dir, 'templates')).sort();
    for (const name of names) {
      const nodes = this.engine.parse(readFileSync(join(dir, 'templates', name), 'utf8'), name);
      // As Helm: files starting with _ hold only definitions and render nothing.
      if (!name.startsWith('_') && /\.ya?ml$/.test(name)) this.files.push({ name, nodes });
    }
  }

  /** `helm template <release> <chart> -n <namespace> -f <overrides>`: every manifest, in file order. */
  render(release: { name: string; namespace: string }, overrides: Record<string, Value> = {}): string {
    const root = {
      Values: merge(this.defaults, overrides),
      Release: { Name: release.name, Namespace: release.namespace, Service: 'Helm', IsInstall: true, IsUpgrade: false },
      Chart: { Name: this.meta.name, Version: this.meta.version, AppVersion: this.meta.appVersion },
    };
    let out = '';
    for (const f of this.files) {
      const text = this.engine.run(f.nodes, { dot: root, vars: new Map([['$', root]]) });
      if (text.trim() === '') continue;
      out += `---\n# Source: ${String(this.meta.name)}/templates/${f.name}\n${text.replace(/^\n+/, '').replace(/\s+$/, '')}\n`;
    }
    return out;
  }
}

/** One template's text rendered with `dot` as `.` (and `$`): for checking the engine itself. */
export function renderTemplate(src: string, dot: Value): string {
  const engine = new Engine();
  return engine.run(engine.parse(src, 'inline'), { dot, vars: new Map([['$', dot]]) });
}

/** The evaluator: the definitions seen so far, and how a parsed template runs. */
class Engine {
  private readonly defines = new Map<string, Node[]>();

  parse(src: string, file: string): Node[] {
    return parse(src, file, this.defines);
  }

  run(nodes: Node[], scope: Scope): string {
    let out = '';
    for (const n of nodes) {
      if (n.t === 'text') out += n.text;
      else if (n.t === 'action') out += print(this.pipe(n.pipe, scope));
      else if (n.t === 'if') out += this.run(truthy(this.pipe(n.pipe, scope)) ? n.then : n.else, scope);
      else {
        const over = this.pipe(n.pipe, scope);
        const entries: Array<[Value, Value]> = Array.isArray(over)
          ? over.map((v, i) => [i, v])
          : isMap(over)
            ? Object.keys(over)
                .sort()
                .map((k) => [k, over[k]])
            : [];
        for (const [k, v] of entries) {
          const vars = new Map(scope.vars);
          if (n.keyVar) vars.set(n.keyVar, k);
          if (n.valueVar) vars.set(n.valueVar, v);
          out += this.run(n.body, { dot: v, vars });
        }
      }
    }
    return out;
  }

  private pipe(p: Pipe, scope: Scope): Value {
    let acc: Value;
    p.forEach((cmd, i) => {
      acc = this.command(cmd, scope, i === 0 ? [] : [acc]);
    });
    return acc;
  }

  private command(cmd: Operand[], scope: Scope, piped: Value[]): Value {
    const [head, ...rest] = cmd;
    if (head!.k === 'ident') {
      const args = [...rest.map((o) => this.operand(o, scope)), ...piped];
      return this.call(head!.name, args);
    }
    if (rest.length > 0 || piped.length > 0) throw new TemplateError('only a function takes arguments');
    return this.operand(head!, scope);
  }

  private operand(o: Operand, scope: Scope): Value {
    if (o.k === 'lit') return o.v;
    if (o.k === 'paren') return this.pipe(o.pipe, scope);
    if (o.k === 'ident') return this.call(o.name, []);
    let v: Value;
    if (o.base === 'dot') v = scope.dot;
    else if (scope.vars.has(o.base)) v = scope.vars.get(o.base);
    else throw new TemplateError(`undefined variable ${o.base}`);
    for (const key of o.path) {
      if (!isMap(v)) throw new TemplateError(`nil pointer evaluating .${o.path.join('.')}`);
      v = v[key];
    }
    return v;
  }

  private call(name: string, a: Value[]): Value {
    const str = (v: Value) => print(v);
    switch (name) {
      case 'include': {
        const body = this.defines.get(String(a[0]));
        if (!body) throw new TemplateError(`no template "${String(a[0])}"`);
        return this.run(body, { dot: a[1], vars: new Map([['$', a[1]]]) });
      }
      case 'toYaml':
        return a[0] === undefined || a[0] === null
          ? 'null'
          : dump(a[0], { sortKeys: true, seqNoIndent: true, lineWidth: -1, quoteStyle: 'double' }).replace(/\n$/, '');
      case 'indent':
        return ' '.repeat(Number(a[0])) + str(a[1]).replaceAll('\n', `\n${' '.repeat(Number(a[0]))}`);
      case 'nindent':
        return `\n${' '.repeat(Number(a[0]))}${str(a[1]).replaceAll('\n', `\n${' '.repeat(Number(a[0]))}`)}`;
      case 'quote':
        return a
          .filter((v) => v !== undefined && v !== null)
          .map((v) => JSON.stringify(str(v)))
          .join(' ');
      case 'default':
        return truthy(a[1]) ? a[1] : a[0];
      case 'required':
        if (a[1] === undefined || a[1] === null || a[1] === '') throw new TemplateError(String(a[0]));
        return a[1];
      case 'trunc':
        return str(a[1]).slice(0, Number(a[0]));
      case 'trimSuffix':
        return str(a[1]).endsWith(str(a[0])) ? str(a[1]).slice(0, -str(a[0]).length || undefined) : str(a[1]);
      case 'not':
        return !truthy(a[0]);
      case 'and':
        return a.find((v) => !truthy(v)) ?? a.at(-1);
      case 'or':
        return a.find((v) => truthy(v)) ?? a.at(-1);
      case 'eq':
        return a.slice(1).some((v) => v === a[0]);
      default:
        throw new TemplateError(`function "${name}" is not supported here`);
    }
  }
}

/** Helm's values merge: maps merge key by key, anything else is replaced. */
export function merge(base: Record<string, Value>, over: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isMap(v) && isMap(out[k]) ? merge(out[k] as Record<string, Value>, v) : v;
  return out;
}

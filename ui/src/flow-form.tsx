/**
 * A step's parameter form, made from the flow schema itself (the SDK's TypeBox `Step` union, the
 * same schema the OpenAPI document publishes): a select for an enum, a step picker for an edge
 * (a step id, "stop" for null, or "next in order" when absent), a checkbox for a boolean, a
 * number for an integer, rows for an array of objects, JSON for free-form records.
 */
import { useState } from 'preact/hooks';
import { Step } from '../../sdk/schema.js';

type Schema = {
  type?: string;
  enum?: string[];
  const?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  patternProperties?: Record<string, Schema>;
  description?: string;
};
type Obj = Record<string, unknown>;

const BY_KIND: Record<string, Schema> = Object.fromEntries(
  (Step as unknown as { anyOf: Schema[] }).anyOf.map((s) => [s.properties!.kind!.const!, s]),
);
export const KINDS = Object.keys(BY_KIND);
export const schemaOf = (kind: string): Schema | undefined => BY_KIND[kind];

const isEdge = (s: Schema): boolean =>
  Array.isArray(s.anyOf) && s.anyOf.length === 2 && s.anyOf.some((a) => a.type === 'null') && s.anyOf.some((a) => a.type === 'string');
const LONG = new Set(['prompt', 'system', 'value', 'input', 'target', 'proposal']);
const NEXT = '\u0000next';
const STOP = '\u0000stop';

/** The smallest valid-shaped step of a kind: its required parameters with empty values. */
export function newStep(kind: string, id: string): Obj {
  const s = BY_KIND[kind]!;
  const step: Obj = { id, kind };
  for (const p of s.required ?? []) {
    if (p === 'id' || p === 'kind') continue;
    const ps = s.properties![p]!;
    if (ps.enum) step[p] = ps.enum[0];
    else if (ps.type === 'array') step[p] = [blank(ps.items!)];
    else if (ps.anyOf?.some((a) => a.const)) step[p] = ps.anyOf.find((a) => a.const)!.const;
    else step[p] = '';
  }
  return step;
}

function blank(s: Schema): Obj {
  const o: Obj = {};
  for (const p of s.required ?? []) o[p] = isEdge(s.properties![p]!) ? null : '';
  return o;
}

/** Sets or removes one property, keeping the others where they were (the JSON keeps its key order). */
export function withProp(o: Obj, key: string, value: unknown): Obj {
  const out: Obj = {};
  let seen = false;
  for (const [k, v] of Object.entries(o)) {
    if (k !== key) out[k] = v;
    else if (value !== undefined) {
      out[k] = value;
      seen = true;
    } else seen = true;
  }
  if (!seen && value !== undefined) out[key] = value;
  return out;
}

interface FieldProps {
  name: string;
  label: string;
  schema: Schema;
  value: unknown;
  stepIds: string[];
  set: (v: unknown) => void;
  required: boolean;
  idBase: string;
}

function EdgeSelect({
  label,
  value,
  stepIds,
  set,
  idBase,
  optional,
}: {
  label: string;
  value: unknown;
  stepIds: string[];
  set: (v: unknown) => void;
  idBase: string;
  optional: boolean;
}) {
  const current = value === undefined ? NEXT : value === null ? STOP : String(value);
  return (
    <label for={idBase}>
      {label}
      <select
        id={idBase}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          set(v === NEXT ? undefined : v === STOP ? null : v);
        }}
      >
        {optional && (
          <option value={NEXT} selected={current === NEXT}>
            (next in order)
          </option>
        )}
        <option value={STOP} selected={current === STOP}>
          (stop)
        </option>
        {stepIds.map((id) => (
          <option key={id} value={id} selected={current === id}>
            → {id}
          </option>
        ))}
        {current !== NEXT && current !== STOP && !stepIds.includes(current) && (
          <option value={current} selected>
            → {current} (missing)
          </option>
        )}
      </select>
    </label>
  );
}

function JsonField({ label, value, set, idBase }: { label: string; value: unknown; set: (v: unknown) => void; idBase: string }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <label for={idBase}>
      {label} (JSON)
      <textarea
        id={idBase}
        rows={3}
        value={text}
        aria-invalid={bad}
        onInput={(e) => {
          const t = (e.target as HTMLTextAreaElement).value;
          setText(t);
          if (t.trim() === '') return (setBad(false), set(undefined));
          try {
            set(JSON.parse(t));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
    </label>
  );
}

function Field({ name, label, schema, value, stepIds, set, required, idBase }: FieldProps) {
  if (isEdge(schema)) return <EdgeSelect label={label} value={value} stepIds={stepIds} set={set} idBase={idBase} optional={!required} />;
  if (schema.enum || schema.anyOf?.every((a) => a.const !== undefined)) {
    const values = schema.enum ?? schema.anyOf!.map((a) => a.const!);
    return (
      <label for={idBase}>
        {label}
        <select id={idBase} onChange={(e) => set((e.target as HTMLSelectElement).value || undefined)}>
          {!required && <option value="">(none)</option>}
          {values.map((v) => (
            <option key={v} value={v} selected={value === v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (schema.type === 'boolean')
    return (
      <label for={idBase} class="check">
        <input
          id={idBase}
          type="checkbox"
          checked={value === true}
          onChange={(e) => set((e.target as HTMLInputElement).checked || undefined)}
        />
        {label}
      </label>
    );
  if (schema.type === 'integer' || schema.type === 'number')
    return (
      <label for={idBase}>
        {label}
        <input
          id={idBase}
          type="number"
          value={value === undefined ? '' : String(value)}
          onInput={(e) => {
            const t = (e.target as HTMLInputElement).value;
            set(t === '' ? undefined : Number(t));
          }}
        />
      </label>
    );
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const items = (Array.isArray(value) ? value : []) as Obj[];
    const props = schema.items.properties ?? {};
    return (
      <fieldset>
        <legend>{label}</legend>
        {items.map((item, i) => (
          <div class="row" key={i}>
            {Object.entries(props).map(([p, ps]) => (
              <Field
                key={p}
                name={p}
                label={p}
                schema={ps}
                value={item[p]}
                stepIds={stepIds}
                required={(schema.items!.required ?? []).includes(p)}
                idBase={`${idBase}-${i}-${p}`}
                set={(v) => set(items.map((x, j) => (j === i ? withProp(x, p, v) : x)))}
              />
            ))}
            <button type="button" aria-label={`Remove ${name} ${i + 1}`} onClick={() => set(items.filter((_, j) => j !== i))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set([...items, blank(schema.items!)])}>
          Add {name === 'options' ? 'option' : name === 'cases' ? 'case' : 'item'}
        </button>
      </fieldset>
    );
  }
  if (schema.type === 'string' || (schema.anyOf && schema.anyOf.every((a) => a.type === 'string' || a.type === 'number'))) {
    const text = value === undefined ? '' : String(value);
    const onInput = (e: Event): void => {
      const t = (e.target as HTMLInputElement).value;
      set(t === '' && !required ? undefined : t);
    };
    return (
      <label for={idBase}>
        {label}
        {LONG.has(name) ? (
          <textarea id={idBase} rows={3} value={text} onInput={onInput} />
        ) : (
          <input id={idBase} value={text} onInput={onInput} />
        )}
      </label>
    );
  }
  return <JsonField label={label} value={value} set={set} idBase={idBase} />;
}

/** The form of one step: every property its kind's schema has, but its kind. */
export function StepForm({ step, stepIds, onChange }: { step: Obj; stepIds: string[]; onChange: (s: Obj) => void }) {
  const schema = BY_KIND[String(step.kind)];
  if (!schema) return <p class="error">Unknown step kind {String(step.kind)}: edit it in the JSON view.</p>;
  const required = schema.required ?? [];
  const others = stepIds.filter((id) => id !== step.id);
  return (
    <div class="step-form">
      {Object.entries(schema.properties ?? {})
        .filter(([p]) => p !== 'kind')
        .map(([p, ps]) => (
          <Field
            key={p}
            name={p}
            label={p}
            schema={ps}
            value={step[p]}
            stepIds={others}
            required={required.includes(p)}
            idBase={`f-${p}`}
            set={(v) => onChange(withProp(step, p, v))}
          />
        ))}
    </div>
  );
}

/**
 * A flow drawn as SVG. Layout is dagre's: small, synchronous and dependency-free, so a graph of
 * a few dozen steps is placed in one call during render, with no worker, no promise and no
 * flash of an unplaced graph.
 */
import dagre from '@dagrejs/dagre';
import { useMemo } from 'preact/hooks';
import type { Flow } from '../../sdk/schema.js';
import { flowEdges } from './edges.js';

export type StepState = 'done' | 'parked' | 'failed' | 'resumed' | 'current' | 'reconcile' | undefined;

const W = 150;
const H = 44;

export interface GraphProps {
  flow: Pick<Flow, 'steps'>;
  /** Each step's state on the run, if any. */
  states?: Record<string, StepState>;
  /** Edges the run took, as `from→to`. */
  taken?: Set<string>;
  /** The step to ring (selected in the builder or on the run page). */
  selected?: string | undefined;
  /** Steps with a validator error. */
  errors?: Set<string>;
  onSelect?: (id: string) => void;
  label: string;
}

export function FlowGraph({ flow, states = {}, taken = new Set(), selected, errors = new Set(), onSelect, label }: GraphProps) {
  const layout = useMemo(() => {
    const g = new dagre.graphlib.Graph({ multigraph: true });
    g.setGraph({ rankdir: 'TB', nodesep: 30, ranksep: 46, marginx: 8, marginy: 8 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const s of flow.steps) g.setNode(s.id, { width: W, height: H });
    const edges = flowEdges(flow);
    edges.forEach((e, i) =>
      g.setEdge(e.from, e.to, { label: e.port, width: Math.min(e.port.length * 6.5, 120), height: 14, labelpos: 'c' }, `e${i}`),
    );
    dagre.layout(g);
    const gg = g.graph();
    return {
      width: (gg.width ?? 0) + 16,
      height: (gg.height ?? 0) + 16,
      nodes: flow.steps.map((s) => ({ step: s, ...g.node(s.id) })),
      edges: edges.map((e, i) => ({ ...e, ...g.edge({ v: e.from, w: e.to, name: `e${i}` }) })),
    };
  }, [JSON.stringify(flow.steps)]);

  return (
    <svg
      class="graph"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="img"
      aria-label={label}
    >
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
        </marker>
      </defs>
      {layout.edges.map((e) => {
        const pts = (e.points ?? []) as { x: number; y: number }[];
        const d = pts.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
        const on = taken.has(`${e.from}→${e.to}`);
        return (
          <g key={`${e.from}-${e.to}-${e.port}`} class={on ? 'edge taken' : 'edge'} data-edge={`${e.from}->${e.to}`}>
            <path d={d} marker-end="url(#arrow)" />
            {e.x !== undefined && (
              <text x={e.x} y={(e.y ?? 0) + 4} text-anchor="middle">
                {e.port}
              </text>
            )}
          </g>
        );
      })}
      {layout.nodes.map((n) => {
        const st = states[n.step.id];
        const cls = ['node', st ? `st-${st}` : '', selected === n.step.id ? 'selected' : '', errors.has(n.step.id) ? 'invalid' : ''].join(
          ' ',
        );
        return (
          <g
            key={n.step.id}
            class={cls}
            data-step={n.step.id}
            data-state={st ?? 'none'}
            transform={`translate(${(n.x - W / 2).toFixed(1)},${(n.y - H / 2).toFixed(1)})`}
            onClick={onSelect ? () => onSelect(n.step.id) : undefined}
          >
            <rect width={W} height={H} rx="6" />
            <text x={W / 2} y="18" text-anchor="middle" class="id">
              {n.step.id.length > 20 ? `${n.step.id.slice(0, 19)}…` : n.step.id}
            </text>
            <text x={W / 2} y="34" text-anchor="middle" class="kind">
              {n.step.kind}
              {st ? ` · ${st}` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

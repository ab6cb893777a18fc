/**
 * The first-party template catalog (`GET /flows/templates`). Each template is a valid flow (a
 * unit test validates them all); an operator saves one with `POST /flows` to use it.
 */
import type { Flow } from '../schemas/flows.js';

export interface Template {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly flow: Flow;
}

export const TEMPLATES: readonly Template[] = [
  {
    id: 'treasury-pulse',
    title: 'Treasury pulse',
    description:
      'After each epoch streams allowances: read pending intents and the org tree, summarize, and escalate a top-up when intents pile up.',
    flow: {
      id: 'treasury-pulse',
      title: 'Treasury pulse',
      trigger: 'epoch',
      scope: { level: 'org' },
      steps: [
        { id: 'intents', kind: 'tool', tool: 'svc_pending_intents' },
        { id: 'org', kind: 'tool', tool: 'svc_org_tree' },
        {
          id: 'summary',
          kind: 'model',
          prompt: 'Summarize the treasury state for the crew. Pending intents: {{steps.intents.json}}. Org: {{steps.org.json}}.',
        },
        {
          id: 'backlog',
          kind: 'branch',
          input: '{{steps.intents.json.intents.length}}',
          op: 'gt',
          value: 10,
          onTrue: 'topup',
          onFalse: null,
        },
        {
          id: 'topup',
          kind: 'budget',
          action: 'raise-grant',
          params: { reason: '{{steps.summary.text}}' },
          onAllow: null,
          onEscalate: null,
          onDeny: null,
        },
      ],
    },
  },
  {
    id: 'spend-with-approval',
    title: 'Spend with human approval',
    description: 'Propose a spend; when policy escalates, ask a person before anything else happens.',
    flow: {
      id: 'spend-with-approval',
      title: 'Spend with human approval',
      trigger: 'manual',
      steps: [
        {
          id: 'propose',
          kind: 'gate',
          value: '{{input.value}}',
          target: '{{input.target}}',
          onAllow: 'done',
          onEscalate: 'ask',
          onDeny: 'denied',
        },
        {
          id: 'ask',
          kind: 'human',
          prompt: 'Policy escalated a spend of {{input.value}} to {{input.target}}. Approve?',
          options: [
            { id: 'approve', label: 'Approve', port: 'done' },
            { id: 'reject', label: 'Reject', port: 'denied' },
          ],
          timeoutMs: 3_600_000,
          timeoutPort: 'denied',
        },
        { id: 'done', kind: 'tool', tool: 'svc_echo', args: { text: 'spend cleared: {{steps.propose.verdict}}' }, next: null },
        { id: 'denied', kind: 'tool', tool: 'svc_echo', args: { text: 'spend not made' }, next: null },
      ],
    },
  },
  {
    id: 'triage-and-delegate',
    title: 'Triage and delegate',
    description: 'Classify a request with the model and hand it to the matching agent.',
    flow: {
      id: 'triage-and-delegate',
      title: 'Triage and delegate',
      trigger: 'manual',
      steps: [
        { id: 'classify', kind: 'model', prompt: 'Answer with one word, research or ops: {{input}}' },
        {
          id: 'route',
          kind: 'switch',
          input: '{{steps.classify.text}}',
          cases: [
            { equals: 'research', port: 'research' },
            { equals: 'ops', port: 'ops' },
          ],
          onDefault: 'ops',
        },
        { id: 'research', kind: 'agent', agent: 'researcher', prompt: '{{input}}', next: null },
        { id: 'ops', kind: 'agent', agent: 'operator-agent', prompt: '{{input}}', next: null },
      ],
    },
  },
];

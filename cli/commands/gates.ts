/**
 * `svc gates [--status]`, `svc gates answer <questionId> <option>` and `svc messages [--thread]`.
 * An answer is a message replying to the question (there is no route that resolves a gate), so
 * it is always given as the seat the caller's token names; the gate actor decides whether it counts.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { api, apiOk, CliError, refused, type ClientEnv } from '../client.js';
import { printList, printResult, type Column } from '../output.js';
import { GATE_STATUSES } from '../../schemas/gate-statuses.js';
import type { GateList, GateView, MessageList, MessageView, PostMessageReply } from '../../schemas/gates.js';
import { relativeTime } from '../time.js';

/** The filter takes the API's own status names, the ones the STATUS column shows, plus `all`. */
const STATUS_FILTERS = [...GATE_STATUSES, 'all'] as const;
// Words the CLI took before it spoke the API's names: still understood, no longer offered.
const FORMER: Record<string, string> = { pending: 'open', answered: 'resolved' };

export function gateStatusOption(): Option {
  return new Option('--status <status>', 'which gates: by status, or all')
    .choices(STATUS_FILTERS)
    .argParser((value: string) => {
      const status = FORMER[value] ?? value;
      if (!(STATUS_FILTERS as readonly string[]).includes(status)) throw new InvalidArgumentError(`choose ${STATUS_FILTERS.join(', ')}`);
      return status;
    })
    .default('open');
}

export const GATE_COLUMNS: Column<GateView>[] = [
  { header: 'question', value: (g) => g.questionId, max: 40 },
  { header: 'status', value: (g) => g.status },
  { header: 'run', value: (g) => g.runId, max: 48 },
  { header: 'step', value: (g) => g.stepId },
  { header: 'assignee', value: (g) => g.assignee ?? 'any human' },
  { header: 'options', value: (g) => g.options.map((o) => o.id) },
  { header: 'deadline', value: (g) => relativeTime(g.deadlineAt) },
  { header: 'prompt', value: (g) => g.prompt },
  { header: 'deadline at', value: (g) => g.deadlineAt, wide: true },
  { header: 'thread', value: (g) => g.thread, wide: true },
  { header: 'principal', value: (g) => g.principal, wide: true },
  { header: 'answered by', value: (g) => (g.answeredBy ? `${g.answeredBy} (${g.optionId})` : undefined), wide: true },
];

const MESSAGE_COLUMNS: Column<MessageView>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'at', value: (m) => relativeTime(m.createdAt) },
  { header: 'author', value: (m) => `${m.author} (${m.authorKind})` },
  { header: 'kind', value: (m) => m.kind },
  { header: 'question', value: (m) => m.questionId ?? m.replyTo, max: 40 },
  { header: 'outcome', value: (m) => m.outcome },
  { header: 'body', value: (m) => m.body, max: 100 },
];

/** Why an answer did not resolve the question, for the one line on stderr. */
function refusal(reply: PostMessageReply, questionId: string, option: string): string {
  const g = reply.gate!;
  switch (g.outcome) {
    case 'not_an_option':
      return `"${option}" is not an option of question ${questionId} (it stays open and is asked again; svc gates lists the options)`;
    case 'agent_reply':
      return `${reply.message.author} is an agent seat: only a human answers a gate (recorded as agent_reply; the question stays open)`;
    case 'not_open':
      return `question ${questionId} is no longer open (${g.status}${g.optionId ? `, answered ${g.optionId}` : ''}); nothing changed`;
    default:
      return `question ${questionId}: ${g.outcome}`;
  }
}

export function registerGateCommands(program: Command, env: ClientEnv): void {
  const gates = program
    .command('gates')
    .description('lists the human gates (questions a run waits on) you may see, open ones by default; answer one with svc gates answer')
    .addOption(gateStatusOption())
    .option('--run <runId>', 'only the gates of this run')
    .action(async (o: { status: string; run?: string }, cmd: Command) => {
      const qs = new URLSearchParams({ status: o.status, ...(o.run ? { runId: o.run } : {}) });
      const body = await apiOk<GateList>(env, 'GET', `/flows/gates?${qs}`);
      printList(cmd, body, body.gates, GATE_COLUMNS, `(no ${o.status} gates)`);
    });

  gates
    .command('answer <questionId> <option>')
    .description("answers a gate with one of its options, as your token's seat; the run resumes; exits 1 unless the gate resolved")
    .action(async (questionId: string, option: string, _o, cmd: Command) => {
      const res = await api<PostMessageReply>(env, 'POST', '/messages', {
        replyTo: questionId,
        body: option,
      });
      if (res.status < 200 || res.status >= 300) {
        const invalid = (res.body as { error?: string } | undefined)?.error === 'invalid_request';
        throw refused(res, 'POST', '/messages', invalid ? ` (is ${questionId} a question id from svc gates?)` : '');
      }
      const reply = res.body;
      if (!reply.gate) throw new CliError(`no question ${questionId}: the message was stored as a note`);
      if (reply.gate.outcome !== 'resolved') throw new CliError(refusal(reply, questionId, option));
      printResult(cmd, reply, `question ${questionId} answered ${reply.gate.optionId} as ${reply.message.author}; the run resumes`);
    });

  program
    .command('messages')
    .description('reads a message thread, oldest first: your own (agent:<seat>) unless --thread')
    .option('--thread <thread>', 'e.g. agent:<seat> (the operator reads any)')
    .option('--limit <n>', 'the last this many', '50')
    .option('--after <id>', 'only messages after this id')
    .action(async (o: { thread?: string; limit: string; after?: string }, cmd: Command) => {
      const qs = new URLSearchParams({ limit: o.limit, ...(o.thread ? { thread: o.thread } : {}), ...(o.after ? { after: o.after } : {}) });
      const body = await apiOk<MessageList>(env, 'GET', `/messages?${qs}`);
      printList(cmd, body, body.messages, MESSAGE_COLUMNS, `(no messages in ${body.thread})`);
    });
}

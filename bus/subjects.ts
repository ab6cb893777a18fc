/**
 * Every subject, stream, consumer and bucket name is built here and nowhere else. A prefix
 * (`svc` by default) namespaces them so tests and second runtimes never see each other's traffic.
 */
/** The actors this build runs (a name with no actor would be a consumer nobody serves). */
export const ACTORS = ['run', 'gate', 'trigger', 'heartbeat', 'mcp', 'clock', 'ops', 'chain'] as const;
export type ActorName = (typeof ACTORS)[number];

export function isActorName(s: string): s is ActorName {
  return (ACTORS as readonly string[]).includes(s);
}

export interface Names {
  readonly prefix: string;
  /** `svc.cmd.<actor>.<verb>` */
  command(actor: ActorName, verb: string): string;
  /** `svc.cmd.<actor>.>`: the filter of one actor's work-queue consumer. */
  commandFilter(actor: ActorName): string;
  /** `svc.evt.<EventType>` */
  event(type: string): string;
  /** `svc.evt.>` or `svc.evt.<filter>`: what an operator tails. */
  eventFilter(filter?: string): string;
  /** `svc.rpc.<name>`: core request/reply for answers that are not durable work. */
  rpc(name: string): string;
  /** `_INBOX.svc.<id>`-style reply subject for replies to durable commands. */
  replyInbox(id: string): string;
  /** `svc.dlq.<actor>.<verb>`: a command that ended in a terminal error, kept for an operator. */
  deadLetter(actor: string, verb: string): string;
  /** `svc.nak.<seq>`: how often the dispatcher itself nak'd the command at that stream sequence. */
  nakMark(seq: number): string;
  readonly commandStream: string;
  readonly eventStream: string;
  readonly deadLetterStream: string;
  /** One message per nak'd command (its latest count), so a redelivery tells a nak from a crash. */
  readonly nakStream: string;
  consumer(actor: ActorName): string;
  /** `_INBOX.svc_<role>`: a role's replies and pulled messages, which NATS permissions can give
   * that role alone (deploy/nats/permissions.conf). */
  inbox(role: string): string;
}

export function names(prefix = 'svc'): Names {
  const up = prefix.toUpperCase();
  return {
    prefix,
    command: (actor, verb) => `${prefix}.cmd.${actor}.${verb}`,
    commandFilter: (actor) => `${prefix}.cmd.${actor}.>`,
    event: (type) => `${prefix}.evt.${type}`,
    eventFilter: (filter) => (filter === undefined || filter === '' || filter === '>' ? `${prefix}.evt.>` : `${prefix}.evt.${filter}`),
    rpc: (name) => `${prefix}.rpc.${name}`,
    replyInbox: (id) => `${prefix}.reply.${id}`,
    deadLetter: (actor, verb) => `${prefix}.dlq.${actor}.${verb}`,
    nakMark: (seq) => `${prefix}.nak.${seq}`,
    commandStream: `${up}_CMD`,
    eventStream: `${up}_EVT`,
    deadLetterStream: `${up}_DLQ`,
    nakStream: `${up}_NAK`,
    consumer: (actor) => `${prefix}_${actor}`,
    inbox: (role) => `_INBOX.${prefix}_${role}`,
  };
}

/** NATS-style subject match: `*` is one token, a trailing `>` is one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}

/**
 * The human's authority from the command line (docs/chain.md "The root's authority"):
 * `svc root challenge <action> <subject>`, `svc root approve|deny <intentId> [--proof <file|->]`,
 * `svc root confirm <intentId> <txHash>` (a multisig root's transaction sent outside svc),
 * `svc sessions revoke|rotate <sessionId> [--proof <file|->]`, and the development credentials
 * `svc root passkey-dev keygen|sign` and `svc root wallet-dev sign`.
 *
 * A proof file is what the signers print: `{challenge, rootProof}`. Tables by default, `--json` the
 * answer as is; a refusal is the API's code and message on stderr and exit 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { api, apiOk, CliError, refused, type ClientEnv } from '../client.js';
import { EXIT_USAGE } from '../errors.js';
import { printDocument, printFields, wantsDocument } from '../output.js';
import type { DevPasskey } from '../../identity/root-auth/dev-credentials.js';
import type { IntentConfirmation, IntentResolution } from '../../schemas/intents.js';
import type { ChallengeReply, RevokeSessionReply, RotateSessionReply } from '../../schemas/root-auth.js';
import { ROOT_ACTIONS } from '../../schemas/root-actions.js';

/** The development signers load viem and the WebAuthn encoders: only the commands that sign pay for them. */
const devCredentials = () => import('../../identity/root-auth/dev-credentials.js');

/** A JSON document from a file, or from stdin for `-`. */
function readJson(source: string, what: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(source === '-' ? 0 : source, 'utf8');
  } catch (err) {
    throw new CliError(
      `cannot read ${what} from ${source === '-' ? 'stdin' : source}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
      EXIT_USAGE,
    );
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new CliError(`${what} is not a JSON object`, EXIT_USAGE);
  }
}

/** `{challenge, rootProof}` from a proof file, or nothing without --proof. */
function proofOf(o: { proof?: string }): { challenge?: unknown; rootProof?: unknown } {
  if (o.proof === undefined) return {};
  const p = readJson(o.proof, 'the proof');
  if (typeof p.challenge !== 'string' || typeof p.rootProof !== 'object')
    throw new CliError('a proof file holds {challenge, rootProof} (what `svc root passkey-dev sign` or a signer prints)', EXIT_USAGE);
  return { challenge: p.challenge, rootProof: p.rootProof };
}

function printResolution(cmd: Command, r: IntentResolution): void {
  printFields(cmd, r, [
    ['intent', `${r.intentId} (${r.asset})`],
    ['outcome', r.outcome],
    ['approved', r.approved ? 'yes' : 'no'],
    ['approver', r.approver],
    ['authorized by', r.authorizedBy],
    ['now awaits', r.awaitingApprover],
    ['reason', r.reason],
    ['tx', r.txHash],
  ]);
}

export function registerRootCommands(program: Command, env: ClientEnv): void {
  const root = program.command('root').description("the human root's authority: challenges, proofs, approvals at root depth");

  root
    .command('challenge')
    .description(`asks for a single-use challenge (5 minutes) for one action on one subject; actions: ${ROOT_ACTIONS.join(', ')}`)
    .argument('<action>', ROOT_ACTIONS.join(' | '))
    .argument('<subject>', 'the intent id or the session id')
    .option('--asset <symbol>', 'the asset router of an intent (default the primary)')
    .action(async (action: string, subject: string, o: { asset?: string }, cmd: Command) => {
      if (!(ROOT_ACTIONS as readonly string[]).includes(action))
        throw new CliError(`unknown action ${action}: one of ${ROOT_ACTIONS.join(', ')}`, EXIT_USAGE);
      const body = await apiOk<ChallengeReply>(env, 'POST', '/root-auth/challenge', {
        action,
        subject,
        ...(o.asset ? { asset: o.asset } : {}),
      });
      printFields(cmd, body, [
        ['required', body.required ? 'yes' : 'no'],
        ['action', body.action],
        ['subject', body.asset ? `${body.subject} (${body.asset})` : body.subject],
        ['awaits', body.awaitingApprover],
        ['kind', body.kind],
        ['challenge', body.challenge],
        ['expires', body.expiresAt],
        ['statement', body.statement?.replace(/\n/g, ' | ')],
      ]);
    });

  for (const [name, approved] of [
    ['approve', true],
    ['deny', false],
  ] as const) {
    root
      .command(name)
      .description(
        `${name === 'approve' ? 'approves' : 'denies'} a pending intent as the seat it waits on; at root depth with a root configured, with a proof`,
      )
      .argument('<intentId>')
      .option('--asset <symbol>', 'the asset router (default the primary)')
      .option('--proof <file>', 'the {challenge, rootProof} a signer printed for intent:' + name + ' on this intent (- reads stdin)')
      .action(async (intentId: string, o: { asset?: string; proof?: string }, cmd: Command) => {
        const path = '/intents/resolve';
        const res = await api<IntentResolution>(env, 'POST', path, {
          intentId,
          approved,
          ...(o.asset ? { asset: o.asset } : {}),
          ...proofOf(o),
        });
        const unsigned = res.body as unknown as { error?: string; transaction?: unknown };
        // A multisig root with no relayer: the signed transaction is the answer, for the operator to send.
        if (res.status === 409 && unsigned.error === 'multisig_exec_unsigned') printDocument(cmd, unsigned);
        if (res.status < 200 || res.status >= 300) throw refused(res, 'POST', path);
        printResolution(cmd, res.body);
      });
  }

  root
    .command('confirm')
    .description("records a multisig root's resolution once its transaction landed (the one an unsigned approval answered)")
    .argument('<intentId>')
    .argument('<txHash>', 'the hash of the multisig transaction that resolved it')
    .option('--deny', 'the transaction denied the intent (default: approved)')
    .option('--asset <symbol>', 'the asset router (default the primary)')
    .action(async (intentId: string, txHash: string, o: { deny?: boolean; asset?: string }, cmd: Command) => {
      const body = await apiOk<IntentConfirmation>(env, 'POST', '/intents/confirm', {
        intentId,
        approved: o.deny !== true,
        txHash,
        ...(o.asset ? { asset: o.asset } : {}),
      });
      printFields(cmd, body, [
        ['confirmed', body.confirmed ? 'yes' : 'no'],
        ['intent', `${body.intentId} (${body.asset})`],
        ['still awaits', body.awaitingApprover],
        ['reason', body.reason],
        ['outcome', body.outcome],
        ['approver', body.approver],
        ['authorized by', body.authorizedBy],
        ['tx', body.txHash],
      ]);
    });

  const passkey = root
    .command('passkey-dev')
    .description('a software passkey for trying the passkey root without a browser (development only)');
  passkey
    .command('keygen')
    .description('creates a P-256 credential file (mode 0600) and prints the four SVC_ROOT_PASSKEY_* settings for it')
    .requiredOption('--out <file>', 'where to write the credential (it holds the private key)')
    .option('--rp-id <host>', 'relying party id', 'localhost')
    .option('--origin <origin>', 'the origin assertions claim', 'http://localhost:8788')
    .action(async (o: { out: string; rpId: string; origin: string }, cmd: Command) => {
      const { passkeyKeygen, passkeyEnv } = await devCredentials();
      const cred = passkeyKeygen(o.rpId, o.origin);
      writeFileSync(o.out, `${JSON.stringify(cred, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      const vars = passkeyEnv(cred);
      if (wantsDocument(cmd)) return printDocument(cmd, vars);
      process.stdout.write(
        `${Object.entries(vars)
          .map(([k, v]) => `export ${k}=${v}`)
          .join('\n')}\n`,
      );
    });
  passkey
    .command('sign')
    .description('signs a challenge (the --json answer of `svc root challenge`) into a WebAuthn assertion; prints {challenge, rootProof}')
    .requiredOption('--credential <file>', 'the file `keygen` wrote')
    .option('--challenge <file>', 'the challenge answer (- or absent: stdin)', '-')
    .action(async (o: { credential: string; challenge: string }) => {
      const cred = readJson(o.credential, 'the credential') as unknown as DevPasskey;
      const challenge = readJson(o.challenge, 'the challenge').challenge;
      if (typeof challenge !== 'string')
        throw new CliError('the challenge answer holds no challenge (required: false needs no proof)', EXIT_USAGE);
      const { passkeyAssert } = await devCredentials();
      process.stdout.write(`${JSON.stringify({ challenge, rootProof: passkeyAssert(cred, challenge) }, null, 2)}\n`);
    });

  root
    .command('wallet-dev')
    .description('a wallet signer for trying the wallet root without a wallet app (development only)')
    .command('sign')
    .description("personal_signs a challenge's statement (the --json answer of `svc root challenge`); prints {challenge, rootProof}")
    .option('--key-file <file>', 'a file holding the 0x-prefixed private key')
    .option('--key-env <variable>', 'the name of an environment variable holding it')
    .option('--challenge <file>', 'the challenge answer (- or absent: stdin)', '-')
    .action(async (o: { keyFile?: string; keyEnv?: string; challenge: string }) => {
      const raw =
        o.keyFile !== undefined ? readFileSync(o.keyFile, 'utf8').trim() : o.keyEnv !== undefined ? process.env[o.keyEnv] : undefined;
      if (raw === undefined || !/^0x[0-9a-fA-F]{64}$/.test(raw))
        throw new CliError('give the key with --key-file <file> or --key-env <variable>: 0x and 64 hex digits', EXIT_USAGE);
      const answer = readJson(o.challenge, 'the challenge');
      if (typeof answer.challenge !== 'string' || typeof answer.statement !== 'string')
        throw new CliError('the challenge answer holds no wallet statement (is the root SVC_ROOT_AUTH=wallet?)', EXIT_USAGE);
      const { walletSign } = await devCredentials();
      const rootProof = await walletSign(raw as `0x${string}`, answer.statement);
      process.stdout.write(`${JSON.stringify({ challenge: answer.challenge, rootProof }, null, 2)}\n`);
    });
}

/** `svc sessions revoke|rotate`, under the `sessions` listing. */
export function registerSessionAdminCommands(sessions: Command, env: ClientEnv): void {
  sessions
    .command('revoke')
    .description('revokes one session key: with a root configured, with a proof for session:revoke, or --containment')
    .argument('<sessionId>')
    .option('--proof <file>', 'the {challenge, rootProof} a signer printed (- reads stdin)')
    .option('--containment', 'automated narrowing: no proof, recorded authorizedBy containment')
    .action(async (sessionId: string, o: { proof?: string; containment?: boolean }, cmd: Command) => {
      const body = await apiOk<RevokeSessionReply>(env, 'POST', '/sessions/revoke', {
        sessionId,
        ...(o.containment ? { containment: true } : {}),
        ...proofOf(o),
      });
      printFields(cmd, body, [
        ['revoked', body.sessionId],
        ['agent', body.agent],
        ['key', body.key],
        ['authorized by', body.authorizedBy],
        ['tx', body.txHash],
      ]);
    });
  sessions
    .command('rotate')
    .description('revokes a live key and re-issues its bounds read from the chain, each kept or narrowed (never wider)')
    .argument('<sessionId>')
    .option('--proof <file>', 'the {challenge, rootProof} a signer printed for session:rotate (- reads stdin)')
    .option('--max-value <baseUnits>', 'a lower maxValue')
    .option('--scopes <list>', 'fewer scopes: propose:intent,spend:whitelist')
    .option('--targets <list>', 'pin to these targets (a subset of the pinned ones)')
    .option('--expires-at <iso>', 'an earlier expiry')
    .option('--window <start-end>', 'a narrower UTC window, seconds of the day')
    .option('--rate <max/seconds>', 'a tighter rate limit')
    .action(
      async (
        sessionId: string,
        o: { proof?: string; maxValue?: string; scopes?: string; targets?: string; expiresAt?: string; window?: string; rate?: string },
        cmd: Command,
      ) => {
        const pair = (v: string, sep: string, what: string): [number, number] => {
          const [a, b] = v.split(sep).map(Number);
          if (!Number.isInteger(a) || !Number.isInteger(b)) throw new CliError(`${what} is two integers separated by ${sep}`, EXIT_USAGE);
          return [a!, b!];
        };
        const list = (v: string) =>
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
        const body = await apiOk<RotateSessionReply>(env, 'POST', '/sessions/rotate', {
          sessionId,
          ...proofOf(o),
          ...(o.maxValue !== undefined ? { maxValue: o.maxValue } : {}),
          ...(o.scopes !== undefined ? { scopes: list(o.scopes) } : {}),
          ...(o.targets !== undefined ? { targets: list(o.targets) } : {}),
          ...(o.expiresAt !== undefined ? { expiresAt: o.expiresAt } : {}),
          ...(o.window !== undefined ? (([start, end]) => ({ window: { start, end } }))(pair(o.window, '-', '--window')) : {}),
          ...(o.rate !== undefined
            ? (([maxActions, windowSeconds]) => ({ rateLimit: { maxActions, windowSeconds } }))(pair(o.rate, '/', '--rate'))
            : {}),
        });
        const b = body.bounds;
        printFields(cmd, body, [
          ['retired', body.retired],
          ['new session', body.sessionId],
          ['agent', body.agent],
          ['key', body.key],
          ['max value', b.maxValue],
          ['scopes', b.scopes.join(', ')],
          ['targets', b.targets.length ? b.targets.join(', ') : 'any'],
          ['expires', b.expiresAt],
          ['window', b.window && `UTC second ${b.window.start}-${b.window.end}`],
          ['rate', b.rateLimit && `${b.rateLimit.maxActions} per ${b.rateLimit.windowSeconds} s`],
          ['authorized by', body.authorizedBy],
        ]);
      },
    );
}

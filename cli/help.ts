/**
 * Help as people expect it: `svc help <group> <command>` (any depth) shows that command's help,
 * every command ends with examples, and `svc --help` says what the exit codes mean and where the
 * target comes from. The examples live here, keyed by command path, so the commands stay short.
 */
import type { Command } from 'commander';
import { CliError, EXIT_USAGE } from './errors.js';

export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  serve: ['svc serve                               # gateway and every actor, embedded bus and store'],
  gateway: ['NATS_URL=nats://127.0.0.1:4222 DATABASE_URL=postgres://... svc gateway'],
  worker: ['svc worker', 'svc worker --actors run,gate'],
  migrate: ['NATS_URL=nats://127.0.0.1:4222 DATABASE_URL=postgres://... svc migrate   # once per deploy, before the rollout'],
  health: ['svc health', 'svc health --json | jq .status'],
  usage: ['svc usage', 'svc usage --since 2026-01-01T00:00:00Z'],
  ping: ['svc ping'],
  'dlq list': ['svc dlq list --limit 10'],
  'dlq replay': ['svc dlq replay 42'],
  'events tail': ['svc events tail', 'svc events tail FlowRun', "svc events tail 'Human*'"],
  'mcp servers': ['svc mcp servers', 'svc mcp servers --as alice'],
  'mcp tools': ['svc mcp tools', 'svc mcp tools --as alice --json'],
  'mcp attach': [
    'svc mcp attach docs --endpoint https://mcp.example.com/mcp --token-env DOCS_TOKEN',
    'svc mcp attach fs --command /usr/local/bin/fs-server --arg=--root --arg /srv',
    'svc mcp attach crm --endpoint https://crm.example.com/mcp --oauth',
  ],
  'mcp login': ['svc mcp login crm'],
  'mcp diff': ['svc mcp diff docs.search'],
  'mcp approve': ['svc mcp approve docs.search', 'svc mcp approve docs.search --hash sha256:3f2a...'],
  'mcp detach': ['svc mcp detach docs'],
  'mcp refresh': ['svc mcp refresh'],
  'mcp ping': ['svc mcp ping docs'],
  'mcp call': ['svc mcp call svc_echo --args \'{"x":"y"}\'', 'svc mcp call docs.search --args \'{"q":"release"}\''],
  'mcp allow': [
    'svc mcp allow docs.search --effect read',
    'svc mcp allow docs.write --mode ask --scope crew:web',
    "svc mcp allow 'docs.file:///guide.md' --resource",
    'svc mcp allow docs.review --prompt',
  ],
  'mcp deny': ['svc mcp deny docs.*', 'svc mcp deny docs.delete --scope agent:bot', 'svc mcp deny docs.review --prompt --scope crew:web'],
  'mcp clear': ['svc mcp clear docs.search --scope agent:bot'],
  'mcp secret list': ['svc mcp secret list'],
  'mcp secret set': ['printf %s "$TOKEN" | svc mcp secret set docs-token', 'svc mcp secret set docs-token --from-env DOCS_TOKEN'],
  'mcp secret rm': ['svc mcp secret rm docs-token'],
  'flows templates': ['svc flows templates'],
  'flows list': ['svc flows list', 'svc flows list --json | jq -r ".flows[].id"'],
  'flows code': ['svc flows code hello > hello.ts'],
  'flows save': ['svc flows save hello.json', 'svc flows save hello.json --eval', 'cat hello.json | svc flows save -'],
  'flows delete': ['svc flows delete hello'],
  'flows run': [
    'svc flows run hello --input v1.2',
    'svc flows run --file hello.json --input \'{"repo":"acme/app"}\'',
    'svc flows run hello --follow --json',
  ],
  'flows follow': ['svc flows follow run-1234'],
  'flows runs': ['svc flows runs', 'svc flows runs --limit 5 --json'],
  'flows open': ['svc flows open'],
  'flows state': ['svc flows state run-1234', 'svc flows state run-1234 --json | jq .checkpoints'],
  'flows pause': ['svc flows pause run-1234 --reason "waiting for legal"'],
  'flows resume': ['svc flows resume run-1234'],
  'flows cancel': ['svc flows cancel run-1234 --reason superseded'],
  'flows gates': ['svc flows gates', 'svc flows gates --status resolved'],
  'flows eval': ['svc flows eval', 'svc flows eval --list', 'svc flows eval --id hello-ships --junit evals.xml'],
  'flows triggers create': [
    'svc flows triggers create on-push --field repo=repository.full_name',
    'svc flows triggers create on-push --scheme codehost --events push',
  ],
  'flows triggers list': ['svc flows triggers list'],
  'flows triggers deliveries': ['svc flows triggers deliveries', 'svc flows triggers deliveries trg-1234 --limit 10'],
  'flows triggers rotate': ['svc flows triggers rotate trg-1234'],
  'flows triggers enable': ['svc flows triggers enable trg-1234'],
  'flows triggers disable': ['svc flows triggers disable trg-1234'],
  'flows triggers delete': ['svc flows triggers delete trg-1234'],
  'flows triggers curl': ['printf %s "$SECRET" | svc flows triggers curl trg-1234 --body \'{"ref":"main"}\' > deliver.sh'],
  'agents pause': ['svc agents pause bot --reason "runaway spend"'],
  'agents unpause': ['svc agents unpause bot'],
  'crews eval': ['svc crews eval blueprint.json --junit crew.xml'],
  gates: ['svc gates', 'svc gates --status all --run run-1234'],
  'gates answer': ['svc gates answer 3f2c…-question-id yes'],
  messages: ['svc messages', 'svc messages --thread crew:web --limit 20'],
  'heartbeat presets': ['svc heartbeat presets'],
  'heartbeat list': ['svc heartbeat list'],
  'heartbeat show': ['svc heartbeat show web'],
  'heartbeat set': [
    'svc heartbeat set --crew web --schedule hourly --timezone Europe/Berlin --flow triage --enable',
    "svc heartbeat set --crew web --schedule '0 9 * * 1-5' --quiet-start 22:00 --quiet-end 07:00",
  ],
  'heartbeat on': ['svc heartbeat on web'],
  'heartbeat off': ['svc heartbeat off web'],
  'heartbeat run': ['svc heartbeat run web'],
  'heartbeat ticks': ['svc heartbeat ticks web --limit 10'],
  'heartbeat remove': ['svc heartbeat remove web'],
  'chain dev': ['svc chain dev', 'svc chain dev --org org.json --port 8545 --out deployment.json'],
  'chain status': ['svc chain status'],
  org: ['svc org'],
  intents: ['svc intents', 'svc intents --history'],
  policies: ['svc policies', 'svc policies --node 0xabc… --asset mUSD'],
  treasury: ['svc treasury'],
  sessions: ['svc sessions', 'svc sessions --history'],
  'root challenge': ['svc root challenge intent:approve 12 --json > challenge.json', 'svc root challenge session:revoke sess-3'],
  'root approve': [
    'svc root passkey-dev sign --credential root-passkey.json --challenge challenge.json > proof.json && svc root approve 12 --proof proof.json',
    'svc root approve 12            # open root (SVC_ROOT_AUTH unset) or manager depth',
  ],
  'root deny': ['svc root deny 12 --proof proof.json'],
  'root confirm': [
    "svc root confirm 12 0x5c0f…e2   # a multisig root's transaction, sent outside svc",
    'svc root confirm 12 0x5c0f…e2 --deny',
  ],
  'root passkey-dev keygen': ['svc root passkey-dev keygen --out root-passkey.json --rp-id localhost --origin http://localhost:8788'],
  'root passkey-dev sign': [
    'svc root challenge intent:approve 12 --json | svc root passkey-dev sign --credential root-passkey.json > proof.json',
  ],
  'root wallet-dev sign': ['svc root challenge intent:approve 12 --json | svc root wallet-dev sign --key-env ROOT_KEY > proof.json'],
  'sessions revoke': ['svc sessions revoke sess-3 --proof proof.json', 'svc sessions revoke sess-3 --containment'],
  'sessions rotate': ['svc sessions rotate sess-3 --proof proof.json --max-value 500000 --expires-at 2026-12-31T00:00:00Z'],
  'budgets show': ['svc budgets show', 'svc budgets show payments -o json'],
  'budgets set': ['svc budgets set payments --limit 25 --hard', 'svc budgets set treasurer --limit 2.50'],
  'budgets reset': ['svc budgets reset payments'],
  'budgets remove': ['svc budgets remove payments'],
  'wallets watchlist': ['svc wallets watchlist'],
  'wallets watchlist set': ['svc wallets watchlist set watchlist.json'],
  balances: ['svc balances'],
  epoch: ['svc epoch', 'svc epoch --asset mUSD'],
  tick: ['svc tick', 'svc tick --value 1000000'],
  'governance propose-node-stack': [
    'svc governance propose-node-stack 0xNODE --module whitelist --module spend_cap --module rate_limit:5/600',
    'svc governance propose-node-stack 0xNODE --module time_window:0-43200 --module whitelist --asset mUSD',
  ],
  'governance propose-set-whitelist': [
    'svc governance propose-set-whitelist 0xTARGET',
    'svc governance propose-set-whitelist 0xTARGET --remove --tier low',
  ],
  'governance propose-set-agent-cap': ['svc governance propose-set-agent-cap 0xAGENT 75000000'],
  'governance attach-policy-module': [
    'svc governance attach-policy-module 0xNODE listing.json',
    'svc governance attach-policy-module 0xNODE \'{"name":"office hours","kind":"time_window","params":{"start":0,"end":43200}}\'',
  ],
  'governance proposals': ['svc governance proposals', 'svc governance proposals --state Active --json'],
  'governance show': ['svc governance show 3'],
  'governance vote': ['svc governance vote 3 yes'],
  'governance veto': ['svc governance veto 3'],
  'governance execute': ['svc governance execute 3'],
  'context set': [
    'svc context set prod --url https://svc.example.com --token -   # token on stdin',
    'svc context set local --url http://127.0.0.1:8788',
  ],
  'context use': ['svc context use prod'],
  'context list': ['svc context list'],
  'context current': ['svc context current'],
  'context delete': ['svc context delete prod'],
  completion: [
    'source <(svc completion bash)        # in ~/.bashrc',
    'svc completion zsh > "${fpath[1]}/_svc"',
    'svc completion fish > ~/.config/fish/completions/svc.fish',
  ],
  help: ['svc help flows run'],
};

const PROGRAM_FOOTER = `
Target: --url and --token, else SVC_URL and SVC_ORCH_TOKEN, else the current context
(svc context), else http://127.0.0.1:8788. Output: tables with relative times; --json prints
the API's answer (exact ISO times). Colour only on a terminal; NO_COLOR or --no-color turn it off.

Exit codes:
  0  done
  1  the server refused or failed, could not be reached, or a run ended in error
  2  usage error: unknown command or option, missing or bad argument

Examples:
  $ svc flows run hello --input v1.2
  $ svc help flows run
  $ svc context set prod --url https://svc.example.com --token -
  $ source <(svc completion bash)
`;

/** Every command below `root`, with its path of names. */
export function walk(root: Command, path: string[] = []): { path: string[]; cmd: Command }[] {
  return root.commands.flatMap((c) => [{ path: [...path, c.name()], cmd: c }, ...walk(c, [...path, c.name()])]);
}

/** `help [command...]`, the examples after each command's help, and the program's footer. */
export function registerHelp(program: Command): void {
  program
    .command('help [command...]')
    .description('shows the help of a command at any depth, e.g. svc help flows run')
    .action((words: string[] = []) => {
      let at: Command = program;
      for (const w of words) {
        const next = at.commands.find((c) => c.name() === w || c.aliases().includes(w));
        if (!next) throw new CliError(`no command "${words.join(' ')}" (svc help lists the commands)`, EXIT_USAGE);
        at = next;
      }
      at.outputHelp();
    });
  for (const { path, cmd } of walk(program)) {
    const lines = EXAMPLES[path.join(' ')];
    if (lines) cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
  }
  program.addHelpText('after', PROGRAM_FOOTER);
}

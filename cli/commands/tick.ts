/**
 * `svc tick [--value]`: one tick of the agent loop (POST /tick). A row per worker: what it proposed
 * and what the chain made of it (paid, an intent for its parent, refused with nothing sent), or why
 * it proposed nothing.
 */
import type { Command } from 'commander';
import { apiOk, type ClientEnv } from '../client.js';
import { loadAssetUnits, formatAmount } from '../amounts.js';
import { renderTable, safeText, wantsDocument, printDocument } from '../output.js';
import type { TickReply } from '../../schemas/chain-sessions.js';

export function registerTickCommand(program: Command, env: ClientEnv): void {
  program
    .command('tick')
    .description(
      'runs one tick of the agent loop: each worker holding a session key proposes its standing spend, and the chain rules on it',
    )
    .option('--value <baseUnits>', 'the spend of every worker this tick, in base units (default one whole token)')
    .action(async (o: { value?: string }, cmd: Command) => {
      const body = await apiOk<TickReply>(env, 'POST', '/tick', o.value === undefined ? {} : { value: o.value });
      if (wantsDocument(cmd)) return printDocument(cmd, body);
      const unit = (await loadAssetUnits(env, cmd, true)).bySymbol(body.asset);
      const rows = [
        ...body.proposals.map((p) => ({
          agent: p.agent,
          value: formatAmount(p.value, unit),
          target: p.target,
          outcome: p.verdict,
          detail:
            p.verdict === 'ALLOW'
              ? `paid (tx ${p.txHash ?? '?'})`
              : p.verdict === 'ESCALATE'
                ? `intent ${p.intentId ?? '?'} awaits ${p.approver ?? '?'}`
                : `${p.reason ?? 'refused'}: nothing sent`,
        })),
        ...body.skipped.map((s) => ({ agent: s.agent, value: '', target: '', outcome: 'skipped', detail: s.reason })),
        ...body.failed.map((f) => ({ agent: f.agent, value: '', target: '', outcome: 'failed', detail: `${f.error}: ${f.message}` })),
      ];
      const head = safeText(`tick ${body.tickId}: ${formatAmount(body.value, unit)} per worker`);
      if (rows.length === 0) {
        process.stdout.write(`${head}\nno active worker in the org\n`);
        return;
      }
      const table = renderTable(rows, [
        { header: 'agent', value: (r) => r.agent },
        { header: 'value', value: (r) => r.value },
        { header: 'target', value: (r) => r.target },
        { header: 'outcome', value: (r) => r.outcome },
        { header: 'detail', value: (r) => r.detail, max: 100 },
      ]);
      process.stdout.write(`${head}\n${table}\n`);
    });
}

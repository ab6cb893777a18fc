/**
 * `svc epoch [--asset]`: runs the next epoch now (POST /epoch): the asset's streamer streams every
 * grant, then every `trigger: epoch` flow fires. The table is one row per flow run started; the
 * lines above it say which epoch ran, or why none did (a failed stream still fires the flows).
 */
import type { Command } from 'commander';
import { apiOk, type ClientEnv } from '../client.js';
import { renderTable, safeText, wantsDocument, printDocument } from '../output.js';
import type { EpochReply } from '../../schemas/triggers.js';

export function registerEpochCommand(program: Command, env: ClientEnv): void {
  program
    .command('epoch')
    .description('runs the next epoch now: streams the grants, then starts every flow triggered by the epoch')
    .option('--asset <symbol>', "the asset whose streamer runs (default the deployment's primary)")
    .action(async (o: { asset?: string }, cmd: Command) => {
      const body = await apiOk<EpochReply>(env, 'POST', '/epoch', o.asset === undefined ? {} : { asset: o.asset });
      if (wantsDocument(cmd)) return printDocument(cmd, body);
      const lines = [
        body.epoch !== undefined
          ? `epoch ${body.epoch} ran (tx ${body.txHash ?? 'unknown'}): ${body.streamed} grant(s) streamed`
          : body.streaming,
        ...(body.epochError !== undefined ? [`epoch error: ${body.epochError}`] : []),
        ...(body.flowRuns.length === 0 ? ['no trigger: epoch flow to fire'] : []),
      ].map(safeText);
      // The table's cells are made safe by renderTable itself.
      if (body.flowRuns.length)
        lines.push(
          renderTable(body.flowRuns, [
            { header: 'flow', value: (r) => r.flowId },
            { header: 'run', value: (r) => r.runId, max: 80 },
          ]),
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}

/**
 * Flows as code, with no server: the builder's output is a valid `Flow`, a mistake is refused
 * with the server's `invalid_flow` message, and a definition survives code generation ->
 * evaluation unchanged.
 */
import t from 'tap';
import { Value } from 'typebox/value';
import { Flow, InvalidFlowError, flow, flowCode, flowModule } from '@svc/sdk';

const evaluate = (code: string): unknown => new Function('flow', `return ${code}`)(flow) as unknown;

t.test('the builder gives a definition that validates with the Flow schema', async (t) => {
  const built = flow('pay-or-ask', { title: 'Pay or ask', trigger: 'manual' })
    .model('think', { prompt: 'Should we pay {{input}}?', next: 'pay' })
    .gate('pay', { value: '100', onAllow: null, onEscalate: 'ask', onDeny: null })
    .human('ask', { prompt: 'Pay?', options: [{ id: 'yes', label: 'Yes', port: null }] })
    .build();
  t.ok(Value.Check(Flow, built), 'Flow schema');
  t.strictSame(built, {
    id: 'pay-or-ask',
    title: 'Pay or ask',
    trigger: 'manual',
    steps: [
      { id: 'think', kind: 'model', prompt: 'Should we pay {{input}}?', next: 'pay' },
      { id: 'pay', kind: 'gate', value: '100', onAllow: null, onEscalate: 'ask', onDeny: null },
      { id: 'ask', kind: 'human', prompt: 'Pay?', options: [{ id: 'yes', label: 'Yes', port: null }] },
    ],
  });
});

t.test('a definition the server would refuse does not build', async (t) => {
  const err = (() => {
    try {
      flow('broken').model('think', { prompt: 'x', next: 'nowhere' }).build();
    } catch (e) {
      return e;
    }
  })();
  t.ok(err instanceof InvalidFlowError && err.code === 'invalid_flow', 'invalid_flow');
  t.match((err as Error).message, /step think: next points to a missing step "nowhere"/);
  t.throws(() => flow('empty').build(), /steps/, 'a flow needs a step');
});

t.test('strings that are not plain are kept exactly', async (t) => {
  const odd = 'quote " backslash \\ newline \n tab \t line-sep \u2028 ${not.interpolated} `tick` {{steps.a.text}}';
  const def = flow('odd', { title: odd }).model('a', { prompt: odd, system: '</script>' }).build();
  t.strictSame(evaluate(flowCode(def)), def);
});

t.test('a generated module imports the builder from the package by its name', async (t) => {
  const def = flow('m')
    .tool('e', { tool: 'svc_echo', args: { text: '{{input}}' } })
    .build();
  const mod = flowModule(def);
  t.match(mod, /^import \{ flow \} from '@svc\/sdk';\n\nexport default flow\("m"\)/);
  t.ok(mod.endsWith('  .build();\n'));
});

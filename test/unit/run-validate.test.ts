import t, { type Test } from 'tap';
import { validateFlow, validateFlowRepeated } from '../../flows/validate.js';
import { TEMPLATES } from '../../flows/templates.js';
import { AppError } from '../../schemas/errors.js';
import { InvalidFlowError, validateFlow as validateDefinition } from '@svc/sdk/flows';

function refusal(t: Test, flow: unknown, message: string): void {
  try {
    validateFlow(flow);
    t.fail(`accepted: ${JSON.stringify(flow)}`);
  } catch (err) {
    t.ok(err instanceof AppError, 'an AppError');
    const e = err as AppError;
    t.equal(e.code, 'invalid_flow');
    t.equal(e.status, 400);
    t.equal(e.message, message);
  }
}

const echo = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: 'tool', tool: 'svc_echo', ...extra });

t.test("the server answers a refusal as 400 invalid_flow with the flow language's own message", async (t) => {
  const bad = [
    { id: 'f', steps: [echo('x'), echo('x')] },
    { id: 'f', steps: [{ id: 'tl', kind: 'tool', tool: 'svc_nope' }] },
    { id: 'f', trigger: 'cron', schedule: '61 * * * *', steps: [echo('a')] },
    'not a flow',
  ];
  for (const flow of bad) {
    const sdk = (() => {
      try {
        validateDefinition(flow);
      } catch (err) {
        return err;
      }
    })();
    t.ok(sdk instanceof InvalidFlowError, 'the SDK refuses it');
    refusal(t, flow, (sdk as Error).message);
  }
});

t.test('every first-party template is a valid flow; treasury-pulse is epoch-triggered', async (t) => {
  t.ok(TEMPLATES.length >= 3);
  for (const tpl of TEMPLATES) {
    t.doesNotThrow(() => validateFlow(tpl.flow), tpl.id);
    t.equal(tpl.flow.id, tpl.id);
  }
  const pulse = TEMPLATES.find((x) => x.id === 'treasury-pulse');
  t.equal(pulse?.flow.trigger, 'epoch');
});

t.test('a repeated inline flow: a valid text is recognised, an invalid one is refused every time', async (t) => {
  const ok = () => JSON.parse(JSON.stringify({ id: 'again', steps: [echo('a'), echo('b')] }));
  const first = ok();
  t.equal(validateFlowRepeated(first), first, "the caller's own object");
  const second = ok();
  t.equal(validateFlowRepeated(second), second, 'a repeat returns its own object, not the first one');
  const bad = () => ({ id: 'again', steps: [echo('a'), echo('a')] });
  for (let i = 0; i < 2; i++) t.throws(() => validateFlowRepeated(bad()), /duplicate step id/);
  const changed = { id: 'again', steps: [echo('a'), echo('b', { next: 'nowhere' })] };
  t.throws(() => validateFlowRepeated(changed), /missing step/, 'a different text is validated afresh');
});

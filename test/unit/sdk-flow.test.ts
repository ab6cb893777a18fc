/**
 * Every first-party template survives the SDK's code generation -> evaluation unchanged, so
 * `svc flows code <id>` prints builder code for any flow the server ships.
 */
import t from 'tap';
import { flow, flowCode } from '@svc/sdk';
import { TEMPLATES } from '../../flows/templates.js';

const evaluate = (code: string): unknown => new Function('flow', `return ${code}`)(flow) as unknown;

t.test('every template round-trips through code generation', async (t) => {
  t.ok(TEMPLATES.length > 0);
  for (const template of TEMPLATES) {
    const code = flowCode(template.flow);
    t.match(code, new RegExp(`^flow\\(${JSON.stringify(template.flow.id)}`), template.id);
    t.strictSame(evaluate(code), template.flow, `${template.id}: code -> evaluate -> the same definition`);
  }
});

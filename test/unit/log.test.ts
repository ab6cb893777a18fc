import t from 'tap';
import { Writable } from 'node:stream';
import { createLogger } from '../../runtime/log.js';

function capture() {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { log: createLogger('info', sink), lines };
}

t.test('secret-named properties are censored down to four levels, originals untouched', async (t) => {
  const { log, lines } = capture();
  const obj = {
    token: 's1',
    headers: { authorization: 'Bearer s2', accept: 'json' },
    deep: { a: { password: 's3' } },
    list: [{ apiKey: 's4' }],
    ok: 'visible',
  };
  log.info(obj, 'hello');
  const line = lines[0];
  t.equal(line.token, '[redacted]');
  t.equal(line.headers.authorization, '[redacted]');
  t.equal(line.headers.accept, 'json');
  t.equal(line.deep.a.password, '[redacted]');
  t.equal(line.list[0].apiKey, '[redacted]');
  t.equal(line.ok, 'visible');
  t.equal(obj.token, 's1', 'the logged object is not mutated');
  t.equal(obj.headers.authorization, 'Bearer s2');
  t.notMatch(JSON.stringify(lines), /s[1-4]"/);
});

t.test('child bindings and errors are censored too; errors keep type, message and stack', async (t) => {
  const { log, lines } = capture();
  const err = Object.assign(new Error('boom'), { config: { headers: { authorization: 'Bearer e1' } }, secret: 'e2' });
  log.child({ reqId: 'r1', token: 'c1' }).error({ err }, 'failed');
  const line = lines[0];
  t.equal(line.reqId, 'r1');
  t.equal(line.token, '[redacted]');
  t.equal(line.err.type, 'Error');
  t.equal(line.err.message, 'boom');
  t.match(line.err.stack, /boom/);
  t.equal(line.err.secret, '[redacted]');
  t.equal(line.err.config.headers.authorization, '[redacted]');
  t.notMatch(JSON.stringify(lines), /c1|e1|e2/);
});

t.test('an Error under any key is serialized and censored, not printed raw', async (t) => {
  const { log, lines } = capture();
  const error = Object.assign(new Error('boom'), { token: 'x1', config: { headers: { authorization: 'Bearer x2' } } });
  log.error({ error }, 'failed');
  const line = lines[0];
  t.equal(line.error.type, 'Error');
  t.equal(line.error.message, 'boom');
  t.equal(line.error.token, '[redacted]');
  t.equal(line.error.config.headers.authorization, '[redacted]');
  t.equal(error.token, 'x1', 'the error is not mutated');
  t.notMatch(JSON.stringify(lines), /x1|x2/);
});

t.test('secret-named bindings of a child of a child are censored; an Error binding too', async (t) => {
  const { log, lines } = capture();
  log
    .child({ actor: 'run' })
    .child({ password: 'g1', err: Object.assign(new Error('bound'), { secret: 'g2' }) })
    .info('deep child');
  const line = lines[0];
  t.equal(line.actor, 'run');
  t.equal(line.password, '[redacted]');
  t.equal(line.err.message, 'bound');
  t.equal(line.err.secret, '[redacted]');
  t.notMatch(JSON.stringify(lines), /g1|g2/);
});

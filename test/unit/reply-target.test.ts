/**
 * Reply targets: what one key signs verifies under that key only, an edited payload or signature
 * does not, and without a key nothing is signed and every target is refused.
 */
import t from 'tap';
import { signReplyTarget, verifyReplyTarget } from '../../identity/reply-target.js';
import { channelKey } from '../../runtime/guard-config.js';

const secret = channelKey('chat-channel-secret-0123456789abcdef', undefined);
const derived = channelKey(undefined, Buffer.alloc(32, 7));
const target = { questionId: 'q-1', thread: 'agent:treasurer' };

t.test('a signed target verifies under its own key only', async (t) => {
  t.equal(secret?.source, 'channel_secret');
  t.equal(derived?.source, 'session_key');
  t.not(derived!.key.toString('hex'), Buffer.alloc(32, 7).toString('hex'), 'the session key is not used as-is');
  const token = signReplyTarget(secret, target)!;
  t.same(verifyReplyTarget(secret, token), target);
  t.throws(() => verifyReplyTarget(derived, token), { code: 'chat_reply_target_invalid' });
  t.same(verifyReplyTarget(derived, signReplyTarget(derived, target)!), target);
});

t.test('an edited target is refused', async (t) => {
  const [prefix, , sig] = signReplyTarget(secret, target)!.split('.');
  const other = Buffer.from(JSON.stringify({ q: 'q-2', t: 'agent:treasurer' })).toString('base64url');
  t.throws(() => verifyReplyTarget(secret, `${prefix}.${other}.${sig}`), { code: 'chat_reply_target_invalid' });
  t.throws(() => verifyReplyTarget(secret, `rt2.${other}.${sig}`), { code: 'chat_reply_target_invalid' });
  t.throws(() => verifyReplyTarget(secret, 'rt1..'), { code: 'chat_reply_target_invalid' });
});

t.test('without a key nothing is signed and every reply is refused', async (t) => {
  t.equal(channelKey(undefined, undefined), undefined);
  t.equal(signReplyTarget(undefined, target), undefined);
  t.throws(() => verifyReplyTarget(undefined, signReplyTarget(secret, target)!), { code: 'chat_reply_unsigned' });
});

/** Where a resumed feed starts: right after the client's id, never past an event it has not seen. */
import t from 'tap';
import { eventId, parseEventId, resumeSeq } from '../../bus/event-ids.js';

const held = { first: 10, last: 20 };

t.test('same history: the seq after the id, bounded by what is still held', async (t) => {
  t.equal(resumeSeq(eventId('abc', 15), 'abc', held), 16);
  t.equal(resumeSeq(eventId('abc', 20), 'abc', held), 21, 'caught up: only what comes next');
  t.equal(resumeSeq(eventId('abc', 3), 'abc', held), 10, 'older than the oldest held: from the oldest');
  t.equal(resumeSeq(eventId('abc', 99), 'abc', held), 21, 'never beyond the next one');
});

t.test('another history (recreated stream, restarted process): everything it holds', async (t) => {
  t.equal(resumeSeq(eventId('old', 15), 'new', held), 10);
  t.equal(resumeSeq(eventId('old', 15), 'new', { first: 1, last: 0 }), 1, 'empty: from the first one to come');
});

t.test('no id or an unreadable one: live only', async (t) => {
  for (const after of [undefined, '', '17', 'abc-', 'ABC-1', 'abc-1-2', `abc-${'9'.repeat(20)}`]) {
    t.equal(resumeSeq(after, 'abc', held), 21, String(after));
  }
  t.equal(resumeSeq(undefined, 'abc', { first: 0, last: 0 }), 1, 'an empty stream starts at 1');
  t.same(parseEventId(' abc-7 '), { epoch: 'abc', seq: 7 });
});

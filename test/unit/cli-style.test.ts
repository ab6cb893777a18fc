import t from 'tap';
import { colorWanted } from '../../cli/style.js';

const tty = { isTTY: true };
const pipe = { isTTY: false };

t.test('colour only on a terminal, off with NO_COLOR or --no-color, forced with FORCE_COLOR', async (t) => {
  t.equal(colorWanted(tty, {}), true, 'a terminal');
  t.equal(colorWanted(pipe, {}), false, 'a pipe or a file');
  t.equal(colorWanted(tty, { NO_COLOR: '1' }), false, 'NO_COLOR');
  t.equal(colorWanted(tty, { NO_COLOR: '' }), true, 'an empty NO_COLOR does not count');
  t.equal(colorWanted(tty, {}, true), false, '--no-color');
  t.equal(colorWanted(tty, { TERM: 'dumb' }), false, 'a dumb terminal');
  t.equal(colorWanted(pipe, { FORCE_COLOR: '1' }), true, 'FORCE_COLOR without a terminal');
  t.equal(colorWanted(tty, { FORCE_COLOR: '0' }), false, 'FORCE_COLOR=0');
  t.equal(colorWanted(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }), false, 'NO_COLOR wins');
  t.equal(colorWanted(pipe, { FORCE_COLOR: '1' }, true), false, '--no-color wins');
});

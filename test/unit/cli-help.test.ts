/**
 * The command tree as people meet it: every command says what it does (not which HTTP route it
 * calls) and shows examples; the completion scripts offer every command the tree has.
 */
import t from 'tap';
import { buildProgram } from '../../cli/program.js';
import { walk } from '../../cli/help.js';
import { bashScript, fishScript, zshScript } from '../../cli/completion.js';

const program = buildProgram({});
const commands = walk(program);

t.test('every command says what it does, not the route it calls', async (t) => {
  t.ok(commands.length > 60, `${commands.length} commands`);
  for (const { path, cmd } of commands) {
    t.ok(cmd.description().length > 10, `${path.join(' ')} has a description`);
    t.notMatch(cmd.description(), /\b(GET|POST|PUT|DELETE) \//, `${path.join(' ')} does not name a route`);
  }
});

t.test('every command that does something ends its help with examples', async (t) => {
  for (const { path, cmd } of commands) {
    const runs = (cmd as unknown as { _actionHandler: unknown })._actionHandler !== null;
    if (!runs) continue;
    let help = '';
    cmd.configureOutput({ writeOut: (s) => (help += s) });
    cmd.outputHelp();
    t.match(help, /\nExamples:\n {2}\$ [^\n]*\bsvc /, `${path.join(' ')} has examples`);
  }
});

t.test('the completion scripts know every command', async (t) => {
  const bash = bashScript(program);
  const zsh = zshScript(program);
  const fish = fishScript(program);
  for (const { path } of commands) {
    const parent = path.slice(0, -1).join(' ');
    const name = path.at(-1)!;
    t.match(bash, new RegExp(`\\n {4}'${parent}'\\) echo '[^']*\\b${name}\\b`), `bash: ${path.join(' ')}`);
    t.match(zsh, `'${name}:`, `zsh: ${path.join(' ')}`);
    t.match(fish, `-n '__svc_at \\'${parent}\\'' -a '${name}'`, `fish: ${path.join(' ')}`);
  }
  t.match(bash, /'flows run'\) echo '--file --input --as --follow'/, 'options of a command');
});

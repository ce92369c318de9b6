// A second signal said of one run kills what that run started, and nothing another run beside it in the same
// process started (the harness runs documents side by side); with no scope given (spec-run exec's own second
// signal) every registered kill runs.
import t from 'tap';
import { forceKills, onForcedExit, withKillScope } from '../../src/executor/interrupts.js';

t.test('forced kills are kept to the scope they were registered under', async (t) => {
  const killed: string[] = [];
  const register = (name: string) => onForcedExit(async () => void killed.push(name));
  const one = {};
  const other = {};
  const removals = [withKillScope(one, () => register('one')), withKillScope(other, () => register('other')), register('unscoped')];
  t.equal(await forceKills(1000, one), true, 'the scope\'s kills settle');
  t.same(killed, ['one'], 'only the scope\'s own kill ran');
  killed.length = 0;
  await forceKills(1000);
  t.same(killed.sort(), ['one', 'other', 'unscoped'], 'with no scope, every registered kill runs');
  for (const remove of removals) remove();
  killed.length = 0;
  await forceKills(1000);
  t.same(killed, [], 'a removed kill is not run');
});

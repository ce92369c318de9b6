// An aside in square brackets or braces is a clause of its own, also where it holds a quoted
// text: its words are never merged into the claim before it as one misread predicate.
import t from 'tap';
import { interpret } from '../../src/run/scenario/interpreter/index.js';

const read = (sentence: string) => interpret(sentence, 'Then');

t.test('an aside holding a quoted text is a clause of its own, in brackets or braces', (t) => {
  for (const sentence of ['the exit code SHALL be 0 {the output contains "zzz"}', 'the exit code SHALL be 0 [the output contains "zzz"]']) {
    t.match(read(sentence), { ok: true, text: 'exit code == 0 ∧ the lines the command printed in the output shown contains "zzz"' }, sentence);
  }
  t.end();
});

t.test('an aside not understood leaves the step undefined, naming its own words only', (t) => {
  for (const sentence of ['the exit code SHALL be 0 [it must not be 1]', 'the exit code SHALL be 0 [it SHALL NOT be 1]', 'the exit code SHALL be 0 {it must not be 1}']) {
    const reading = read(sentence);
    t.equal(reading.ok, false, sentence);
    if (!reading.ok) t.notOk(reading.notUnderstood.includes('exit code') || reading.notUnderstood.includes('0'), `the claim before the aside was understood: ${reading.notUnderstood.join(', ')}`);
  }
  t.end();
});

t.test('a quoted text alone in brackets names what is before it, and stays with it', (t) => {
  t.match(read('it prints `Error: cannot read nonexist.yaml:` followed by the system\'s reason (`ENOENT: no such file or directory`), and exits with status 2'), { ok: true, text: /contains "Error: cannot read nonexist\.yaml:" and "ENOENT: no such file or directory", in this order ∧ exit code == 2/ });
  t.end();
});

// Round 17: shapes of sentence, not words. Each shape is read as the plain sentence it says
// (shapes.ts), tested on sentences written for these tests (none from a batch), both ways, with
// the sentences it must leave unbound.
import t from 'tap';
import { reading } from './cli-points.js';

t.test('an apposition naming the kind of a value is the value', (t) => {
  t.equal(reading('Then', 'the exit code must be the number 124'), reading('Then', 'the exit code is 124'));
  t.equal(reading('Then', 'the exit code is the value 3'), reading('Then', 'the exit code is 3'));
  t.equal(reading('Then', 'the exit code has the value 3'), reading('Then', 'the exit code is 3'));
  t.equal(reading('Then', 'the value of the exit code is 3'), reading('Then', 'the exit code is 3'));
  t.equal(reading('Then', 'spec-run exec exits with the number 2'), reading('Then', 'spec-run exec exits with 2'));
  t.equal(reading('Then', 'the output contains the word `ready`'), reading('Then', 'the output contains `ready`'));
  t.equal(reading('Then', 'the output contains the string `ready`'), reading('Then', 'the output contains `ready`'));
  t.equal(reading('Then', 'The word `secret` is not in the output'), reading('Then', 'The text `secret` is not in the output'));
  // A number said as the subject of its own clause is left as written.
  t.equal(reading('Then', 'the number 300 is gone'), null);
  t.end();
});

t.test('modals: must be, needs to be, is not allowed to, it is expected that', (t) => {
  t.equal(reading('Then', 'the output is not allowed to contain `secret`'), reading('Then', 'the output must not contain `secret`'));
  t.equal(reading('Then', 'it is expected that the exit code is 124'), reading('Then', 'the exit code is 124'));
  t.end();
});

t.test('existentials, fronted times and places after a relative clause', (t) => {
  t.equal(reading('Then', 'there exists a line `hello` in the output'), reading('Then', 'there is a line `hello` in the output'));
  t.equal(reading('Then', 'After the run, no container is left'), reading('Then', 'no container is left after the run'));
  t.equal(reading('Then', 'There are 3 lines in the output'), 'lines shown == 3');
  t.equal(reading('Then', 'The output has exactly 3 lines'), 'lines shown == 3');
  t.equal(reading('Then', 'The line that the report prints last is `done`'), reading('Then', 'The last line that the report prints is `done`'));
  t.end();
});

t.test('an output cut at N lines is limited to N; a stop after N seconds with SIGTERM is a stop at N', (t) => {
  t.equal(reading('Then', 'the output is cut at 3 lines'), reading('Then', 'the output is limited to 3 lines'));
  t.equal(reading('Then', 'the output is shortened to 3 lines'), reading('Then', 'the output is limited to 3 lines'));
  t.equal(reading('Then', 'the command is stopped after 2 seconds with SIGTERM'), reading('Then', 'the command is stopped with SIGTERM after 2 seconds'));
  t.match(reading('Then', 'the command is killed 2 seconds after SIGTERM') ?? '', /SIGKILL sent after SIGTERM/);
  t.end();
});

t.test('left unbound: a concession giving a measure a second value; a line by its two ends is one line (round 28)', (t) => {
  // The concession is the process's own status, which the executor's note gives (round 28): no second value of the exit code.
  t.match(reading('Then', 'the exit code must be 124, although the command itself exited with 0'), /^exit code == 124 ∧ the command's own process exited with 0 /);
  t.equal(reading('Then', 'the report has a line that begins with `Error:` and ends with `missing`'), 'spec-run exec printed a line that begins with "Error:" and ends with "missing"');
  t.equal(reading('Then', 'After 2 seconds the command is finished by the executor with the signal SIGTERM'), null);
  t.end();
});

t.test('a directory said by what it holds is no working directory named', (t) => {
  t.equal(reading('When', 'the command runs in a folder that holds `b.txt`'), null);
  t.equal(reading('When', 'the command runs in the folder `/tmp`'), 'setup: workdir: /tmp');
  t.end();
});

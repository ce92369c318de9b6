// A claim about what the report contains, where the report echoes the command line (its
// announcement `[1/1] host: …` and its `Command:` line): "the report SHALL contain X" is never
// met by that echo alone; "the report SHALL NOT contain X", the report its subject, where X is
// in the command line, may mean the echo or what the run revealed, and fails saying so rather
// than pass on either; a denial whose subject is the text ("`x` never shows up", the report
// carried from a clause before) is of what the run printed. Each both ways, through the CLI.
import t from 'tap';
import { blockScenario, expectVerdicts, runSpecLines, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Report claims where the command line is echoed');
const one = (title: string, command: string[], then: string) => blockScenario(title, 'the hook is configured as', command, then);
/** A command whose line holds the token and that never prints it. */
const echoedOnly = ['- run: "true --token=hunter2 >/dev/null; echo deployed"'];
const printed = ['- run: "echo hunter2"'];
const neither = ['- run: "echo deployed"'];

t.test('"the report SHALL NOT contain X": undecided where the command line holds X, so it fails; decided where it does not', async (t) => {
  await expectVerdicts(t, runScenarios, 'denied', [
    one('echoed only', echoedOnly, 'the report SHALL NOT contain "hunter2"'),
    one('echoed, never shows', echoedOnly, 'the report never shows `hunter2`'),
    one('printed', printed, 'the report SHALL NOT contain "hunter2"'),
    one('nowhere', neither, 'the report SHALL NOT contain "hunter2"'),
    one('output of the echoed', echoedOnly, 'the output SHALL NOT contain "hunter2"'),
    one('carried subject', echoedOnly, 'the report says `deployed` and `hunter2` never shows up'),
    one('carried subject, printed', ['- run: "echo deployed; echo hunter2"'], 'the report says `deployed` and `hunter2` never shows up'),
  ], 'hunter2', [
    [false, 'the echo holds the token, the run never printed it: which is meant cannot be told'],
    [false, 'so with another verb of denial'],
    [false, 'printed by the command: it fails either way'],
    [true, 'held nowhere, the command line included: it holds'],
    [true, 'the output is what the command printed, its echo left out'],
    [true, 'a text said never to show up, the report carried from the clause before: what the run printed'],
    [false, 'and that fails where the command printed it'],
  ]);
});

t.test('the undecided denial says why, naming the echoed command line', async (t) => {
  const { points } = await runSpecLines('undecided', ['# Echo', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...one('echoed', echoedOnly, 'the report SHALL NOT contain "hunter2"')]);
  const point = points.find((p) => p.name.includes('hunter2'));
  t.equal(point?.ok, false);
  t.match(JSON.stringify(point), /undecided: the report echoes the command line .*true --token=hunter2.*whether that echo counts.*the output SHALL NOT contain/);
});

t.test('"the report SHALL contain X" is never met by the echo of the command line alone', async (t) => {
  await expectVerdicts(t, runScenarios, 'asserted', [
    one('echoed only', echoedOnly, 'the report SHALL contain "hunter2"'),
    one('echoed only, mentions', echoedOnly, 'the report mentions `hunter2`'),
    one('printed', printed, 'the report SHALL contain "hunter2"'),
  ], 'hunter2', [
    [false, 'only the echo holds it'],
    [false, 'so with another verb'],
    [true, 'the command printed it'],
  ]);
});

// Where a When contradicts the scenario's YAML block, the run is refused naming both: the
// block is the configuration the scenario shows, and a run of anything else checks a
// configuration nobody wrote.
import t from 'tap';
import { blockConflicts, configure } from '../../src/run/scenario/interpreter/observation.js';
import { readSetup } from './when-readings.js';

const hostBlock = 'stop:\n  commands:\n    - run: "exit 0"\n';
const imageBlock = 'stop:\n  commands:\n    - run: "exit 0"\n      image: alpine:3.19\n';

/** What blockConflicts finds between SENTENCE, read as a When, and BLOCK. */
function conflicts(sentence: string, block: string): string[] {
  const read = readSetup(sentence);
  if (!read) throw new Error(`not read: ${sentence}`);
  return blockConflicts(block, () => read.setup);
}

t.test('where the command runs: a container where the block gives no image, another image than the block\'s', (t) => {
  t.match(conflicts('the command `exit 0` runs in a Docker container', hostBlock), [/the When runs it in a container, the block on the host \(it gives no image\)/]);
  t.match(conflicts('the command `exit 0` runs in Docker with image spec-run/busybox:local', imageBlock), [/the When runs it in the image spec-run\/busybox:local, the block in the image alpine:3\.19/]);
  t.match(conflicts('the command `exit 0` runs in Docker with image spec-run/busybox:local', hostBlock), [/in a container \(spec-run\/busybox:local\), the block on the host/]);
  t.match(conflicts('the command `exit 0` runs on the host', imageBlock), [/on the host, the block in the image alpine:3\.19/]);
  t.same(conflicts('the command `exit 0` runs in a Docker container', imageBlock), [], 'a container, the block naming its image: the same');
  t.same(conflicts('the command `exit 0` runs in Docker with image alpine:3.19', imageBlock), [], 'the same image');
  t.same(conflicts('the command `exit 0` runs on the host', hostBlock), []);
  t.end();
});

t.test('configure refuses the contradiction rather than run either', (t) => {
  const read = readSetup('the command `exit 0` runs in a Docker container')!;
  t.throws(() => configure({ text: hostBlock, line: 10 }, read.setup), /the When and the scenario's YAML block \(line 10\) say different things of the command: the When runs it in a container/);
  t.end();
});

// A step reaches the interpreter as written (markdown's marks kept, so a user's definition gets
// `2*3*4`): emphasis around a word is no part of the word, and a quoted text keeps its marks.
import t from 'tap';
import { reading } from './cli-points.js';

t.test('emphasis around a word reads as the word; inside a quoted text it is the text', (t) => {
  const plain = reading('Then', 'the exit code SHALL not be 0');
  t.ok(plain, 'the plain sentence is read');
  for (const sentence of ['the exit code SHALL *not* be 0', 'the exit code SHALL **not** be 0', 'the exit code SHALL _not_ be 0', 'the exit code SHALL ***not*** be 0']) {
    t.equal(reading('Then', sentence), plain, sentence);
  }
  t.match(reading('Then', 'the output SHALL contain "2*3*4"') ?? '', /"2\*3\*4"/);
  t.match(reading('Then', 'the output shows `a_b_`') ?? '', /"a_b_"/);
  t.end();
});

// micromark's EditMap.consume, replaced by one that moves only the events from the first
// edit on (src/parse/linear-edit-map.ts): the same edits must give the same events, and
// the same mdast trees, positions and all, as the package's own consume. The package's
// own is taken from a second instance of its module, which nothing has replaced.
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import { markdownParser } from '../../src/parse/markdown.js';

const packagedModule = `${pathToFileURL(createRequire(import.meta.url).resolve('micromark-util-edit-map')).href}?packaged`;
const { EditMap: PackagedEditMap } = (await import(packagedModule)) as typeof import('micromark-util-edit-map');
const packagedConsume = PackagedEditMap.prototype.consume;

/** Stands in for micromark's events: the edit map only moves them. */
const fakeEvent = (n: number) => n as unknown as Event;

t.test("an edit map's edits give the events the package's consume gives, wherever they stand, overlapping or not", async (t) => {
  t.not(EditMap.prototype.consume, packagedConsume, 'micromark-util-edit-map is the one replaced');
  // Edits at an index within the events, as micromark's are; a removal may reach past their end.
  const edit = (length: number) => fc.record({ at: fc.nat(length), remove: fc.nat(6), add: fc.array(fc.integer({ min: 1000, max: 1100 }), { maxLength: 4 }), before: fc.boolean() });
  const editedEvents = fc.nat(40).chain((length) => fc.tuple(fc.constant(length), fc.array(edit(length), { maxLength: 8 })));
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(editedEvents, ([length, edits]) => {
      const events = Array.from({ length }, (_, i) => fakeEvent(i));
        const results = [EditMap, PackagedEditMap].map((Map) => {
          const map = new Map();
          for (const { at, remove, add, before } of edits) (before ? map.addBefore : map.add).call(map, at, remove, add.map(fakeEvent));
          const edited = [...events];
          map.consume(edited);
          return edited;
        });
        return isDeepStrictEqual(results[0], results[1]);
      }),
      { numRuns: 2000 },
    ),
  );
});

t.test("micromark's tokenizers go through the replaced consume, and every shape of list and quote parses to the tree the package's consume gives", async (t) => {
  const replaced = EditMap.prototype.consume;
  let calls = 0;
  const counted: typeof replaced = function (this: EditMap, events) {
    calls += 1;
    return replaced.call(this, events);
  };
  const shapes = [
    '- a\n  - b\n- c\n  - d\n',
    '1. a\n   1. b\n2. c\n',
    '- a\n  > b\n- c\n',
    '> - a\n>   - b\n> - c\n',
    '- a\n\n  - b\n\n- c\n',
    '- a\n  - b\n    - c\n- d\n\npara\n\n- e\n  - f\n',
    '> a\nlazy\n- b\n  > c\nlazier\n- d\n',
    '- a\n  ```\n  x\n  ```\n- b\n  | h |\n  | - |\n  | c |\n- e\n',
    '* a\n  b\n  ===\n* c\n  ---\n',
    '> > a\n> b\n>\n> - c\n>   > d\n> - e\n',
  ];
  // CommonMark alone, and with GFM (a text with a table's '|').
  const parsers = [markdownParser(''), markdownParser('|')];
  try {
    for (const text of shapes) {
      for (const parse of parsers) {
        EditMap.prototype.consume = counted;
        calls = 0;
        const linear = parse(text);
        t.ok(calls > 0, `micromark called the replaced consume for ${JSON.stringify(text)}`);
        EditMap.prototype.consume = packagedConsume;
        t.same(linear, parse(text), JSON.stringify(text));
      }
    }
  } finally {
    EditMap.prototype.consume = replaced;
  }
});

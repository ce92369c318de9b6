// Reading a document stays bounded, however its quotes and list items nest: generated
// documents of every nesting shape, up to megabytes, are each read or refused at a line
// within a generous bound. Before src/parse/nesting.ts, a line a thousand levels deep with
// ten thousand lines below it took seconds per 20 kB and minutes at the sizes drawn here.
import fc from 'fast-check';
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { DEEPEST_CONTAINERS, lineLevels } from '../../src/parse/nesting.js';

/** What one document may take to read or refuse, on a loaded machine: far below the minutes the shapes took. */
const MOST_MS_PER_DOCUMENT = 20_000;

const nesting = fc.record({
  prefix: fc.constantFrom('> ', '- ', '* ', '> - ', '1. ', '>'),
  depth: fc.integer({ min: 1, max: 3_000 }),
  /** Lines written with the prefix repeated: each as deep, or each a level deeper. */
  written: fc.integer({ min: 1, max: 2_000 }),
  growing: fc.boolean(),
  /** Lines below them that continue them lazily. */
  lazy: fc.integer({ min: 0, max: 20_000 }),
  blankBetween: fc.boolean(),
});

type Nesting = typeof nesting extends fc.Arbitrary<infer T> ? T : never;

function documentOf(shape: Nesting): string {
  const lines: string[] = ['# Nested', ''];
  for (let i = 0; i < shape.written; i++) {
    lines.push(`${shape.prefix.repeat(shape.growing ? Math.min(i + 1, shape.depth) : shape.depth)}q`);
    if (shape.blankBetween) lines.push('');
  }
  for (let i = 0; i < shape.lazy; i++) lines.push('q');
  return `${lines.join('\n')}\n`;
}

t.test('documents nested in every shape are read or refused at a line, each in bounded time', async (t) => {
  let slowest = 0;
  fc.assert(
    fc.property(nesting, (shape) => {
      const text = documentOf(shape);
      fc.pre(text.length < 6 * 1024 * 1024);
      const started = performance.now();
      const document = parseMarkdown('nested.md', text);
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      const lines = text.split('\n').length;
      for (const problem of document.problems) if (problem.line < 1 || problem.line > lines) return false;
      return took < MOST_MS_PER_DOCUMENT;
    }),
    { numRuns: 25 },
  );
  t.pass(`the slowest of them took ${Math.round(slowest)} ms`);
});

t.test('a line is counted at least as deep as the containers markdown opens on it', async (t) => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom('> ', '- ', '+ ', '1. ', '10) ', '>'), { minLength: 1, maxLength: 200 }), (markers) => {
      const line = `${markers.join('')}text`;
      return lineLevels(line).markers === markers.length && lineLevels(line).levels >= markers.length;
    }),
  );
  t.equal(lineLevels('    - c').levels, 3, 'an item indented by four columns stands three levels deep');
  t.equal(lineLevels('text > not a quote').markers, 0, 'a marker after text is none');
  t.equal(lineLevels('**bold** text').markers, 0, 'emphasis is no list marker');
  t.ok(DEEPEST_CONTAINERS >= 100, 'a hundred levels are read');
});

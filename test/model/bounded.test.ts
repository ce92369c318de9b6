// Bounded values: what fits is kept as it is; what does not is cut to a preview that fits.
import fc from 'fast-check';
import t from 'tap';
import { boundAttachments, boundValue, isTruncatedValue, ATTACHMENT_MAX_CHARS } from '../../src/model/bounded.js';

t.test('a value within the bound is returned unchanged; a larger one as a prefix of its text', async (t) => {
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 200 }), (value, max) => {
        const bounded = boundValue(value, max);
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (text.length <= max) return bounded === value;
        return isTruncatedValue(bounded) && bounded.totalChars === text.length && bounded.preview.length <= max && text.startsWith(bounded.preview);
      }),
    ),
  );
});

t.test('a cut never splits a surrogate pair', async (t) => {
  const bounded = boundValue('a😀b'.repeat(10), 2);
  t.ok(isTruncatedValue(bounded));
  t.equal((bounded as { preview: string }).preview, 'a');
});

t.test('attachments keep their names; a large value is cut to the attachment bound', async (t) => {
  const [small, large] = boundAttachments([
    { name: 'small', value: { a: 1 } },
    { name: 'large', value: 'x'.repeat(ATTACHMENT_MAX_CHARS + 10) },
  ]);
  t.same(small, { name: 'small', value: { a: 1 } });
  t.equal(large.name, 'large');
  t.match(large.value, { truncated: true, totalChars: ATTACHMENT_MAX_CHARS + 10 });
});

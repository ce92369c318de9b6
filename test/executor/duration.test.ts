import t from 'tap';
import fc from 'fast-check';
import { parseSeconds } from '../../src/cli/values.js';
import { formatDuration, formatElapsed, LONGEST_DURATION_MS, parseDuration, unitMs, VALID_DURATIONS } from '../../src/executor/duration.js';

const UNITS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** A whole number of a unit, up to the longest duration. */
const withinLongest = fc.constantFrom('s', 'm', 'h').chain((unit) => fc.tuple(fc.integer({ min: 1, max: Math.floor(LONGEST_DURATION_MS / UNITS[unit]) }), fc.constant(unit)));

t.test('parse after format gives the same milliseconds', async (t) => {
  fc.assert(
    fc.property(withinLongest, ([n, unit]) => {
      const ms = n * UNITS[unit];
      const parsed = parseDuration(formatDuration(ms));
      return parsed.ok && parsed.ms === ms;
    }),
  );
  t.pass('round trip holds');
});

t.test('every valid shape parses to n times its unit', async (t) => {
  fc.assert(
    fc.property(withinLongest, ([n, unit]) => {
      const parsed = parseDuration(`${n}${unit}`);
      return parsed.ok && parsed.ms === n * UNITS[unit];
    }),
  );
  t.pass();
});

const invalidShapes = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('s', 'm', 'h'), fc.integer({ min: 1, max: 999 }), fc.constantFrom('s', 'm', 'h')).map(([a, u, b, v]) => `${a}${u}${b}${v}`),
  fc.constantFrom('s', 'm', 'h').map((u) => `0${u}`),
  fc.tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('s', 'm', 'h')).map(([n, u]) => `-${n}${u}`),
  fc.integer({ min: 0, max: 99_999 }).map(String),
  fc.tuple(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^[a-zA-Z]{1,3}$/).filter((u) => !['s', 'm', 'h'].includes(u))).map(([n, u]) => `${n}${u}`),
  fc.tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('s', 'm', 'h')).map(([n, u]) => `${n} ${u}`),
  fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom('s', 'm', 'h')).map(([n, d, u]) => `${n}.${d}${u}`),
  fc.constantFrom('', ' ', 's', '5mm', '+5s', '5s '),
);

t.test('every invalid shape is rejected with a reason', async (t) => {
  fc.assert(fc.property(invalidShapes, (text) => {
    const parsed = parseDuration(text);
    return !parsed.ok && parsed.reason.length > 0;
  }));
  t.pass();
});

t.test("a duration longer than Node's longest timer is refused, not turned into a timer that fires at once", async (t) => {
  t.match(parseDuration('596h'), { ok: true, ms: 596 * 3_600_000 });
  t.match(parseDuration('2147483s'), { ok: true });
  for (const text of ['597h', '600h', '2147484s', '99999999h']) t.match(parseDuration(text), { ok: false, reason: /is longer than the longest limit, 2147483s \(596h, about 24\.8 days\)|too large/ }, text);
});

t.test('numbers, booleans and mappings are rejected', async (t) => {
  for (const value of [300, 5, true, {}, [], undefined]) t.notOk(parseDuration(value).ok, `${JSON.stringify(value)} rejected`);
  t.match((parseDuration(300) as { reason: string }).reason, /string/);
});

t.test("the seed's examples", async (t) => {
  t.same(parseDuration('30s'), { ok: true, ms: 30_000, text: '30s' });
  t.same(parseDuration('2h'), { ok: true, ms: 7_200_000, text: '2h' });
  t.match(parseDuration('2h30m'), { ok: false, reason: /single unit/ });
  t.match(parseDuration('0s'), { ok: false, reason: /zero/ });
  t.match(parseDuration('-5m'), { ok: false, reason: /negative/ });
  t.match(parseDuration('5'), { ok: false, reason: /unit is missing/ });
  t.match(parseDuration('5x'), { ok: false, reason: /unknown unit 'x'/ });
  t.equal(VALID_DURATIONS, "Valid: '30s', '5m', '2h', null");
});

t.test('elapsed times read like the seed', async (t) => {
  t.equal(formatElapsed(300_234), '5m 0.234s');
  t.equal(formatElapsed(1012), '1.012s');
  t.equal(formatElapsed(3_603_000), '1h 0m 3.000s');
});

t.test('one parser for every written duration: the command line, the configuration and the steps agree', async (t) => {
  fc.assert(
    fc.property(withinLongest, ([n, unit]) => {
      const parsed = parseDuration(`${n}${unit}`);
      return parsed.ok && parseSeconds(`${n}${unit}`) * 1000 === parsed.ms && parsed.ms === n * unitMs(unit);
    }),
  );
  fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => parseSeconds(String(n)) === n && parseDuration(String(n), { unitless: 's' }).ok));
  t.same(parseDuration('90'), { ok: false, reason: 'the unit is missing: add s, m or h' }, 'the configuration keeps requiring a unit');
  t.throws(() => parseSeconds('600h'), /got '600h' \(is longer than the longest limit/, '--timeout says why it refuses a duration');
  for (const bad of ['0', '0s', '-5', '5S', '5 m', '1.5m', '5d', '2h30m', '5constructor']) t.throws(() => parseSeconds(bad), /expected a positive duration such as 90, 30s, 5m or 1h/, `--timeout ${bad} is refused`);
  t.match(parseDuration('5constructor'), { ok: false, reason: "unknown unit 'constructor': use s, m or h" });
  t.same(['second', 'seconds', 'Minute', 'minutes', 'hour', 'HOURS', 's', 'm', 'h'].map(unitMs), [1000, 1000, 60_000, 60_000, 3_600_000, 3_600_000, 1000, 60_000, 3_600_000]);
  for (const bad of ['ms', 'day', 'constructor', '']) t.throws(() => unitMs(bad), /unknown unit of time/, `'${bad}' is no unit`);
});

t.test('a zero or negative number is refused for what it is, whatever its unit: adding one would not help', async (t) => {
  for (const written of ['0', '00', '0s']) t.same(parseDuration(written), { ok: false, reason: 'the number must be positive (> 0), not zero' }, written);
  t.same(parseDuration('-1'), { ok: false, reason: 'the number must be positive, not negative' });
});

t.test('a space is said where it stands: between the number and its unit, or around the value', async (t) => {
  for (const written of ['5 m', ' 5 m ', '30\ts']) t.same(parseDuration(written), { ok: false, reason: 'no spaces are allowed between the number and its unit' }, JSON.stringify(written));
  t.same(parseDuration(' 30s'), { ok: false, reason: "no spaces are allowed before or after the value (write '30s')" });
  t.same(parseDuration('30s '), { ok: false, reason: "no spaces are allowed before or after the value (write '30s')" });
});

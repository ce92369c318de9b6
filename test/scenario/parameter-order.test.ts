// Parameter types are ordered as cucumber-expressions orders them, without ICU's collator
// where the names and the locale allow it (src/run/scenario/parameter-order.ts).
import t from 'tap';
import { ParameterType, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { orderParameterTypesWithoutIcu } from '../../src/run/scenario/parameter-order.js';

const original = ParameterType.compare;
const type = (name: string, prefer = false) => new ParameterType(name, /x/, null, (s) => s, true, prefer);
const sign = (n: number) => Math.sign(n);
/** Each regular expression's types, by name, in the registry's order. */
const orders = (registry: ParameterTypeRegistry) =>
  [...(registry as unknown as { parameterTypesByRegexp: Map<string, ParameterType<unknown>[]> }).parameterTypesByRegexp].map(([regexp, types]) => [regexp, types.map((p) => p.name)]);

t.test('every pair of names compares as localeCompare compares it', async (t) => {
  const before = orders(new ParameterTypeRegistry());
  orderParameterTypesWithoutIcu();
  t.teardown(() => (ParameterType.compare = original));
  const names = ['', 'int', 'float', 'word', 'string', 'double', 'bigdecimal', 'byte', 'short', 'long', 'biginteger', 'a', 'ab', 'b', 'Int', 'color', 'colour', 'état', 'z9', 'a-b'];
  for (const x of names)
    for (const y of names)
      for (const [px, py] of [[false, false], [true, false], [false, true], [true, true]])
        t.equal(sign(ParameterType.compare(type(x, px), type(y, py))), sign(original(type(x, px), type(y, py))), `${JSON.stringify(x)}${px ? ' (preferred)' : ''} against ${JSON.stringify(y)}${py ? ' (preferred)' : ''}`);
  t.same(orders(new ParameterTypeRegistry()), before, "the built-in types' order is the one localeCompare gave");
});

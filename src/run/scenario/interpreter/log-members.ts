// A JSON member a step says a line of the `--log` file holds (`"exitCode":124`, `"partialOutput":["a"]`):
// a field of the parsed line equal to that value, never a text the line merely contains (`"exitCode":1`
// is not said by a line with `"exitCode":124`). A field nested in the line's object ("printed":50 in its
// streams entry) is one of its fields too. A member whose value is no JSON (`"timestamp":<ISO 8601>`) is
// not a value to compare: the line has that field.

/** The key and, where it is JSON, the value of MEMBER (`"key":value`). */
function parseMember(member: string): { key: string; value?: unknown } {
  const key = /^"([^"]+)":/.exec(member)?.[1] ?? '';
  try {
    const parsed = JSON.parse(`{${member}}`) as Record<string, unknown>;
    return { key, value: parsed[key] };
  } catch {
    return { key };
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether VALUE, or an object anywhere inside it, has the field KEY (equal to WANTED where it is given). */
function hasField(value: unknown, key: string, wanted: { value?: unknown }): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, key) && (!('value' in wanted) || same((value as Record<string, unknown>)[key], wanted.value))) return true;
  return Object.values(value).some((inner) => hasField(inner, key, wanted));
}

/** Whether LINE, parsed as JSON, has each of MEMBERS as a field with that value. */
export function lineHoldsMembers(line: string, members: readonly string[]): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return false;
  }
  return members.every((member) => {
    const m = parseMember(member);
    return hasField(parsed, m.key, m);
  });
}

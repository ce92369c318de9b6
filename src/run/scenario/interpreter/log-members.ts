// A JSON member a step says a line of the `--log` file holds (`"exitCode":124`, `"partialOutput":["a"]`):
// a field of the parsed line equal to that value, never a text the line merely contains (`"exitCode":1`
// is not said by a line with `"exitCode":124`). A field nested in the line's object ("printed":50 in its
// streams entry) is one of its fields too. A member whose value is no JSON (`"timestamp":<ISO 8601>`) is
// not a value to compare: the line has that field.

/**
 * The fields MEMBER says (`"key":value`, or several in one span: `"event":"failed", "exitCode":4`), each with
 * its value where it is JSON; a member whose value is no JSON is its key alone.
 */
function parseMembers(member: string): { key: string; value?: unknown }[] {
  try {
    const parsed = JSON.parse(`{${member}}`) as Record<string, unknown>;
    return Object.entries(parsed).map(([key, value]) => ({ key, value }));
  } catch {
    return [{ key: /^"([^"]+)":/.exec(member)?.[1] ?? '' }];
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
  return members.every((member) => parseMembers(member).every((m) => hasField(parsed, m.key, m)));
}

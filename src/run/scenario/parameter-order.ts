// The order of parameter types without starting ICU's collator. cucumber-expressions keeps
// the types that share a regular expression sorted by ParameterType.compare, whose
// localeCompare of their names starts ICU's collator on its first call: about 7 ms of CPU
// (20 ms of wall time on a loaded machine) in every run with steps, as its built-in types
// ({int}, {byte}, {short}...) share theirs. Where ICU's default locale is English or the
// POSIX one, which order lower-case ASCII letters as their code points do, two such names
// are compared by their code points: the same order. Any other name, or another locale, is
// compared by localeCompare, as before.
import { ParameterType } from '@cucumber/cucumber-expressions';

/**
 * The locale ICU takes as its default on POSIX systems (Node never sets the C library's):
 * LC_ALL, else LC_MESSAGES, else LANG; none, C or POSIX is en_US_POSIX.
 */
function defaultLocaleIsEnglish(): boolean {
  const { LC_ALL, LC_MESSAGES, LANG } = process.env;
  const id = LC_ALL || LC_MESSAGES || LANG || '';
  return /^(?:|C|POSIX|C\.[^@]*|en(?:[_.@-].*)?)$/i.test(id);
}

const LOWER_ASCII = /^[a-z]*$/;

const compare = ParameterType.compare.bind(ParameterType);

/** Replaces ParameterType.compare by the same order, computed without ICU where it can be. */
export function orderParameterTypesWithoutIcu(): void {
  if (!defaultLocaleIsEnglish()) return;
  ParameterType.compare = (a, b) => {
    const [x, y] = [a.name ?? '', b.name ?? ''];
    if (a.preferForRegexpMatch !== b.preferForRegexpMatch || !LOWER_ASCII.test(x) || !LOWER_ASCII.test(y)) return compare(a, b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

// The cucumber expression a snippet proposes for a step's text: the first expression
// cucumber's own CucumberExpressionGenerator generates, found in linear time. The
// library's generator re-runs every parameter regexp on the rest of the text from each
// position in turn, so a step of one long pasted line (a lazy continuation of 100 kB)
// took a minute and more to report undefined.
import { GeneratedExpression, ParameterType } from '@cucumber/cucumber-expressions';

/** Where a parameter's regexp matched a whole word of the text. */
interface ParameterMatch {
  parameterType: ParameterType<unknown>;
  start: number;
  end: number;
}

/** A character that ends a word, as the library's generator tells words apart. */
const SEPARATOR = /[\p{Z}\p{P}\p{S}]/u;

/** Whether a word may start at INDEX of TEXT: the library's generator only proposes whole words. */
function wordStartsAt(text: string, index: number): boolean {
  return index === 0 || SEPARATOR.test(text[index - 1]!);
}

function wordEndsAt(text: string, index: number): boolean {
  return index === text.length || SEPARATOR.test(text[index]!);
}

/**
 * One regexp of a parameter type walking forward over the text. Its cursor only moves
 * forward, and it tries the regexp anchored (sticky) at word starts only, so the whole
 * walk costs one pass over the text, however many parameters the text holds.
 */
class ParameterFinder {
  private readonly regexp: RegExp;
  private cursor = 0;
  private found: ParameterMatch | undefined;

  constructor(
    private readonly parameterType: ParameterType<unknown>,
    source: string,
    private readonly text: string,
  ) {
    this.regexp = new RegExp(`(?:${source})`, 'y');
  }

  /** The first whole-word match starting at FROM or later (the library's ParameterTypeMatcher.advanceTo). */
  nextFrom(from: number): ParameterMatch | undefined {
    if (this.found && this.found.start >= from) return this.found;
    this.found = undefined;
    for (let start = Math.max(from, this.cursor); start < this.text.length; start++) {
      this.cursor = start + 1;
      if (!wordStartsAt(this.text, start)) continue;
      this.regexp.lastIndex = start;
      const match = this.regexp.exec(this.text);
      if (!match || match[0] === '') continue;
      const end = start + match[0].length;
      if (!wordEndsAt(this.text, end)) continue;
      this.found = { parameterType: this.parameterType, start, end };
      return this.found;
    }
    return undefined;
  }
}

/** The earlier match first, and of two at one place the longer (the library's ParameterTypeMatcher.compare). */
function compareMatches(a: ParameterMatch, b: ParameterMatch): number {
  return a.start - b.start || b.end - b.start - (a.end - a.start);
}

/** Text between parameters, escaped as the library's generator escapes it. */
function escapeText(text: string): string {
  return text.replace(/\(/g, '\\(').replace(/{/g, '\\{').replace(/\//g, '\\/');
}

/** The expression for TEXT whose every parameter is the preferred of the types matching there. */
export function generateExpression(text: string, parameterTypes: Iterable<ParameterType<unknown>>): GeneratedExpression {
  const finders = [...parameterTypes]
    .filter((parameterType) => parameterType.useForSnippets)
    .flatMap((parameterType) => parameterType.regexpStrings.map((source) => new ParameterFinder(parameterType, source, text)));
  let template = '';
  const chosen: ParameterType<unknown>[] = [];
  let position = 0;
  while (position < text.length) {
    const matches = finders.flatMap((finder) => finder.nextFrom(position) ?? []).sort(compareMatches);
    const best = matches[0];
    if (!best) break;
    const [preferred] = matches
      .filter((match) => compareMatches(match, best) === 0)
      .map((match) => match.parameterType)
      .sort(ParameterType.compare);
    chosen.push(preferred!);
    template += `${escapeText(text.slice(position, best.start))}{{${chosen.length - 1}}}`;
    position = best.end;
  }
  template += escapeText(text.slice(position));
  return new GeneratedExpression(template, chosen);
}

// Where a steps file's top level failed, as the user wrote the file. Node gives the place
// of a natively imported file as written; a file jiti transpiled (TypeScript, or a .js
// Node could not import) ran as jiti's output, whose columns are not the file's (types
// removed, `x as T` dropped) and whose line 1 follows jiti's function wrapper: its place
// is read back through the source map jiti makes of the same transform. A parse error is
// babel's, found before any transform, at the file's own line and a column counted from 0.
import { SourceMap } from 'node:module';

/** A place in a file: line and column counted from 1. */
export interface Place {
  line: number;
  column?: number;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The place babel's parse error (through jiti) names in MESSAGE for FILE, its column counted from 1. */
export function parseErrorPlace(message: string, file: string): Place | null {
  const place = new RegExp(`${escapeRegExp(file)}:(\\d+):(\\d+)`).exec(message);
  return place ? { line: Number(place[1]), column: Number(place[2]) + 1 } : null;
}

/** MESSAGE with babel's place of FILE (column from 0) written as PLACE. */
export function withParsePlace(message: string, file: string, place: Place): string {
  return message.replace(new RegExp(`${escapeRegExp(file)}:\\d+:\\d+`), `${file}:${place.line}:${place.column}`);
}

/** The first frame of FILE in ERROR's stack (a module loaded anew has a query in its URL, before the line). */
export function stackPlace(error: unknown, file: string): Place | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frame = new RegExp(`${escapeRegExp(file)}(?:\\?[^:\\s]*)?:(\\d+)(?::(\\d+))?`).exec(stack);
  if (!frame) return null;
  return { line: Number(frame[1]), ...(frame[2] ? { column: Number(frame[2]) } : {}) };
}

/** The source map inlined at the end of CODE (jiti's `sourceMaps`), or null. */
export function inlineSourceMap(code: string): SourceMap | null {
  const data = /\/\/# sourceMappingURL=data:application\/json;(?:charset=[^;,]+;)?base64,([A-Za-z0-9+/=]+)\s*$/.exec(code)?.[1];
  if (!data) return null;
  try {
    return new SourceMap(JSON.parse(Buffer.from(data, 'base64').toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * The place in the file as written of GENERATED, a place in the code evaluated (a transform
 * mapped by MAP, preceded on its line 1 by a wrapper of FIRST_LINE_SHIFT characters); GENERATED
 * itself when the map says nothing of it.
 */
export function originalPlace(generated: Place, map: SourceMap, firstLineShift: number): Place {
  if (generated.column === undefined) return generated;
  const column = generated.line === 1 ? generated.column - firstLineShift : generated.column;
  if (column < 1) return generated;
  const entry = map.findEntry(generated.line - 1, column - 1) as { generatedLine?: number; originalLine?: number; originalColumn?: number };
  // The nearest mapping before the place may be a line above it: it says nothing of this one.
  if (entry.generatedLine !== generated.line - 1 || entry.originalLine === undefined || entry.originalColumn === undefined) return generated;
  return { line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

// micromark applies its batched edits to a tokenizer's events with EditMap.consume, which
// copies every event of the list at each call. Its document tokenizer calls it whenever a
// line leaves a container inside a list item or a quote (`- a` / `  - b` then `- c`), with
// the edits at the end of the document's events: a list of items with sub-items, quotes
// in items or lists in quotes parsed in time growing with the square of their lines (10 000
// items with one sub-item each: 43 s). Applied from the first edit on, the same edits
// give the same events in time growing with what follows that edit.
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';

/** One batched edit as EditMap keeps it: at an index, remove so many events, add these. */
type Edit = [at: number, remove: number, add: Event[]];

/**
 * Applies the edits of MAP (sorted by index, one per index) to EVENTS as EditMap.consume
 * does, moving only the events from the first edit on: each edit's additions, then the
 * events from past its removal up to the next edit's index (none when its removal reaches
 * past that index).
 */
function applyEdits(map: Edit[], events: Event[]): void {
  const first = map[0][0];
  const rest: Event[] = [];
  let kept = first;
  for (const [at, remove, add] of map) {
    for (; kept < at; kept++) rest.push(events[kept]);
    for (const event of add) rest.push(event);
    kept = at + remove;
  }
  for (; kept < events.length; kept++) rest.push(events[kept]);
  events.length = first;
  for (const event of rest) events.push(event);
}

/**
 * Makes micromark's EditMap.consume move only the events from the first edit on (see the
 * top of this file). An edit map without the fields it reads (another version of the
 * package) keeps the package's own consume.
 */
export function installLinearEditMap(): void {
  const prototype = EditMap.prototype;
  const packaged = prototype.consume;
  prototype.consume = function consume(this: EditMap, events: Event[]): undefined {
    const { map, index } = this as unknown as { map: unknown; index: unknown };
    if (!Array.isArray(map) || !(index instanceof Map)) return packaged.call(this, events);
    if (map.length === 0) return;
    (map as Edit[]).sort((a, b) => a[0] - b[0]);
    applyEdits(map as Edit[], events);
    map.length = 0;
    index.clear();
  };
}

// Feeds one event stream to several consumers (the main reporter on stdout, the
// GitHub annotations on stderr) without reading it twice.
import { EventBuffer } from './event-buffer.js';

export function tee<T>(source: AsyncIterable<T>, count: number): { branches: AsyncIterable<T>[]; done: Promise<void> } {
  const buffers = Array.from({ length: count }, () => new EventBuffer<T>());
  const done = (async () => {
    try {
      for await (const item of source) for (const buffer of buffers) buffer.push(item);
    } finally {
      for (const buffer of buffers) buffer.end();
    }
  })();
  return { branches: buffers, done };
}

// Turns the bytes of a file into text, reporting where the first invalid UTF-8 byte stands.

export interface DecodedText {
  text: string;
  /** 1-based line and column (in bytes) of the first byte that is not valid UTF-8, if any. */
  badByte: { line: number; column: number; offset: number } | null;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lossyDecoder = new TextDecoder('utf-8');

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { text: strictDecoder.decode(bytes), badByte: null };
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    return { text: lossyDecoder.decode(bytes), badByte: { line, column: offset - lineStart + 1, offset } };
  }
}

/** Offset of the first byte that does not begin or continue a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      const lo = k === 1 ? min : 0x80;
      const hi = k === 1 ? max : 0xbf;
      if (c === undefined || c < lo || c > hi) return i;
    }
    i += length;
  }
  return bytes.length;
}

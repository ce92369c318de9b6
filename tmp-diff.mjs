import { piecewiseTree, cutOffsets } from './dist/src/parse/pieces.js';
import { markdownParser } from './dist/src/parse/markdown.js';
const text = process.argv[2].replace(/\\n/g, '\n');
const parse = markdownParser(text);
console.log(cutOffsets(text, 1));
const a = JSON.stringify(piecewiseTree(text, parse, 1), null, 1), b = JSON.stringify(parse(text), null, 1);
const al = a.split('\n'), bl = b.split('\n');
for (let i = 0; i < Math.max(al.length, bl.length); i++) if (al[i] !== bl[i]) { console.log(i, 'pieces:', al.slice(i-12, i+3).join(' '), '\nwhole:', bl.slice(i-12, i+3).join(' ')); break; }

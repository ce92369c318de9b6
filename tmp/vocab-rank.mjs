import { execa } from 'execa';
import { NameMatcher } from '../dist/src/check/suggest.js';
import { vocabularyEntry } from '../dist/src/check/known-functions.js';
import { driverImage } from '../dist/src/run/lisp/driver.js';
import { defaultLisp } from '../dist/src/lisp-image/core-image.js';
const { stdout } = await execa(defaultLisp().sbcl, ['--core', await driverImage(), '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--load', 'dist/src/check/known-functions.lisp', '--eval', '(sb-ext:exit)'], { input: '' });
const lines = stdout.split('\n'); const m = new NameMatcher(lines.slice(0, lines.indexOf('')).map(vocabularyEntry));
const [name, ...counts] = process.argv.slice(2);
console.log(m.rank(name, counts.map(Number)).slice(0, 8));

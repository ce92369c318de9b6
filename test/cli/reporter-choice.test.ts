// --reporter name[:file]: parsing, and the rules over the whole list.
import fc from 'fast-check';
import t from 'tap';
import { parseReporterChoice, REPORTER_NAMES, reporterChoicesProblem } from '../../src/cli/reporter-choice.js';

t.test('a name alone writes to stdout; name:file to that file, whatever the file name holds', async (t) => {
  t.same(parseReporterChoice('tap'), { name: 'tap', destination: null });
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.constantFrom(...REPORTER_NAMES), fc.string({ minLength: 1 }), (name, file) => {
        const choice = parseReporterChoice(`${name}:${file}`);
        return choice.name === name && choice.destination === file;
      }),
    ),
  );
});

t.test('an unknown name or an empty file is an error that says what is accepted', async (t) => {
  t.throws(() => parseReporterChoice('xml'), /unknown reporter 'xml'; expected one of tap, spec, junit, junit-units, json, html/);
  t.throws(() => parseReporterChoice('html:'), /the file after ':' is empty/);
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes(':') && !(REPORTER_NAMES as readonly string[]).includes(s)), (name) => {
        try {
          parseReporterChoice(name);
          return false;
        } catch (error) {
          return /unknown reporter/.test((error as Error).message);
        }
      }),
    ),
  );
});

t.test('at most one reporter on stdout, and one file per reporter', async (t) => {
  t.equal(reporterChoicesProblem([parseReporterChoice('tap'), parseReporterChoice('html:r.html'), parseReporterChoice('junit:j.xml')]), null);
  t.match(reporterChoicesProblem([parseReporterChoice('tap'), parseReporterChoice('spec')]), /only one reporter may write to stdout, got tap and spec/);
  t.match(reporterChoicesProblem([parseReporterChoice('json:a'), parseReporterChoice('junit:a')]), /two reporters write to a/);
});

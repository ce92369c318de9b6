import { UnknownOperatorsSession } from '../dist/src/check/known-functions.js';
import { driverImage } from '../dist/src/run/lisp/driver.js';
const s = new UnknownOperatorsSession(driverImage);
const uses = process.argv.slice(2).map((a) => { const [name, ...c] = a.split(','); return { name, argumentCounts: c.map(Number) }; });
const r = await s.ask(uses);
for (const u of uses) console.log(u.name, u.argumentCounts.join(','), '->', JSON.stringify(r.get(u.name)));
s.close();

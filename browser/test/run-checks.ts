// Runs the browser checks whose names contain FILTER in headless Chromium and prints each outcome: the
// command-line twin of opening the page with ?only=FILTER.
//   npx tsx browser/test/run-checks.ts [FILTER]      (exit status 1 when a check fails)
import { findChromium } from './chromium.js';
import { runPage } from './run-page.js';

const chromium = findChromium();
if (!chromium) {
  console.error('run-checks: no Chromium found (set SEMIFORGE_CHROMIUM or run scripts/install-chromium.sh)');
  process.exit(2);
}
const only = process.argv[2];
const { report, pageErrors } = await runPage(chromium, { ...(only ? { only } : {}), log: (line) => console.log(`page: ${line}`) });
console.log(`${report.adapter.vendor} ${report.adapter.architecture} ${report.adapter.description}, ${report.userAgent}`);
if (report.error) console.log(`error: ${report.error}`);
for (const c of report.checks) console.log(`${c.ok ? 'ok    ' : 'FAILED'} ${(c.ms / 1000).toFixed(1).padStart(7)} s  ${c.name}: ${c.detail}`);
for (const e of pageErrors) console.log(`page error: ${e}`);
process.exit(report.error || pageErrors.length > 0 || report.checks.some((c) => !c.ok) ? 1 : 0);

// The page: opens a WebGPU device through the runtime (navigator.gpu here), runs every check on it and
// publishes the outcomes as window.semiforgeReport (read by test/in-browser.test.ts) and as a table.
import { openDevice } from '@semiforge/runtime';
import { CHECKS } from './checks/index.js';
import type { BrowserReport, CheckOutcome } from './report.js';
import { runChecks } from './run-checks.js';

const status = document.getElementById('status')!;
const table = document.getElementById('checks')!;

function show(outcome: CheckOutcome): void {
  const row = table.insertRow();
  row.className = outcome.ok ? 'ok' : 'fail';
  for (const text of [outcome.name, outcome.ok ? 'ok' : 'FAILED', outcome.ms.toFixed(0), outcome.detail]) row.insertCell().textContent = text;
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(new URL(path, document.baseURI));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} from the page's server`);
  return response.text();
}

async function main(): Promise<BrowserReport> {
  const none = { vendor: '', architecture: '', description: '' };
  let device;
  try {
    device = await openDevice();
  } catch (error) {
    return { userAgent: navigator.userAgent, adapter: none, checks: [], error: error instanceof Error ? error.message : String(error) };
  }
  const { vendor, architecture, description } = device.adapter;
  const adapter = { vendor, architecture, description };
  status.textContent = `running on ${adapter.vendor} ${adapter.architecture} ${adapter.description}…`;
  try {
    // ?only=spmv runs the checks whose names contain it (to look at one family in a browser's console).
    const only = new URL(document.baseURI).searchParams.get('only');
    const checks = await runChecks(only ? CHECKS.filter((c) => c.name.includes(only)) : CHECKS, { device, fetchText }, show);
    return { userAgent: navigator.userAgent, adapter, checks };
  } finally {
    device.destroy();
  }
}

const report = await main();
const failed = report.checks.filter((c) => !c.ok).length;
status.textContent = report.error ?? `${report.checks.length - failed} of ${report.checks.length} checks passed on ${report.adapter.vendor} ${report.adapter.architecture}`;
window.semiforgeReport = report;

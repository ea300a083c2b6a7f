// Every algorithm in a real browser: the page (index.html, src/main.ts) is built with Vite as an application
// would bundle Semiforge, served over http, and run in headless Chromium on its own WebGPU (SwiftShader's
// Vulkan where there is no GPU); each check's GPU result is compared with the CPU in the page.
import { describe, expect, it, beforeAll } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import { findChromium } from './chromium.js';
import { runPage, type PageRun } from './run-page.js';

const chromium = findChromium();
// CI installs Chromium (scripts/install-chromium.sh): there, a missing browser is a broken machine.
if (!chromium && process.env.CI) throw new Error('Chromium not found (set SEMIFORGE_CHROMIUM or install chromium: scripts/install-chromium.sh)');
const PAGE_TIMEOUT_MS = 900_000;

describe.skipIf(!chromium)(`in Chromium${chromium ? '' : ' (skipped: no chromium on PATH; set SEMIFORGE_CHROMIUM)'}`, () => {
  let run: PageRun;

  beforeAll(async () => {
    run = await runPage(chromium!, { timeoutMs: PAGE_TIMEOUT_MS });
  }, PAGE_TIMEOUT_MS + 120_000);

  it('opens a WebGPU device through navigator.gpu, with no uncaught error on the page', () => {
    const { report, pageErrors } = run;
    expect(report.error, report.error).toBeUndefined();
    expect(report.adapter.vendor).not.toBe('');
    expect(pageErrors).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual(CHECKS.map((c) => c.name));
  });

  it.each(CHECKS.map((c) => c.name))('%s', (name) => {
    const outcome = run.report.checks.find((c) => c.name === name)!;
    expect(outcome.ok, outcome.detail).toBe(true);
  });
});

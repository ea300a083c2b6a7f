// Builds the page with Vite, serves it and runs its checks in headless Chromium: what the browser test reads,
// and what `run-checks.ts` prints for one family.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import type { BrowserReport } from '../src/report.js';
import { CHROMIUM_FLAGS } from './chromium.js';
import { serveDir } from './serve-dir.js';

/** What a run of the page gave: its report and the errors no check caught. */
export interface PageRun {
  readonly report: BrowserReport;
  readonly pageErrors: readonly string[];
}

/**
 * Runs the page's checks (only those whose names contain `only`, when given) in the Chromium at `chromium`.
 *
 * @example
 * const { report } = await runPage(findChromium()!, { only: 'apsp:' });
 * console.log(report.checks.filter((c) => !c.ok));
 */
export async function runPage(chromium: string, options: { only?: string; timeoutMs?: number; log?: (line: string) => void } = {}): Promise<PageRun> {
  const timeout = options.timeoutMs ?? 900_000;
  const outDir = await mkdtemp(join(tmpdir(), 'semiforge-browser-'));
  const pageErrors: string[] = [];
  try {
    await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const server = await serveDir(outDir);
    const browser = await puppeteer.launch({ executablePath: chromium, args: [...CHROMIUM_FLAGS], protocolTimeout: timeout });
    try {
      const page = await browser.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      if (options.log) page.on('console', (message) => options.log!(message.text()));
      await page.goto(options.only ? `${server.url}?only=${encodeURIComponent(options.only)}` : server.url);
      await page.waitForFunction(() => window.semiforgeReport !== undefined, { timeout, polling: 1000 });
      const report = (await page.evaluate(() => window.semiforgeReport))!;
      return { report, pageErrors };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

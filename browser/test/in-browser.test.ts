// Every algorithm in a real browser: the page (index.html, src/main.ts) is built with Vite as an application
// would bundle Semiforge, served over http, and run in headless Chromium on its own WebGPU (SwiftShader's
// Vulkan where there is no GPU); each check's GPU result is compared with the CPU in the page.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import type { BrowserReport } from '../src/report.js';
import { CHROMIUM_FLAGS, findChromium } from './chromium.js';
import { serveDir } from './serve-dir.js';

const chromium = findChromium();
// CI installs Chromium (scripts/install-chromium.sh): there, a missing browser is a broken machine.
if (!chromium && process.env.CI) throw new Error('Chromium not found (set SEMIFORGE_CHROMIUM or install chromium: scripts/install-chromium.sh)');
const PAGE_TIMEOUT_MS = 900_000;

describe.skipIf(!chromium)(`in Chromium${chromium ? '' : ' (skipped: no chromium on PATH; set SEMIFORGE_CHROMIUM)'}`, () => {
  let report: BrowserReport;
  let browser: Browser | undefined;
  let outDir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'semiforge-browser-'));
    await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), build: { outDir, emptyOutDir: true } });
    const server = await serveDir(outDir);
    try {
      browser = await puppeteer.launch({ executablePath: chromium, args: [...CHROMIUM_FLAGS], protocolTimeout: PAGE_TIMEOUT_MS });
      const page = await browser.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      await page.goto(server.url);
      await page.waitForFunction(() => window.semiforgeReport !== undefined, { timeout: PAGE_TIMEOUT_MS, polling: 1000 });
      report = (await page.evaluate(() => window.semiforgeReport))!;
    } finally {
      await server.close();
    }
  }, PAGE_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    await browser?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it('opens a WebGPU device through navigator.gpu, with no uncaught error on the page', () => {
    expect(report.error, report.error).toBeUndefined();
    expect(report.adapter.vendor).not.toBe('');
    expect(pageErrors).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual(CHECKS.map((c) => c.name));
  });

  it.each(CHECKS.map((c) => c.name))('%s', (name) => {
    const outcome = report.checks.find((c) => c.name === name)!;
    expect(outcome.ok, outcome.detail).toBe(true);
  });
});

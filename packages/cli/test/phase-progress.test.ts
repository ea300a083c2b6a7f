import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../src/io.js';
import { phaseProgress } from '../src/output/phase-progress.js';

function terminal(env: Record<string, string | undefined> = {}): { io: CliIo; text: () => string } {
  let text = '';
  const stream = { isTTY: true, columns: 80, write: (s: string) => ((text += s), true), on: () => stream, removeListener: () => stream };
  return { io: { stdout: stream, stderr: stream, env }, text: () => text };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('phaseProgress', () => {
  it('draws nothing for a command that ends within a second', () => {
    vi.useFakeTimers();
    const t = terminal();
    const p = phaseProgress(t.io, 'convert');
    p.phase('reading', 100);
    p.update(50);
    p.stop();
    expect(t.text()).toBe('');
  });

  it('draws the phase on a terminal once a second has passed', () => {
    vi.useFakeTimers();
    const t = terminal();
    const p = phaseProgress(t.io, 'convert');
    p.phase('reading', 100);
    vi.advanceTimersByTime(1500);
    p.update(50);
    p.stop();
    expect(t.text()).toContain('convert reading');
  });

  it('never draws in CI', () => {
    vi.useFakeTimers();
    const t = terminal({ CI: 'true' });
    const p = phaseProgress(t.io, 'convert');
    p.phase('reading', 100);
    vi.advanceTimersByTime(1500);
    p.update(50);
    p.stop();
    expect(t.text()).toBe('');
  });
});

import type { CudaDiagnostic } from './errors.js';

// nvcc: `/tmp/x/fw_update.cu(42): error: identifier "q" is undefined`; NVRTC: `fw_update.cu(42): error: ...`;
// warnings may carry a number: `warning #177-D: variable "x" was declared but never referenced`.
const LINE_RE = /^(?:.*?)\((\d+)\): (error|warning)(?: #[\w-]+)?: (.*)$/;
// ptxas and the driver: `ptxas error   : Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)`.
const NO_LINE_RE = /^(?:ptxas|nvlink|nvcc)\s*(error|fatal)\s*:\s*(.*)$/i;

/**
 * The diagnostics of an nvcc or NVRTC log, each with its 1-based line in the compiled source (which is the
 * generated source itself: it is compiled as one file, without a preamble, so the lines match). Pure.
 *
 * @example
 * parseCompileLog('k.cu(12): error: expected a ";"'); // [{ severity: 'error', line: 12, message: 'expected a ";"' }]
 */
export function parseCompileLog(log: string): CudaDiagnostic[] {
  const out: CudaDiagnostic[] = [];
  for (const raw of log.split('\n')) {
    const text = raw.trim();
    const m = LINE_RE.exec(text);
    if (m) {
      out.push({ severity: m[2] as 'error' | 'warning', line: Number(m[1]), message: m[3].trim() });
      continue;
    }
    const n = NO_LINE_RE.exec(text);
    if (n) out.push({ severity: 'error', line: 0, message: n[2].trim() });
  }
  return out;
}

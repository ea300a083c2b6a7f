import type { BrowserCheck, CheckContext } from './checks/check.js';
import type { CheckOutcome } from './report.js';

/** Runs the checks one after another; a check that throws is a failed outcome with the error's message, not the end of the run. */
export async function runChecks(checks: readonly BrowserCheck[], context: CheckContext, onOutcome: (outcome: CheckOutcome) => void): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    const started = performance.now();
    let outcome: CheckOutcome;
    try {
      const detail = await check.run(context);
      outcome = { name: check.name, ok: true, detail, ms: performance.now() - started };
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      outcome = { name: check.name, ok: false, detail: message, ms: performance.now() - started };
    }
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}

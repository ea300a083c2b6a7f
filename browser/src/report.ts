/** What one check found in the browser. */
export interface CheckOutcome {
  readonly name: string;
  readonly ok: boolean;
  /** What was run and checked, or why it failed. */
  readonly detail: string;
  /** Wall milliseconds, GPU work and CPU check together. */
  readonly ms: number;
}

/** What the page publishes as `window.semiforgeReport` once every check has run. */
export interface BrowserReport {
  readonly userAgent: string;
  /** The WebGPU adapter the checks ran on, as the browser describes it. */
  readonly adapter: { readonly vendor: string; readonly architecture: string; readonly description: string };
  readonly checks: readonly CheckOutcome[];
  /** Set when the page could not run the checks at all (no WebGPU, no adapter). */
  readonly error?: string;
}

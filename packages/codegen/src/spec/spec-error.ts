/** A spec that cannot become a kernel; the message names the parameter and the rule. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(`KernelSpec.${parameter}: ${message}`);
  }
}

import { NoAdapterError, openDevice } from '@semiforge/runtime';

/**
 * Why GPU tests are skipped, or undefined when an adapter exists. Without one they fail in CI (which has
 * lavapipe) and are skipped locally with the reason.
 */
export const noGpuReason: string | undefined = await (async () => {
  try {
    (await openDevice()).destroy();
    return undefined;
  } catch (error) {
    if (!(error instanceof NoAdapterError) || process.env.CI) throw error;
    console.warn(`Skipping GPU tests: ${error.message}`);
    return error.message;
  }
})();

import { gpuSkipReason } from '@semiforge/runtime/testing';

/** Why GPU tests are skipped, or undefined when an adapter exists (see `@semiforge/runtime/testing`). */
export const noGpuReason: string | undefined = await gpuSkipReason();

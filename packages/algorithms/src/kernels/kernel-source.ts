import { generateKernel, kernelIdentity, type GeneratedKernel, type KernelSpec } from '@semiforge/codegen';
import { CATALOG } from '../generated/kernels/index.js';

/** The kernel for a spec: from the ahead-of-time catalog when it is there, generated now otherwise. */
export function kernelFor(spec: KernelSpec): GeneratedKernel {
  return CATALOG[kernelIdentity(spec).id] ?? generateKernel(spec);
}

/** Whether a spec's kernel ships in the catalog (for tests and `semiforge codegen --list`). */
export function inCatalog(spec: KernelSpec): boolean {
  return kernelIdentity(spec).id in CATALOG;
}

import { familyOf } from '../families/index.js';
import type { KernelSpec } from '../spec/kernel-spec.js';
import type { OpInfo } from './op-info.js';

/** The op table entry of a spec, typed for its family. */
export function opInfo(spec: KernelSpec): OpInfo<KernelSpec> {
  return familyOf(spec).opInfo[spec.op];
}

import type { Semiring } from '../semiring/semiring.js';
import { maxMin } from './max-min.js';
import { minPlus } from './min-plus.js';
import { orAnd } from './or-and.js';
import { plusTimes } from './plus-times.js';

export { maxMin, minPlus, orAnd, plusTimes };

/** The semirings that ship with Semiforge; `nx g @semiforge/tools:semiring NAME` adds to this list. */
export const BUILTIN_SEMIRINGS: readonly Semiring[] = [minPlus, plusTimes, maxMin, orAnd];

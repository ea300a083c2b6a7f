import { SemiringError, type Semiring } from './semiring.js';
import { BUILTIN_SEMIRINGS } from '../semirings/index.js';

const registry = new Map<string, Semiring>(BUILTIN_SEMIRINGS.map((s) => [s.name, s]));

/**
 * Makes a user semiring available by name to specs, the CLI and the algorithms.
 * @example registerSemiring(defineSemiring({ name: 'max-plus', ... }));
 */
export function registerSemiring(semiring: Semiring): void {
  const existing = registry.get(semiring.name);
  if (existing && existing !== semiring) {
    throw new SemiringError(`semiring '${semiring.name}' is already registered; pick another name`);
  }
  registry.set(semiring.name, semiring);
}

/** Looks a semiring up by name; the error lists the known ones. */
export function getSemiring(name: string): Semiring {
  const s = registry.get(name);
  if (!s) throw new SemiringError(`unknown semiring '${name}' (known: ${[...registry.keys()].join(', ')})`);
  return s;
}

export function listSemirings(): Semiring[] {
  return [...registry.values()];
}

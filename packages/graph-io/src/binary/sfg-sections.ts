import { SECTION_NAMES, type SfgElementType, type SfgSectionName, type SfgWeightType } from './sfg-format.js';

/** One section a graph needs: what it holds, its element type and length in elements. */
export interface SfgSectionSpec {
  readonly name: SfgSectionName;
  readonly kind: number;
  readonly element: SfgElementType;
  readonly count: number;
}

/**
 * The sections of a graph with `n` vertices and `arcs` arcs, in the order they are written. The writer
 * lays them out from this list and the reader checks the table against it, so both agree by construction.
 *
 * @example
 * ```ts
 * sfgSections(3, 4, 'f32', false).map((s) => s.name); // ['indptr', 'indices', 'weights']
 * ```
 */
export function sfgSections(n: number, arcs: number, weightType: SfgWeightType, hasIds: boolean): SfgSectionSpec[] {
  const spec = (name: SfgSectionName, element: SfgElementType, count: number): SfgSectionSpec => ({
    name,
    kind: SECTION_NAMES.indexOf(name),
    element,
    count,
  });
  const sections = [spec('indptr', 'u32', n + 1), spec('indices', 'u32', arcs)];
  if (weightType !== 'none') sections.push(spec('weights', weightType, arcs));
  if (hasIds) sections.push(spec('ids', 'u32', n));
  return sections;
}

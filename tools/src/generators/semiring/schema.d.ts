/** The element types a semiring can be defined for (those of @semiforge/codegen's `ElementType`). */
export type SemiringElementType = 'f32' | 'i32' | 'u32';

/** Options of `nx g @semiforge/tools:semiring`, as schema.json declares them. */
export interface SemiringGeneratorSchema {
  /** kebab-case, e.g. `max-plus`. */
  name: string;
  description?: string;
  /** Default `['f32']`. */
  types?: SemiringElementType[];
  /** Default `true`. */
  idempotent?: boolean;
}

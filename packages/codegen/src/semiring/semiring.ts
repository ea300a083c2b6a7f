import { CONSTANTS } from './constants.js';
import { ELEMENT_TYPES, type ElementType } from '../spec/element-type.js';

/** A constant named by meaning, resolved per element type (see `CONSTANTS`), or a plain number. */
export type SemiringConstant = 'INF' | 'NEG_INF' | number;

/** An expression in `a` and `b` (and the constants `INF`, `NEG_INF`), for every type or per type. */
export type TargetExpr = string | Partial<Record<ElementType, string>>;

/**
 * A host implementation of ⊕ or ⊗; the CPU references use it, so it must round exactly like the GPU. It is called
 * with the element type as a third argument: `Math.max` itself would take that too (and give NaN), so wrap it.
 */
export type HostOp = (a: number, b: number, type: ElementType) => number;

/**
 * A semiring as data: one algorithm template serves every semiring (GraphBLAS-style).
 *
 * @example
 * const maxPlus = defineSemiring({
 *   name: 'max-plus', description: 'longest paths in a DAG', types: ['f32'], idempotent: true,
 *   zero: 'NEG_INF', one: 0,
 *   wgsl: { add: 'max(a, b)', mul: 'select(a + b, NEG_INF, (a <= NEG_INF) | (b <= NEG_INF))' },
 *   cuda: { add: 'fmaxf(a, b)', mul: '(a <= NEG_INF || b <= NEG_INF) ? NEG_INF : a + b' },
 *   host: { add: (a, b) => Math.max(a, b), mul: (a, b) => (a <= -(2 ** 126) || b <= -(2 ** 126) ? -(2 ** 126) : Math.fround(a + b)) },
 * });
 */
export interface SemiringDefinition {
  /** kebab-case; becomes snake_case in kernel names (`min-plus` → `min_plus`). */
  readonly name: string;
  readonly description: string;
  /** Element types the semiring is defined for. */
  readonly types: readonly ElementType[];
  /** a ⊕ a = a and a ⊕ (a ⊗ b) = a for the diagonal values: Floyd-Warshall's closure needs it. */
  readonly idempotent: boolean;
  /** ⊕ identity and ⊗ annihilator: the value of "no edge". */
  readonly zero: SemiringConstant;
  /** ⊗ identity: the value of the empty path (the diagonal). */
  readonly one: SemiringConstant;
  /**
   * WGSL ⊕ and ⊗. Join conditions with `|` and `&` on bool, not `||` and `&&`: those short-circuit, so every ⊗
   * of an unrolled loop becomes a branch (SwiftShader, Chrome's software WebGPU, never finished compiling
   * i32 APSP's kernels that way: after 358 s creating the pipelines the device was lost; with `|` the check took 2.6 s).
   */
  readonly wgsl: { readonly add: TargetExpr; readonly mul: TargetExpr };
  readonly cuda: { readonly add: TargetExpr; readonly mul: TargetExpr };
  readonly host: { readonly add: HostOp; readonly mul: HostOp };
}

/** A validated semiring with its constants resolved per type. */
export interface Semiring extends SemiringDefinition {
  /** snake_case name used in generated identifiers. */
  readonly id: string;
  zeroOf(type: ElementType): number;
  oneOf(type: ElementType): number;
  /** The ⊕/⊗ expressions for a target and type. */
  expr(target: 'wgsl' | 'cuda', op: 'add' | 'mul', type: ElementType): string;
  /** The constant's literal in a target's syntax. */
  literal(target: 'wgsl' | 'cuda', c: SemiringConstant, type: ElementType): string;
}

export class SemiringError extends Error {
  override readonly name = 'SemiringError';
}

const NAME_RULE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function resolve(c: SemiringConstant, type: ElementType): number {
  return typeof c === 'number' ? c : CONSTANTS[type][c];
}

function literal(target: 'wgsl' | 'cuda', c: SemiringConstant, type: ElementType): string {
  if (typeof c !== 'number') return CONSTANTS[type][target][c];
  if (type === 'f32') {
    const s = Number.isInteger(c) ? `${c}.0` : `${c}`;
    return target === 'wgsl' ? `${s}f` : `${s}f`;
  }
  if (type === 'u32') return `${c}u`;
  return target === 'wgsl' ? `${c}i` : `${c}`;
}

/**
 * The host ops against the identities any semiring has: zero is ⊕'s identity and one is ⊗'s, so
 * zero ⊕ one = one ⊕ zero = one, zero ⊕ zero = zero, one ⊗ one = one, one ⊗ zero = zero ⊗ one = zero. A host op that
 * breaks them (`Math.max` passed as is: called with the type as a third argument it returns NaN) made every CPU
 * reference wrong, so that correct GPU answers failed their check.
 */
function checkHostIdentities(where: string, def: SemiringDefinition, type: ElementType): void {
  const [zero, one] = [resolve(def.zero, type), resolve(def.one, type)];
  const cases = [['add', zero, one, one], ['add', one, zero, one], ['add', zero, zero, zero], ['mul', one, one, one], ['mul', one, zero, zero], ['mul', zero, one, zero]] as const;
  for (const [op, a, b, want] of cases) {
    const got = def.host[op](a, b, type);
    if (got !== want) {
      const sign = op === 'add' ? '⊕' : '⊗';
      throw new SemiringError(
        `${where}: host.${op}(${a}, ${b}, '${type}') gave ${got}, but ${a} ${sign} ${b} must be ${want} (zero = ${zero} is ⊕'s identity, one = ${one} is ⊗'s); ` +
          'host ops are called with the element type as a third argument: wrap Math.max and the like, (a, b) => Math.max(a, b)',
      );
    }
  }
}

/**
 * Checks a semiring definition and returns it ready for the code generator. Errors name the field and the rule.
 */
export function defineSemiring(def: SemiringDefinition): Semiring {
  const where = `semiring '${def.name}'`;
  if (!NAME_RULE.test(def.name)) {
    throw new SemiringError(`${where}: name must be kebab-case (${NAME_RULE}), got '${def.name}'`);
  }
  if (def.types.length === 0) throw new SemiringError(`${where}: types must list at least one element type`);
  for (const t of def.types) {
    if (!ELEMENT_TYPES.includes(t)) {
      throw new SemiringError(`${where}: unknown element type '${t}' (one of ${ELEMENT_TYPES.join(', ')})`);
    }
  }
  for (const target of ['wgsl', 'cuda'] as const) {
    for (const op of ['add', 'mul'] as const) {
      const e = def[target]?.[op];
      for (const t of def.types) {
        const text = typeof e === 'string' ? e : e?.[t];
        if (!text || !/\ba\b/.test(text) || !/\bb\b/.test(text)) {
          throw new SemiringError(`${where}: ${target}.${op} for ${t} must be an expression in a and b, got ${JSON.stringify(text)}`);
        }
      }
    }
  }
  for (const op of ['add', 'mul'] as const) {
    if (typeof def.host?.[op] !== 'function') throw new SemiringError(`${where}: host.${op} must be a function (a, b, type) => number`);
  }
  for (const t of def.types) checkHostIdentities(where, def, t);
  return Object.freeze({
    ...def,
    id: def.name.replace(/-/g, '_'),
    zeroOf: (type: ElementType) => resolve(def.zero, type),
    oneOf: (type: ElementType) => resolve(def.one, type),
    expr(target: 'wgsl' | 'cuda', op: 'add' | 'mul', type: ElementType) {
      if (!def.types.includes(type)) {
        throw new SemiringError(`${where} is not defined for element type ${type} (it supports ${def.types.join(', ')})`);
      }
      const e = def[target][op];
      return typeof e === 'string' ? e : (e[type] as string);
    },
    literal,
  });
}

/**
 * The u32 "no vertex" marker: ELL padding, a BFS parent of an unreached vertex. `MAX_VERTICES` keeps it
 * free of real ids.
 */
export const NO_VERTEX = 0xffffffff;

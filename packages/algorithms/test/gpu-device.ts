/** One device per test file, or undefined where GPU tests are skipped (see `@semiforge/runtime/testing`). */
export { openTestDevice as testDevice } from '@semiforge/runtime/testing';

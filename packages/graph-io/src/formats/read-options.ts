/** Options shared by all readers. */
export interface ReadOptions {
  /** Name shown in error messages (`<input>` when absent). */
  readonly file?: string;
}

// Command-line options of a suite's entry, for people at a shell: `--help` lists them, a wrong one is one line.
import { relative } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Each option as `--name <type>` with its short form, default and whether it repeats: what `--help` prints. */
export function optionLines(options: Options): string[] {
  return Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ' <value>' : ''}`;
    const notes = [o.default === undefined || o.default === '' ? '' : `default ${JSON.stringify(o.default)}`, o.multiple ? 'repeatable' : ''].filter(Boolean);
    return `  ${flag}${notes.length ? `  (${notes.join(', ')})` : ''}`;
  });
}

/**
 * `parseArgs(config)` for a suite's entry. `--help` (or `-h`) prints the options with their defaults and exits 0;
 * an unknown option, a missing value or an unexpected positional prints the parser's message and a pointer to
 * `--help` and exits 2, instead of a stack trace. What each option means is in the entry's opening comment.
 *
 * @example
 * ```ts
 * const args = suiteArgs({ options: { sizes: { type: 'string', default: 'small' } } });
 * ```
 */
export function suiteArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>>['values'] {
  const script = relative(process.cwd(), process.argv[1] ?? 'run');
  const options = config.options ?? {};
  try {
    const { values } = parseArgs({ ...config, options: { ...options, help: { type: 'boolean', short: 'h' } } }) as { values: Record<string, unknown> };
    if (values.help) {
      console.log(`usage: ${script} [options]  (what each does: the opening comment of the entry's source under benchmarks/)\n${optionLines(options).join('\n')}`);
      process.exit(0);
    }
    delete values.help;
    return values as ReturnType<typeof parseArgs<T>>['values'];
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) throw error;
    console.error(`${script}: ${error.message.split('\n')[0]}; see ${script} --help`);
    process.exit(2);
  }
}

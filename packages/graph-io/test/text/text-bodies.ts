import fc from 'fast-check';

/** A generated body: its text and what a reader should find in it. */
export interface TextBody {
  readonly text: string;
  readonly n: number;
  readonly entries: number;
}

export type BodyValue = 'none' | 'integer' | 'real';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const sign = fc.constantFrom('', '', '-', '+');

/** Decimal text in every form the strict parser accepts: fast-path numbers, long mantissas, big exponents. */
const realText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.tuple(sign, digits(1, 8), fc.constantFrom('', '.'), digits(0, 8)).map(([s, a, p, b]) => `${s}${a}${p}${p ? b : ''}`),
  fc.tuple(sign, digits(0, 3), digits(1, 6)).map(([s, a, b]) => `${s}${a}.${b}`),
  fc.tuple(sign, digits(1, 25), digits(0, 25), fc.constantFrom('e', 'E'), sign, fc.integer({ min: 0, max: 280 })).map(
    ([s, a, b, e, es, x]) => `${s}${a}${b ? `.${b}` : ''}${e}${es}${x}`,
  ),
  fc.constantFrom('0', '-0', '-0.0', '1e-400', '9007199254740993', '0.1e23', '123456789012345678901234567890', '4.9e-324'),
);
const integerText = fc.oneof(
  fc.tuple(sign, fc.integer({ min: 0, max: 100_000 })).map(([s, v]) => `${s}${v}`),
  fc.constantFrom('-0', '+0', '9007199254740991', '-9007199254740991', '0007'),
);
const blank = fc.string({ unit: fc.constantFrom(' ', ' ', '\t', '\r'), minLength: 1, maxLength: 3 });
const optBlank = fc.string({ unit: fc.constantFrom(' ', '\t', '\r'), maxLength: 2 });
const lineEnd = fc.constantFrom('\n', '\n', '\r\n', ' \n', '\t\r\n');

/**
 * A valid body of `i j [value]` lines with random spacing, CRLF, blank and comment lines, ids in
 * `base..n-1+base` (sometimes with leading zeros) and, at random, no newline after the last line.
 */
export function validBody(value: BodyValue, base: 0 | 1, commentChars: readonly string[]): fc.Arbitrary<TextBody> {
  const valueText = value === 'none' ? fc.constant('') : value === 'integer' ? integerText : realText;
  return fc.integer({ min: 1, max: 40 }).chain((n) => {
    const id = fc.tuple(fc.constantFrom('', '', '', '0'), fc.integer({ min: base, max: n - 1 + base })).map(([z, v]) => `${z}${v}`);
    const entry = fc
      .tuple(optBlank, id, blank, id, blank, valueText, lineEnd)
      .map(([a, i, s, j, t, v, e]) => `${a}${i}${s}${j}${value === 'none' ? '' : `${t}${v}`}${e}`);
    const other = fc.oneof(
      fc.tuple(optBlank, fc.constantFrom(...commentChars), fc.constantFrom('', ' c 1 2', '\t%#x')).map(([a, c, r]) => `${a}${c}${r}\n`),
      fc.tuple(optBlank, fc.constantFrom('\n', '\r\n')).map(([a, e]) => `${a}${e}`),
    );
    const line = fc.oneof({ arbitrary: entry.map((text) => ({ text, entry: 1 })), weight: 5 }, { arbitrary: other.map((text) => ({ text, entry: 0 })), weight: 1 });
    return fc.tuple(fc.array(line, { maxLength: 50 }), fc.boolean()).map(([lines, cutLast]) => {
      let text = lines.map((l) => l.text).join('');
      if (cutLast && text.endsWith('\n')) text = text.slice(0, -1);
      return { text, n, entries: lines.reduce((s, l) => s + l.entry, 0) };
    });
  });
}

/** Replaces, inserts or deletes a few bytes of `text`, with characters these formats care about. */
export function mutated(text: string): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.nat(),
    fc.constantFrom('replace', 'insert', 'delete'),
    fc.constantFrom(...' \t\r\n0123456789-+.eExX%#', '\v', '\u00a0', '99999999999', '1e999', 'nan'),
  );
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => {
    let s = text;
    for (const [at, kind, c] of edits) {
      const k = s.length === 0 ? 0 : at % (s.length + 1);
      if (kind === 'insert') s = s.slice(0, k) + c + s.slice(k);
      else if (kind === 'replace') s = s.slice(0, k) + c + s.slice(k + 1);
      else s = s.slice(0, k) + s.slice(k + 1);
    }
    return s;
  });
}

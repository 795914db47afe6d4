// Where a JSON text goes wrong, as line and column. JSON.parse's own messages do not always carry
// a position (V8 often quotes a snippet instead), so a small scanner finds the first bad character.

export type JsonSyntaxProblem = { offset: number; reason: string };

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

class Scanner {
  offset = 0;
  constructor(private readonly text: string) {}

  fail(reason?: string): never {
    const ch = this.text[this.offset];
    throw new SyntaxProblem({
      offset: this.offset,
      reason: reason ?? (ch === undefined ? "unexpected end of input" : `unexpected token ${JSON.stringify(ch)}`),
    });
  }

  skipWhitespace(): void {
    while (WHITESPACE.has(this.text[this.offset] ?? "")) this.offset++;
  }

  value(): void {
    this.skipWhitespace();
    const ch = this.text[this.offset];
    if (ch === "{") return this.object();
    if (ch === "[") return this.array();
    if (ch === '"') return this.string();
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return this.number();
    for (const word of ["true", "false", "null"]) {
      if (this.text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return;
      }
    }
    this.fail();
  }

  object(): void {
    this.offset++;
    this.skipWhitespace();
    if (this.text[this.offset] === "}") {
      this.offset++;
      return;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.offset] !== '"') this.fail();
      this.string();
      this.skipWhitespace();
      if (this.text[this.offset] !== ":") this.fail();
      this.offset++;
      this.value();
      this.skipWhitespace();
      const ch = this.text[this.offset];
      this.offset++;
      if (ch === "}") return;
      if (ch !== ",") {
        this.offset--;
        this.fail();
      }
    }
  }

  array(): void {
    this.offset++;
    this.skipWhitespace();
    if (this.text[this.offset] === "]") {
      this.offset++;
      return;
    }
    for (;;) {
      this.value();
      this.skipWhitespace();
      const ch = this.text[this.offset];
      this.offset++;
      if (ch === "]") return;
      if (ch !== ",") {
        this.offset--;
        this.fail();
      }
    }
  }

  string(): void {
    this.offset++;
    for (;;) {
      const ch = this.text[this.offset];
      if (ch === undefined) this.fail("unterminated string");
      if (ch === '"') {
        this.offset++;
        return;
      }
      if (ch < " ") this.fail("unescaped control character in a string");
      if (ch === "\\") {
        const next = this.text[this.offset + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/u.test(this.text.slice(this.offset + 2, this.offset + 6))) this.fail("bad \\u escape");
          this.offset += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) this.fail("bad escape in a string");
        this.offset += 2;
        continue;
      }
      this.offset++;
    }
  }

  number(): void {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/u.exec(this.text.slice(this.offset, this.offset + 400));
    if (!match) this.fail("bad number");
    this.offset += match[0].length;
  }

  document(): void {
    this.value();
    this.skipWhitespace();
    if (this.offset < this.text.length) this.fail();
  }
}

class SyntaxProblem extends Error {
  constructor(readonly problem: JsonSyntaxProblem) {
    super(problem.reason);
  }
}

/** The first syntax problem of a text JSON.parse refused; null if the scanner finds none. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | null {
  try {
    new Scanner(text).document();
    return null;
  } catch (error) {
    if (error instanceof SyntaxProblem) return error.problem;
    // Nesting deep enough to overflow the stack: report it at the start.
    return { offset: 0, reason: "nested too deeply" };
  }
}

/** 1-based line and column (in characters) of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/u);
  const last = lines[lines.length - 1] ?? "";
  return { line: lines.length, column: [...last].length + 1 };
}

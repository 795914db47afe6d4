// Structured logs: one JSON object a line on stdout (errors on stderr), which every log collector reads as
// it is. The web server, its cache and the worker log through here; Next's own messages stay as Next writes them.

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields: Fields): void {
  const entry: Fields = { time: new Date().toISOString(), level, msg: message };
  for (const [key, value] of Object.entries(fields)) entry[key] = plain(value);
  const line = `${JSON.stringify(entry)}\n`;
  if (level === "error") process.stderr.write(line);
  else process.stdout.write(line);
}

export const log = {
  info: (message: string, fields: Fields = {}) => write("info", message, fields),
  warn: (message: string, fields: Fields = {}) => write("warn", message, fields),
  error: (message: string, fields: Fields = {}) => write("error", message, fields),
};

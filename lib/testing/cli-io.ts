import type { CliIo } from "@/lib/edges/cli/validate-command";

/** The CLI's input and output in memory: `files` are what it may read (others fail as ENOENT). */
export function fakeCliIo(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const io: CliIo = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
      return text;
    },
    writeFile: async (path, text) => {
      if (path in files || path in written) throw Object.assign(new Error(`EEXIST: ${path}`), { code: "EEXIST" });
      written[path] = text;
    },
  };
  return { io, stdout: () => out.join(""), stderr: () => err.join(""), written };
}

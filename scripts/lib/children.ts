// Child processes that end with their parent, and a way to wait for them.
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "./database";

const running = new Set<ChildProcess>();

export function startChild(command: string, args: string[], extraEnv: Record<string, string>, cwd = projectRoot): ChildProcess {
  const child = spawn(command, args, { cwd, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Runs a command to its end; resolves with its exit code. */
export function run(command: string, args: string[], extraEnv: Record<string, string> = {}, cwd = projectRoot): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = startChild(command, args, extraEnv, cwd);
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function stopChildren(): void {
  for (const child of running) child.kill("SIGTERM");
}

export const bin = (name: string) => `${projectRoot}/node_modules/.bin/${name}`;

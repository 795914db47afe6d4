#!/usr/bin/env bash
# Builds the worker and the migration runner as plain JavaScript in dist/, which Node runs without TypeScript, tsx or
# the checkout's node_modules: dist/worker.mjs (scripts/worker.ts) and dist/migrate.mjs (scripts/bundle/migrate.ts),
# with the Prisma schema, the migrations and the schema engine's wasm beside them for the migration runner, and in
# dist/node_modules the one package that cannot be bundled: sharp (the logo check's image reader), a native addon,
# with the packages it loads, as installed here for this platform.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
mkdir -p dist/prisma
# The worker loads modules marked server-only, which resolve to nothing only under the react-server condition.
# pg-native is pg's optional native driver, never installed: pg falls back to its JavaScript one when it is absent.
# require() in the ESM output serves the CommonJS packages bundled in.
npx esbuild scripts/worker.ts scripts/bundle/migrate.ts \
  --bundle --platform=node --format=esm --target=node22 \
  --conditions=react-server \
  --external:pg-native --external:sharp \
  --outdir=dist --out-extension:.js=.mjs --entry-names='[name]' \
  --banner:js='import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);' \
  --log-level=warning
cp prisma/schema.prisma dist/prisma/schema.prisma
cp -r prisma/migrations dist/prisma/migrations
cp node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm dist/schema_engine_bg.wasm
# sharp and what it requires, found the way Node finds them from sharp's own folder (its optional platform packages
# only where installed).
node --input-type=module -e '
  import { cpSync, existsSync, readFileSync } from "node:fs";
  import { createRequire } from "node:module";
  import path from "node:path";
  const copied = new Set();
  function copy(name, from) {
    // A package folder is the nearest one named after it on Node'"'"'s lookup path from `from`.
    const dir = createRequire(from).resolve.paths(name).map((p) => path.join(p, name)).find((d) => existsSync(path.join(d, "package.json")));
    if (!dir || copied.has(dir)) return;
    copied.add(dir);
    cpSync(dir, path.join("dist/node_modules", name), { recursive: true, dereference: true });
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copy(dep, path.join(dir, "package.json"));
  }
  copy("sharp", path.resolve("package.json"));
  if (!existsSync("dist/node_modules/sharp")) throw new Error("sharp is not installed");
'

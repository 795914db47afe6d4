#!/usr/bin/env bash
# Builds the worker and the migration runner as plain JavaScript in dist/, which Node runs without TypeScript, tsx or
# node_modules: dist/worker.mjs (scripts/worker.ts) and dist/migrate.mjs (scripts/bundle/migrate.ts), with the
# Prisma schema, the migrations and the schema engine's wasm beside them for the migration runner.
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
  --external:pg-native \
  --outdir=dist --out-extension:.js=.mjs --entry-names='[name]' \
  --banner:js='import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);' \
  --log-level=warning
cp prisma/schema.prisma dist/prisma/schema.prisma
cp -r prisma/migrations dist/prisma/migrations
cp node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm dist/schema_engine_bg.wasm

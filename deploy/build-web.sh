#!/usr/bin/env bash
# Builds the web instance: Next's standalone output (.next/standalone: server.js and the node_modules it
# traced), with the static assets and public/ copied beside it, since server.js serves them only from there.
# The Dockerfile's build stage, `npm start` and the tests all build through this script.
set -euo pipefail
cd "$(dirname "$0")/.."
npx next build "$@"
rm -rf .next/standalone/.next/static .next/standalone/public
cp -r .next/static .next/standalone/.next/static
if [ -d public ]; then cp -r public .next/standalone/public; fi

#!/usr/bin/env bash
# Applies the committed migrations to DATABASE_URL and exits (dist/migrate.mjs, built by deploy/build-worker.sh):
# run it to its end before starting web instances of a new release. Applying is idempotent.
#   EXPLORE_DIST_DIR  where the bundles are (default: dist/ beside this folder; /app/dist in the image)
set -euo pipefail
dir="${EXPLORE_DIST_DIR:-$(cd "$(dirname "$0")/.." && pwd)/dist}"
export NODE_ENV="${NODE_ENV:-production}"
exec node "$dir/migrate.mjs"

#!/usr/bin/env bash
# The worker: sample tests, logo and terms checks, housekeeping (dist/worker.mjs, built by deploy/build-worker.sh).
# Run as many as you like on one database. SIGTERM lets running tests finish and gives held jobs back to the queue.
#   EXPLORE_DIST_DIR  where the bundles are (default: dist/ beside this folder; /app/dist in the image)
set -euo pipefail
dir="${EXPLORE_DIST_DIR:-$(cd "$(dirname "$0")/.." && pwd)/dist}"
export NODE_ENV="${NODE_ENV:-production}"
exec node "$dir/worker.mjs"

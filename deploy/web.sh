#!/usr/bin/env bash
# One web instance: Next's own standalone server, on HOSTNAME:PORT (default 0.0.0.0:3000). Scale by running
# more instances behind the load balancer (Varnish in deploy/varnish). SIGTERM stops accepting connections and
# lets the requests in flight finish before the process exits.
#   EXPLORE_WEB_DIR  the standalone output (default: this checkout's .next/standalone; /app in the image)
set -euo pipefail
dir="${EXPLORE_WEB_DIR:-$(cd "$(dirname "$0")/.." && pwd)/.next/standalone}"
export NODE_ENV="${NODE_ENV:-production}"
# Longer than the idle timeout of common load balancers (60 s), so they never reuse a connection just closed.
export KEEP_ALIVE_TIMEOUT="${KEEP_ALIVE_TIMEOUT:-65000}"
exec node "$dir/server.js"

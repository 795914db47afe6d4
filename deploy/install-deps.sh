#!/usr/bin/env bash
# Installs the locked dependencies, development ones too (the builds need them; the image's runtime stage takes none
# of them). The project's postinstall applies its patches and generates the Prisma client in generated/.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund

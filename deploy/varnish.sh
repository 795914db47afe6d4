#!/usr/bin/env bash
# Varnish in front of the web instances: deploy/varnish/explore.vcl, with the deployment's backends and purge ACL
# from VARNISH_BACKENDS (included as "backends.vcl"). Runs in the foreground; arguments are passed on to varnishd
# (e.g. -p default_keep=60).
#   VARNISH_LISTEN    address:port to answer on (default :8080)
#   VARNISH_BACKENDS  a VCL file with the backends, a vcl_recv choosing one, and `acl purgers`
#                     (default deploy/varnish/backends.compose.vcl: web1:3000 and web2:3000)
#   VARNISH_STORAGE   where answers are stored (default malloc,256m)
#   VARNISH_WORKDIR   varnishd's working directory, -n (default a new temporary directory)
#   VARNISH_JAIL      varnishd's -j (default: unix as root, none otherwise)
#   VARNISH_VCL       the main VCL (default deploy/varnish/explore.vcl beside this script)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
vcl="$(realpath "${VARNISH_VCL:-$here/varnish/explore.vcl}")"
backends="$(realpath "${VARNISH_BACKENDS:-$here/varnish/backends.compose.vcl}")"
workdir="${VARNISH_WORKDIR:-$(mktemp -d)}"
# explore.vcl includes "backends.vcl": a directory of its own holding just that name comes first in vcl_path.
# A copy readable by the unprivileged user varnishd compiles VCL as, when started as root.
includes="$(mktemp -d)"
cp "$backends" "$includes/backends.vcl"
chmod 755 "$includes"
chmod 644 "$includes/backends.vcl"
# Started as root, varnishd drops privileges to its own users (the unix jail); otherwise, or with VARNISH_JAIL=none
# (the tests: their files need not be readable by those users), it runs as whoever starts it.
jail=()
if [ -n "${VARNISH_JAIL:-}" ]; then jail=(-j "$VARNISH_JAIL"); elif [ "$(id -u)" -ne 0 ]; then jail=(-j none); fi
# Header limits as large as Node's (16 KB a request header): a request Explore refuses in words must reach it, not
# be refused by Varnish without them; Next's answers (policy, preload links) may carry more than Varnish's default 8 KB.
exec varnishd -F "${jail[@]}" -n "$workdir" -a "${VARNISH_LISTEN:-:8080}" \
  -p "vcl_path=$includes:$(dirname "$vcl"):/etc/varnish:/usr/share/varnish/vcl" \
  -p http_req_hdr_len=16k -p http_resp_hdr_len=32k -p http_resp_size=64k -p workspace_backend=128k \
  -f "$vcl" -s "${VARNISH_STORAGE:-malloc,256m}" "$@"

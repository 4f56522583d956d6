#!/usr/bin/env bash
# The system packages the test suite needs: Chromium (browser tests of the web table),
# PostgreSQL (the store's second backend) and nginx (the reverse-proxy test, which runs
# its own nginx as the current user: the package's service is not needed). Installs them
# with apt-get only when missing; a fast no-op when all are present. Idempotent.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
    missing+=(postgresql)
fi
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-system-deps: missing ${missing[*]} and no apt-get to install them" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "ensure-system-deps: missing ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
        exit 1
    fi
fi
echo "ensure-system-deps: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null

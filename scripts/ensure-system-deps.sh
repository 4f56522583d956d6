#!/usr/bin/env bash
# The system packages the test suite needs: Chromium (browser tests of the web table)
# and PostgreSQL (the store's second backend). Installs them with apt-get only when
# missing; a fast no-op when both are present. Idempotent.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
    missing+=(postgresql)
fi
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

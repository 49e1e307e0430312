#!/usr/bin/env bash
# Installs the PostgreSQL and Redis servers the server tests start on 127.0.0.1 (Debian packages),
# if they are missing. Idempotent and quiet; does not start any service (the tests start their own).
set -euo pipefail
have_pg() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null; }
have_redis() { command -v redis-server >/dev/null; }
if have_pg && have_redis; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
        echo "services.sh: PostgreSQL/Redis missing and not root: install postgresql and redis-server" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
# policy-rc.d 101: packages are installed without starting their services
policy=/usr/sbin/policy-rc.d
made_policy=""
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod +x "$policy" && made_policy=1
fi
$sudo apt-get install -y -qq --no-install-recommends postgresql redis-server >/dev/null 2>&1 || {
    [ -n "$made_policy" ] && $sudo rm -f "$policy"
    echo "services.sh: apt-get install postgresql redis-server failed" >&2
    exit 1
}
[ -n "$made_policy" ] && $sudo rm -f "$policy"
have_pg && have_redis

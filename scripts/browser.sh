#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (tests/web), if it is missing. Idempotent and
# quiet. Playwright drives this system Chromium (executable_path=/usr/bin/chromium); no browser is
# ever downloaded by Playwright itself.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
        echo "browser.sh: /usr/bin/chromium missing and not root: install the chromium package" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq chromium >/dev/null 2>&1 || {
    echo "browser.sh: apt-get install chromium failed" >&2
    exit 1
}
[ -x /usr/bin/chromium ]

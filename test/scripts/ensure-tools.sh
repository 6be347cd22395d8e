#!/usr/bin/env bash
# What the tests need besides npm packages: xmllint (the XSD checks) and Chromium (the admin
# browser tests), from Debian's packages. Installs what is missing, so `npm test` is all the
# set-up a new machine needs.
set -euo pipefail

missing=()
command -v xmllint >/dev/null || missing+=(libxml2-utils)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
((${#missing[@]})) || exit 0

echo "=== installing ${missing[*]} (apt-get)"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q "${missing[@]}"

#!/bin/sh
# install-deps.sh PACKAGE... - install the Debian packages that are missing
# (as root, with apt-get); says what it installs and fails clearly when it
# cannot.  Used by `make demo` and `make check`.
set -eu
missing=""
for p in "$@"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -n "$missing" ] || exit 0
echo "ccprof: installing missing Debian packages:$missing"
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
		echo "ccprof: need root to install:$missing" >&2; exit 1
	fi
else
	SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -q $missing >/dev/null; then
	$SUDO apt-get update -q >/dev/null
	$SUDO apt-get install -y -q $missing >/dev/null
fi

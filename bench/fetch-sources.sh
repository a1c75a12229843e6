#!/bin/sh
# fetch-sources.sh - download and unpack Debian source packages for the
# benchmarks, into the cache directory, without touching the system's apt
# configuration.
#
#   sh bench/fetch-sources.sh lua5.4 sqlite3 bzip2
#
# The deb-src entries are derived at run time from the machine's own apt
# sources (every "Types: deb" stanza of /etc/apt/sources.list.d/*.sources
# and every "deb " line of *.list files becomes deb-src), written to a
# private sources directory, and used with a private lists/cache directory:
# no host name is written in this repository.  Each package is unpacked
# once into $CCPROF_BENCH_CACHE/src/<package>/ (default cache:
# ${XDG_CACHE_HOME:-$HOME/.cache}/ccprof-bench); the directory of the
# unpacked tree is printed, one line per package.
set -eu

cache=${CCPROF_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ccprof-bench}
aptdir=$cache/apt
srcdir=$cache/src
mkdir -p "$aptdir/sources.list.d" "$aptdir/lists/partial" \
	"$aptdir/cache/archives/partial" "$srcdir"

need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "fetch-sources: installing $2 (for $1)" >&2
	apt-get install -y -q "$2" >&2
}
need dpkg-source dpkg-dev

apt_opts() {
	printf '%s\n' \
		-o "Dir::Etc::SourceList=$aptdir/none.list" \
		-o "Dir::Etc::SourceParts=$aptdir/sources.list.d" \
		-o "Dir::State::Lists=$aptdir/lists" \
		-o "Dir::Cache=$aptdir/cache" \
		-o "APT::Sandbox::User=root"
}

# Derive deb-src entries from the system's apt sources.
derive_sources() {
	: >"$aptdir/none.list"
	out=$aptdir/sources.list.d/ccprof-bench-src.sources
	: >"$out.tmp"
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# Keep stanzas whose Types include deb; make them deb-src only.
		awk 'BEGIN { RS = ""; ORS = "\n\n" }
		     /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|\n|$)/ {
			sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, "");
			print }' "$f" >>"$out.tmp"
	done
	lst=$aptdir/sources.list.d/ccprof-bench-src.list
	: >"$lst.tmp"
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		sed -n 's/^[ \t]*deb[ \t]/deb-src /p' "$f" >>"$lst.tmp"
	done
	mv "$out.tmp" "$out"
	mv "$lst.tmp" "$lst"
	[ -s "$out" ] || [ -s "$lst" ] || {
		echo "fetch-sources: no 'deb' entries in /etc/apt to derive deb-src from" >&2
		exit 1
	}
}

updated=
update() {
	[ -n "$updated" ] && return 0
	derive_sources
	echo "fetch-sources: apt-get update (private lists in $aptdir)" >&2
	# shellcheck disable=SC2046
	apt-get $(apt_opts) -q update >&2
	updated=1
}

for pkg in "$@"; do
	dest=$srcdir/$pkg
	if [ -f "$dest/.ccprof-bench-done" ]; then
		cat "$dest/.ccprof-bench-done"
		continue
	fi
	update
	rm -rf "$dest"
	mkdir -p "$dest"
	echo "fetch-sources: apt-get source $pkg" >&2
	# The newest version first; when the mirror lacks its files (a
	# security update listed but not yet in the pool), the older ones.
	# shellcheck disable=SC2046
	if ! (cd "$dest" && apt-get $(apt_opts) -q source "$pkg" >&2); then
		ok=
		# shellcheck disable=SC2046
		for v in $(apt-cache $(apt_opts) showsrc "$pkg" |
			sed -n 's/^Version: //p' | sort -r -V); do
			rm -rf "${dest:?}"/*
			echo "fetch-sources: apt-get source $pkg=$v" >&2
			# shellcheck disable=SC2046
			if (cd "$dest" && apt-get $(apt_opts) -q source "$pkg=$v" >&2); then
				ok=1
				break
			fi
		done
		[ -n "$ok" ] || { echo "fetch-sources: $pkg: no version could be fetched" >&2; exit 1; }
	fi
	tree=$(find "$dest" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	[ -n "$tree" ] || { echo "fetch-sources: $pkg: nothing unpacked" >&2; exit 1; }
	echo "$tree" >"$dest/.ccprof-bench-done"
	echo "$tree"
done

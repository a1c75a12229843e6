# symbol-table.sh - reads symbol names, one a line, and writes a C file
# that declares each as `extern char NAME;` and takes its address in a
# table, as libtool's generated symbol tables do (libtool-nm-declarations-
# link.c).
set -eu
names=$(cat)
for n in $names; do echo "extern char $n;"; done
echo "const void *ccprof_test_symbols[] = {"
for n in $names; do echo "	&$n,"; done
echo "	0"
echo "};"

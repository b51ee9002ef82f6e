#!/bin/sh
# exports.sh -- libnhref.so exports exactly what the public headers declare: every
# dynamic symbol it defines is named nhref_* and appears in include/*.h (the library is
# built with -fvisibility=hidden, the headers wrap their declarations in
# NHREF_BEGIN_DECLS).  Skipped (77) without a shared library or nm.
set -u
top_srcdir=${top_srcdir:-..}
lib=${NHREF_LIBDIR:-../src/.libs}/libnhref.so
command -v nm >/dev/null 2>&1 || { echo "exports.sh: no nm: skipped"; exit 77; }
[ -f "$lib" ] || { echo "exports.sh: no $lib (static build?): skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sort -u >"$tmp/exported"
cat "$top_srcdir"/include/*.h | grep -o '\bnhref_[A-Za-z0-9_]*' | sort -u >"$tmp/declared"
n=$(wc -l <"$tmp/exported")
echo "exports.sh: $n symbols exported by $lib"
fail=0
if grep -v '^nhref_' "$tmp/exported" >"$tmp/bad"; then
    echo "FAIL: exported symbols without the nhref_ prefix:"; cat "$tmp/bad"; fail=1
fi
if comm -23 "$tmp/exported" "$tmp/declared" | grep . >"$tmp/undeclared"; then
    echo "FAIL: exported symbols that no public header declares:"; cat "$tmp/undeclared"; fail=1
fi
# the check can fail: a symbol that is not declared is found
printf 'nhref_made_up_symbol\n' | comm -23 - "$tmp/declared" | grep -q nhref_made_up_symbol || {
    echo "FAIL: the check does not see an undeclared symbol"; fail=1; }
[ $n -gt 100 ] || { echo "FAIL: only $n symbols exported"; fail=1; }
[ $fail -eq 0 ] && echo "PASS: every exported symbol is a public nhref_ declaration"
exit $fail

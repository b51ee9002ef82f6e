#!/bin/sh
# cli_help.sh -- help and version on every command, and the list's columns (issue 25
# item 6):
#   - `nhref help COMMAND` prints what `nhref COMMAND --help` prints, exit 0; `nhref
#     help` is `nhref --help`; an unknown command is exit 2, naming the commands;
#   - `nhref COMMAND --version` (also after other arguments) prints the version of
#     configure.ac's AC_INIT, exit 0, for every command;
#   - `nhref list`: every model's and scheme's title starts in one column, past the
#     longest name of src/models/models.def.
. "$(dirname "$0")/testlib.sh"
commands="list describe run golden lyapunov verify sweep catalogue cache"
for c in $commands; do
    "$NHREF" "$c" --help > "$tmp/want" 2>&1
    "$NHREF" help "$c" > "$tmp/got" 2>&1
    rc=$?
    [ $rc -eq 0 ] && cmp -s "$tmp/want" "$tmp/got" && [ -s "$tmp/got" ] && ok ||
        bad "nhref help $c (exit $rc) differs from nhref $c --help: $(diff "$tmp/want" "$tmp/got" | head -3)"
done
"$NHREF" --help > "$tmp/want"
"$NHREF" help > "$tmp/got" && cmp -s "$tmp/want" "$tmp/got" && ok || bad "nhref help differs from nhref --help"
grep -q '^  help ' "$tmp/got" && ok || bad "nhref --help does not list help"
expect 2 "unknown command 'nosuch'.*list, describe, run, golden, lyapunov, verify, sweep, catalogue, cache" -- help nosuch
expect 2 "unexpected argument 'x'" -- help run x

# the version, from configure.ac
version=$(sed -n 's/^AC_INIT(\[nhref\], \[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")
[ -n "$version" ] && ok || bad "no version in configure.ac"
for c in $commands; do
    out=$("$NHREF" "$c" --version 2>&1)
    rc=$?
    case $rc:$out in "0:nhref $version ("*) ok ;; *) bad "nhref $c --version: exit $rc: $out" ;; esac
done
expect 0 "^nhref $version \\(MPFR" -- run skater -T 1 --version
expect 0 "^nhref $version \\(MPFR" -- --version
# after '--' it is the commands' own (sweep passes it on to run, which refuses it): not ours
"$NHREF" sweep x.sweep -- --version > "$tmp/out" 2>&1
grep -q "^nhref $version" "$tmp/out" && bad "sweep ... -- --version printed the version" || ok

# nhref list: one column for the titles, past the longest name
names=$(sed -n 's/^NHREF_MODEL(nhref_model_\([a-z0-9_]*\)).*/\1/p' "$top_srcdir/src/models/models.def")
[ -n "$names" ] && ok || bad "no model names in src/models/models.def"
longest=$(printf '%s\n' $names | awk '{ if (length($0) > n) n = length($0) } END { print n }')
"$NHREF" list > "$tmp/list"
for n in $names; do
    grep -q "^  $n  " "$tmp/list" && ok || bad "nhref list: no line '  $n  TITLE'"
done
# the column where each title starts (models and schemes)
awk '/^  [^ ]/ { match($0, /^  [^ ]+ +/); print RLENGTH }' "$tmp/list" | sort -u > "$tmp/cols"
[ "$(wc -l < "$tmp/cols")" -eq 1 ] && ok || bad "nhref list: titles start at columns $(tr '\n' ' ' < "$tmp/cols")"
[ "$(head -1 "$tmp/cols")" -ge $((longest + 4)) ] && ok ||
    bad "nhref list: titles start at column $(head -1 "$tmp/cols"), the longest name has $longest characters"
summary cli_help

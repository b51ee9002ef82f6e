#!/bin/sh
# replay.sh -- every seed and every reproducer through the fuzz harnesses, built
# with the ordinary compiler (no libFuzzer): what fuzzing found stays fixed.
set -u
srcdir=${srcdir:-.}
top_srcdir=${top_srcdir:-../..}
rc=0
./replay_expr "$srcdir/corpus/expr" "$srcdir/reproducers/expr" || rc=1
./replay_decimal "$srcdir/corpus/decimal" "$srcdir/reproducers/decimal" || rc=1
./replay_cases "$top_srcdir/data/cases" "$srcdir/corpus/cases" "$srcdir/reproducers/cases" || rc=1
large=$(mktemp -d) || exit 1
trap 'rm -rf "$large"' EXIT
"$srcdir/large-tables.sh" "$large" || rc=1
./replay_table "$top_srcdir"/data/golden/* "$srcdir/corpus/table" "$srcdir/reproducers/table" \
    "$large" || rc=1
./replay_model "$top_srcdir"/examples/*.model "$srcdir/corpus/model" "$srcdir/reproducers/model" || rc=1
./replay_golden "$top_srcdir"/data/golden/* "$srcdir/corpus/golden" "$srcdir/reproducers/golden" || rc=1
./replay_catalogue "$srcdir/corpus/catalogue" "$srcdir/reproducers/catalogue" || rc=1
./replay_cli "$srcdir/corpus/cli" "$srcdir/reproducers/cli" || rc=1
./replay_sweep_values "$srcdir/corpus/sweep_values" "$srcdir/reproducers/sweep_values" || rc=1
exit $rc

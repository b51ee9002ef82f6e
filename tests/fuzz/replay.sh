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
./replay_table "$top_srcdir"/data/golden/* "$srcdir/corpus/table" "$srcdir/reproducers/table" || rc=1
./replay_model "$top_srcdir"/examples/*.model "$srcdir/corpus/model" "$srcdir/reproducers/model" || rc=1
exit $rc

#!/bin/sh
# run-fuzz.sh SECONDS SRCDIR TOP_SRCDIR -- run each libFuzzer harness for its slice of
# SECONDS (make fuzz-run; .ci/run).  New inputs go to fuzz-work/<name> (the seeds stay
# untouched); a crash, leak or timeout leaves fuzz-work/<name>/crash-* (or
# timeout-*) and fails the run: copy it to SRCDIR/reproducers/<name> once fixed.
# Prints each harness's executions and coverage (libFuzzer's final stats).
#
# Slices (percent of SECONDS): the parsers with the most grammar, expr, cases, model
# and table (inputs up to 64 KB), get the whole of it; the table on large inputs (up to
# 1.2 MB) a quarter; the small grammars (decimal, golden metadata, the catalogue, the
# command line's values, sweep values) half.  With SECONDS = 60: 6 min 45 s of fuzzing.
# FUZZ_ONLY="cli table" runs only those harnesses.
set -u
# the harnesses' random model files are never compiled into jets (nhref_jit.h)
NHREF_JIT=0
export NHREF_JIT
secs=${1:-60}
srcdir=${2:-.}
top=${3:-../..}
rc=0
total=0
for h in ${FUZZ_ONLY:-expr decimal cases table table_large model golden catalogue cli sweep_values}; do
    # seeds, the largest input tried (the reproducers, up to 100 KB, are replayed
    # whole by make check; the golden files are up to 24 KB) and the slice
    case $h in
    expr) seeds="$srcdir/corpus/expr" max=4096 pct=100 ;;
    decimal) seeds="$srcdir/corpus/decimal" max=512 pct=50 ;;
    cases) seeds="$top/data/cases $srcdir/corpus/cases" max=8192 pct=100 ;;
    table) seeds="$(ls -d "$top"/data/golden/*) $srcdir/corpus/table" max=65536 pct=100 ;;
    table_large) # fuzz_table again on inputs up to and beyond NHREF_TABLE_MAX_LINE (1 MiB):
        # the large seeds are made here; apart, as they run at about 60 a second
        seeds="fuzz-work/table_large/seeds" max=1200000 pct=25
        "$srcdir/large-tables.sh" fuzz-work/table_large/seeds ;;
    model) seeds="fuzz-work/model/examples $srcdir/corpus/model" max=4096 pct=100
        # libFuzzer takes directories only: the example model files are copied
        mkdir -p fuzz-work/model/examples
        cp "$top"/examples/*.model fuzz-work/model/examples/ ;;
    golden) seeds="$(ls -d "$top"/data/golden/*) $srcdir/corpus/golden" max=32768 pct=50 ;;
    catalogue) seeds="$srcdir/corpus/catalogue" max=16384 pct=50 ;;
    cli) seeds="$srcdir/corpus/cli" max=1024 pct=50 ;;
    sweep_values) seeds="$srcdir/corpus/sweep_values" max=512 pct=50 ;;
    *) echo "run-fuzz.sh: no harness '$h'"; rc=1; continue ;;
    esac
    t=$((secs * pct / 100))
    [ "$t" -ge 5 ] || t=5
    total=$((total + t))
    work=fuzz-work/$h
    mkdir -p "$work/corpus" "$work/artifacts"
    echo "=== fuzz_$h for $t s (-max_len=$max)"
    # shellcheck disable=SC2086
    ./fuzz_${h%_large} -max_total_time="$t" -max_len=$max -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" $seeds "$srcdir/reproducers/${h%_large}" \
        > "$work/log" 2>&1
    st=$?
    grep -E '^#[0-9]+[[:space:]]+DONE' "$work/log" | tail -1
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|new_units_added)' "$work/log"
    if [ $st -ne 0 ]; then
        echo "fuzz_$h FAILED (exit $st): see $work/log and $work/artifacts"
        tail -30 "$work/log"
        rc=1
    fi
done
echo "=== fuzzing: $total s in all"
exit $rc

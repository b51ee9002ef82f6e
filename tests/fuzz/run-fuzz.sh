#!/bin/sh
# run-fuzz.sh SECONDS SRCDIR TOP_SRCDIR -- run each libFuzzer harness for SECONDS
# (make fuzz-run; .ci/run).  New inputs go to fuzz-work/<name> (the seeds stay
# untouched); a crash, leak or timeout leaves fuzz-work/<name>/crash-* (or
# timeout-*) and fails the run: copy it to SRCDIR/reproducers/<name> once fixed.
# Prints each harness's executions and coverage (libFuzzer's final stats).
set -u
secs=${1:-60}
srcdir=${2:-.}
top=${3:-../..}
rc=0
for h in expr decimal cases table model; do
    # seeds, and the largest input tried (the reproducers, up to 100 KB, are
    # replayed whole by make check; the golden files are up to 24 KB)
    case $h in
    expr) seeds="$srcdir/corpus/expr" max=4096 ;;
    decimal) seeds="$srcdir/corpus/decimal" max=512 ;;
    cases) seeds="$top/data/cases $srcdir/corpus/cases" max=8192 ;;
    table) seeds="$(ls -d "$top"/data/golden/*) $srcdir/corpus/table" max=32768 ;;
    model) seeds="fuzz-work/model/examples $srcdir/corpus/model" max=4096
        # libFuzzer takes directories only: the example model files are copied
        mkdir -p fuzz-work/model/examples
        cp "$top"/examples/*.model fuzz-work/model/examples/ ;;
    esac
    work=fuzz-work/$h
    mkdir -p "$work/corpus" "$work/artifacts"
    echo "=== fuzz_$h for $secs s"
    # shellcheck disable=SC2086
    ./fuzz_$h -max_total_time="$secs" -max_len=$max -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" $seeds "$srcdir/reproducers/$h" \
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
exit $rc

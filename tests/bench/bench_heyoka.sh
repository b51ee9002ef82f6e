#!/bin/sh
# bench_heyoka.sh -- nhref against heyoka (bench.sh's section 6; alone: `make
# bench-heyoka`): runs bench_heyoka in fresh processes and merges them with
# heyoka_merge.awk, since about one heyoka double instance in ten runs 1.5-1.9x
# slower for its whole life: per case, the median of the per-process medians.
# The double cases run in NHREF_BENCH_HEYOKA_PROCS processes, the MPFR cases in
# NHREF_BENCH_HEYOKA_MP_PROCS, alternately.
#
# Usage: bench_heyoka.sh SRCDIR PROGRAM
#            the merged records and the rows (heyoka/..., construct/...) on stdout
#        bench_heyoka.sh --update RESULTS SRCDIR PROGRAM
#            the same, and those rows replace the heyoka/ and construct/ rows of
#            RESULTS (results.tsv; created with bench.sh's header if absent;
#            written atomically), with a line '# heyoka: ...' giving the run's
#            date, load and commit
# SRCDIR: tests/bench of the sources (heyoka_merge.awk, results.awk); PROGRAM:
# the bench_heyoka program.
# Environment:
#   NHREF_BENCH_HEYOKA_CASES   the cases (default: the 15 below; bench_heyoka.cpp
#                              says the syntax)
#   NHREF_BENCH_HEYOKA_ROUNDS  rounds per MPFR case and process (default 9; a
#                              case stops after 3 once it has used 20 s of CPU)
#   NHREF_BENCH_HEYOKA_D_ROUNDS  rounds per double case and process (default 5)
#   NHREF_BENCH_HEYOKA_PROCS   fresh processes for the double cases (default 5)
#   NHREF_BENCH_HEYOKA_MP_PROCS  fresh processes for the MPFR cases (default 1)
#   NHREF_BENCH_HEYOKA_RAW     where to keep the processes' own records
#                              (default: not kept)
# Cost: not measured yet with the fresh processes; every case in one process
# took about 80 s of CPU (the 300-digit and the skater's 100-digit cases most
# of it), and the double cases now run in 5 processes of 5 rounds each.
set -u
results=""
if [ "${1:-}" = --update ]; then
    results=${2:-}
    shift 2 || exit 2
fi
if [ $# -ne 2 ]; then
    echo "usage: bench_heyoka.sh [--update RESULTS] SRCDIR PROGRAM" >&2
    exit 2
fi
srcdir=$1
prog=$2
cases=${NHREF_BENCH_HEYOKA_CASES:-"sleigh:mp:30 sleigh:mp:50 sleigh:mp:100 sleigh:mp:300 skater:mp:30 skater:mp:50 skater:mp:100 sleigh:d:1e-8 sleigh:d:1e-12 sleigh:d:1e-15 sleigh:dha:1e-15 skater:d:1e-8 skater:d:1e-12 skater:d:1e-15 skater:dha:1e-15"}
mp_rounds=${NHREF_BENCH_HEYOKA_ROUNDS:-9}
d_rounds=${NHREF_BENCH_HEYOKA_D_ROUNDS:-5}
d_procs=${NHREF_BENCH_HEYOKA_PROCS:-5}
mp_procs=${NHREF_BENCH_HEYOKA_MP_PROCS:-1}
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?)
if [ ! -x "$prog" ]; then
    echo "bench_heyoka.sh: $prog is not an executable" >&2
    exit 1
fi
for n in "$mp_rounds" "$d_rounds" "$d_procs" "$mp_procs"; do
    case $n in '' | *[!0-9]*)
        echo "bench_heyoka.sh: NHREF_BENCH_HEYOKA_ROUNDS, _D_ROUNDS, _PROCS and _MP_PROCS must be whole numbers (not '$n')" >&2
        exit 2
        ;;
    esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nhref-bench-heyoka.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
: >"$tmp/raw"

hy_d="" hy_mp=""
for c in $cases; do
    case $c in *:mp:*) hy_mp="$hy_mp $c" ;; *) hy_d="$hy_d $c" ;; esac
done
k=1
while [ "$k" -le "$d_procs" ] || [ "$k" -le "$mp_procs" ]; do
    for set in d mp; do
        if [ "$set" = d ]; then
            these=$hy_d n=$d_procs r=$d_rounds
        else
            these=$hy_mp n=$mp_procs r=$mp_rounds
        fi
        [ -n "$these" ] && [ "$k" -le "$n" ] || continue
        echo "bench_heyoka.sh: process $k/$n: $prog -r $r$these" >&2
        # shellcheck disable=SC2086 # the cases are words on purpose
        "$prog" -r "$r" $these >>"$tmp/raw" ||
            echo "bench_heyoka.sh: bench_heyoka failed on some case (its rows are missing)" >&2
    done
    k=$((k + 1))
done
[ -n "${NHREF_BENCH_HEYOKA_RAW:-}" ] && cp "$tmp/raw" "$NHREF_BENCH_HEYOKA_RAW"
awk -f "$srcdir/heyoka_merge.awk" "$tmp/raw" >"$tmp/merged" || exit 1
cat "$tmp/merged"
[ -n "$results" ] || exit 0

# --update: the new rows replace the heyoka/ and construct/ rows (atomically)
grep -q '^result ' "$tmp/merged" || {
    echo "bench_heyoka.sh: no rows measured; $results left as it was" >&2
    exit 1
}
line="# heyoka: bench_heyoka.sh, date=$(date -u '+%Y-%m-%d %H:%M UTC') load_start=$load_start load_end=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?) nhref=$(git -C "$srcdir" describe --always --dirty 2>/dev/null || echo unknown)"
{
    if [ -s "$results" ]; then
        awk -F '\t' -v line="$line" '
            /^# heyoka: / || /^# heyoka rows skipped/ { next }
            !done && !/^#/ { print line; done = 1 }
            /^#/ || $1 == "name" || $1 !~ /^(heyoka|construct)\// { print }' "$results"
        awk -v header=0 -f "$srcdir/results.awk" "$tmp/merged"
    else
        printf '# nhref make bench results: one row per measured ratio (tests/bench/bench.sh says the columns)\n'
        printf '%s\n' "$line"
        awk -v header=1 -f "$srcdir/results.awk" "$tmp/merged"
    fi
} >"$results.tmp.$$" && mv "$results.tmp.$$" "$results" &&
    echo "bench_heyoka.sh: $(grep -c '^result ' "$tmp/merged") rows in $results" >&2 || {
    rm -f "$results.tmp.$$"
    echo "bench_heyoka.sh: cannot write $results" >&2
    exit 1
}

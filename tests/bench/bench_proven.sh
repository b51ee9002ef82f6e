#!/bin/sh
# bench_proven.sh -- the targets of proven trajectories (issues 12, 26; `make bench`
# runs it after bench.sh; never part of `make check`): a report on stdout and
# rows appended to results.tsv (the columns of bench.sh).
#
#   cost    `nhref run MODEL --rigorous` against the plain MPFR Taylor run
#           (`nhref run MODEL`) at equal digits on four cases of data/cases:
#           the sleigh's fig2-100, the skater's C1, the servosleigh's P3 and
#           the one-wheeled vehicle's OW-1; target: rigorous/plain <= 5.
#           Rounds alternate (plain first in odd rounds, rigorous first in even
#           ones); in a round each command runs REPS times in a row, REPS chosen
#           once per case so that the plain runs of a round take >= 0.5 s of
#           CPU.  Time = CPU time (user + system) of the child processes
#           (getrusage RUSAGE_CHILDREN, via Python), process start and output
#           included (both sides write the same grid to a file).  The ratio is
#           the median over the rounds of the per-round ratio.
#           Rows proven/cost/CASE, measure rigorous/plain.
#   radius  `nhref run MODEL --rigorous` for every shipped golden case
#           (data/golden/*/*.csv: model and case from its '# model:' and
#           '# case:' lines, digits D from '# digits:', the rest -- parameters,
#           initial state, t-end, dt-out -- from data/cases/MODEL.cases as
#           tests/proven.sh does; a case given by 'times = ...' runs to its
#           last time with one output interval, a case with 'event-horizon'
#           to that horizon: the model's event ends it), under a time limit
#           per case (TIMEOUT).  At the final row: the mixed radius
#           max_c c_rad / max(|c|, 1) over every state and first-integral
#           column c (not t), against the target 10^-(D-5); and whether the
#           golden file's final value of each column lies in the ball widened
#           by its certified digits (it must: a 'NO' is a bug somewhere).
#           A case whose description says 'chaotic' or 'non-integrable' (or
#           named in NHREF_BENCH_PROVEN_CHAOTIC) is measured but not targeted.
#           A run that ends UNPROVEN (exit 1) is reported with its last proven
#           row and its outcome line.
#           Rows proven/radius/MODEL/CASE, measure log10(mixed radius), value
#           NA for TIMEOUT/UNPROVEN/errors (the note says which).
#           The golden files of the model files of data/models (no
#           data/cases/MODEL.cases) take their case from
#           data/cases/model_files.cases and run the file.
#           The same part measures the cost of every case (issue 26): the
#           CPU time (user + system of the child) of the rigorous run and of
#           the plain run (`nhref run MODEL`, the same options), each repeated
#           until it has taken 0.3 s of CPU (at most 20 plain, 5 rigorous
#           runs; their mean), in ROUNDS rounds (the first rigorous first,
#           then alternating); the ratios are the medians of the rounds'
#           (with one round a ratio moved by 20-50 % between runs of the same
#           code on this shared machine: hcat-F1 5.4, then 8.0).  A rigorous run past
#           TIMEOUT gives the ratio '>' TIMEOUT/plain (a lower bound).
#           Both times include the process start (loading nhref and its
#           libraries: the CPU time of `nhref --version`, measured once, 0.015
#           to 0.02 s), which is most of a plain run of the simpler cases; the
#           net ratio (rigorous - start)/(plain - start) is given besides,
#           where the plain run takes 0.01 s or more beyond the start.
#           Rows proven/ratio/MODEL/CASE, measure rigorous/plain, target <= 5
#           (the net ratio in the note).
#   fresh   the same radius and cost measures on the cases of fresh.cases
#           (NHREF_BENCH_PROVEN_FRESH): 20 non-chaotic cases, one per model
#           of `nhref list`, parameters and states off the published ones,
#           D = 30; no golden file, so no golden check.
#           Rows proven/fresh/radius/MODEL/CASE and proven/fresh/ratio/...
#   summary (after radius and fresh) the targets of issue 26: the share of
#           the targeted cases (golden and fresh, the chaotic ones left out)
#           whose radius at the final time is <= 10^-(D-5) (a TIMEOUT,
#           UNPROVEN or error counts as missed; target >= 90 %); the median
#           and the worst rigorous/plain ratio (targets <= 5 and <= 30; a
#           TIMEOUT enters with its lower bound), the same of the net ratios;
#           the golden files whose
#           '# level:' line says PROVEN in every column.
#           Rows proven/summary/{radius-share,ratio-median,ratio-worst,
#           net-ratio-median,net-ratio-worst}/{golden,fresh,all} and
#           proven/summary/golden-proven/files; a line '# proven: ...' of
#           results.tsv gives the date, the load and the commit of the run.
#
# Usage: bench_proven.sh [SRCDIR]     (SRCDIR: tests/bench of the sources)
# Environment:
#   NHREF                    the nhref program (default ../../src/nhref)
#   NHREF_BENCH_PROVEN       the parts: one or more of cost, radius, fresh,
#                            all, e.g. "radius fresh" (`make bench`: every
#                            golden and fresh case, not the four of cost);
#                            default all; the summary follows radius and fresh
#   NHREF_BENCH_RESULTS      results.tsv to append to (default ./results.tsv;
#                            created with bench.sh's header if absent; earlier
#                            rows of the parts run now are replaced; atomic)
#   NHREF_BENCH_PROVEN_ROUNDS   rounds of the cost part (default 5)
#   NHREF_BENCH_PROVEN_ROUNDS   rounds of the radius and fresh parts' cost
#                               measure (default 3)
#   NHREF_BENCH_PROVEN_TIMEOUT  time limit of one rigorous run of the radius
#                            and fresh parts [s] (default 60)
#   NHREF_BENCH_PROVEN_FRESH    the fresh cases (default SRCDIR/fresh.cases)
#   NHREF_BENCH_PROVEN_CASES    the radius part only for these MODEL/CASE
#                            words (default: every golden file)
#   NHREF_BENCH_PROVEN_CHAOTIC  MODEL/CASE words not targeted (besides those
#                            whose description says so)
#   PYTHON3                  the Python used to time and to read the CSV
#                            (mpmath for the golden check); without mpmath,
#                            /usr/bin/python3, then python3
# Cost (measured at load 4 on 2 cores, 2026-11-27): all parts 485 s of wall
# time: the cost part about 2 minutes, the radius part about 5 (the
# Chaplygin-ball and wheel cases take 10-60 s each, cbv P5 its 60 s limit),
# the fresh part about 1.5; each prints its own.
set -u
srcdir=${1:-.}
top_srcdir=$srcdir/../..
nhref=${NHREF:-../../src/nhref}
what=${NHREF_BENCH_PROVEN:-all}
results=${NHREF_BENCH_RESULTS:-./results.tsv}
rounds=${NHREF_BENCH_PROVEN_ROUNDS:-5}
limit=${NHREF_BENCH_PROVEN_TIMEOUT:-60}
rounds=${NHREF_BENCH_PROVEN_ROUNDS:-3}
fresh=${NHREF_BENCH_PROVEN_FRESH:-$srcdir/fresh.cases}
only=${NHREF_BENCH_PROVEN_CASES:-}
chaotic_list=${NHREF_BENCH_PROVEN_CHAOTIC:-}
py=${PYTHON3:-python3}
start=$(date +%s)
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?)

# part NAME: whether NHREF_BENCH_PROVEN (one or more words) asks for the part NAME
part() {
    case " $what " in *" $1 "* | *" all "*) return 0 ;; esac
    return 1
}
[ -n "$what" ] || what=all
for w in $what; do
    case $w in
    cost | radius | fresh | all) ;;
    *)
        echo "bench_proven.sh: NHREF_BENCH_PROVEN must be one or more of cost, radius, fresh, all (not '$w' in '$what')" >&2
        exit 2
        ;;
    esac
done
if [ ! -x "$nhref" ]; then
    echo "bench_proven.sh: $nhref is not an executable (set NHREF)" >&2
    exit 1
fi
# the first of PYTHON3, /usr/bin/python3 and python3 with mpmath (as bench.sh picks one)
for p in "${PYTHON3:-}" /usr/bin/python3 python3; do
    [ -n "$p" ] && "$p" -c 'import resource, mpmath' 2>/dev/null && py=$p && break
done
if ! "$py" -c 'import resource, mpmath' 2>/dev/null; then
    echo "bench_proven.sh: no Python with the modules resource and mpmath (tried '${PYTHON3:-}', /usr/bin/python3, python3; Debian: python3-mpmath; set PYTHON3)" >&2
    exit 1
fi
command -v timeout >/dev/null 2>&1 || {
    echo "bench_proven.sh: no 'timeout' program (GNU coreutils)" >&2
    exit 1
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nhref-bench-proven.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM # (a trap that only removed tmp let the script go on)
: >"$tmp/rows.txt"
: >"$tmp/sum.txt"

# case_args MODEL CASE [FILE]: the case's parameters, initial state, final time, output
# interval and digits as options of nhref run (the case's 'times' and
# 'event-horizon' as described above)
case_args() {
    awk -v want="[$2]" '
      /^\[/ { insec = ($0 == want); next }
      /^[ \t]*#/ || !/=/ || !insec { next }
      { k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v) }
      k ~ /^param / { split(k, a, " "); printf " --param %s=%s", a[2], v }
      k ~ /^init / { split(k, a, " "); printf " --init %s=%s", a[2], v }
      k == "t-end" { printf " -T %s", v }
      k == "dt-out" { printf " --dt-out %s", v }
      k == "event-horizon" { printf " -T %s --dt-out %s", v, v }
      k == "times" { n = split(v, ts, /[ \t]*,[ \t]*/); printf " -T %s --dt-out %s", ts[n], ts[n] }
      k == "digits" { printf " --digits %s", v }' "${3:-$top_srcdir/data/cases/$1.cases}"
}

# case_field MODEL CASE KEY [FILE]: a key of the case (description, source,
# model)
case_field() {
    awk -v want="[$2]" -v key="$3" '
      /^\[/ { insec = ($0 == want); next }
      insec && index($0, key " =") == 1 { v = $0; sub(/^[^=]*=[ \t]*/, "", v); print v; exit }' \
        "${4:-$top_srcdir/data/cases/$1.cases}"
}

# case_inits MODEL CASE FILE: the case's initial-state names, comma-separated
case_inits() {
    awk -v want="[$2]" '
      /^\[/ { insec = ($0 == want); next }
      insec && /^init / { split($0, a, /[ \t]+/); printf "%s%s", n++ ? "," : "", a[2] }' "$3"
}

# timed LIMIT MINCPU MAXREPS CMD...: "RC CPU REPS": the exit status of CMD's
# first run (124 past LIMIT seconds of wall time: CPU is then NA), its CPU time
# [s] (user + system of the child; the mean over REPS runs, repeated while the
# total is below MINCPU and REPS < MAXREPS, each run with the status of the first)
timed() {
    "$py" - "$@" <<'EOF'
import resource, subprocess, sys
limit, mincpu, maxreps = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]); cmd = sys.argv[4:]
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
c0 = cpu()
try:
    rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=sys.stderr, timeout=limit).returncode
except subprocess.TimeoutExpired:
    print("124 NA 1"); sys.exit(0)
n = 1
while cpu() - c0 < mincpu and n < maxreps:
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit).returncode != rc:
        break
    n += 1
print("%d %.6g %d" % (rc, (cpu() - c0) / n, n))
EOF
}

# cpu_runs N CMD...: CPU time [s] of one of N runs of CMD (user + system of the
# children); fails if a run fails
cpu_runs() {
    "$py" - "$@" <<'EOF'
import resource, subprocess, sys
n = int(sys.argv[1]); cmd = sys.argv[2:]
r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
for _ in range(n):
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        sys.exit(1)
r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.6g" % ((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) / n))
EOF
}

# ------------------------------------------------------------------ cost
if part cost; then
    echo ""
    echo "Proven trajectories: the cost of --rigorous against the plain MPFR Taylor run (target <= 5)"
    printf "%-14s %-18s %6s %5s %9s %11s %12s %9s %7s  %s\n" "case" "model/case" "digits" "reps" "plain [s]" \
        "rigorous [s]" "ratio median" "range" "target" "steps plain / rigorous"
    for mc in sleigh-fig2:chaplygin_sleigh/fig2-100 skater-C1:skater/C1 servosleigh-P3:servosleigh/P3 \
        one_wheel-OW-1:one_wheel/OW-1; do
        label=${mc%%:*} mcase=${mc#*:} m=${mcase%%/*} c=${mcase#*/}
        args=$(case_args "$m" "$c")
        d=$(printf '%s\n' "$args" | sed -n 's/.*--digits \([0-9]*\).*/\1/p')
        T=$(printf '%s\n' "$args" | sed -n 's/.* -T \([^ ]*\).*/\1/p')
        echo "bench_proven.sh: cost of $m $c ($label), $rounds rounds" >&2
        # shellcheck disable=SC2086 # the options are words on purpose
        if ! "$nhref" run -q "$m" $args -o "$tmp/plain.csv" 2>"$tmp/err" ||
            ! "$nhref" run -q --rigorous "$m" $args -o "$tmp/rig.csv" 2>>"$tmp/err"; then
            printf "%-14s %-18s %6s  failed: %s\n" "$label" "$mcase" "$d" "$(head -n 1 "$tmp/err")"
            echo "result name=proven/cost/$label measure=rigorous/plain value=NA better_if=<=5 digits=$d tol=1e-$d T=$T peer=nhref-mpfr-taylor peer_version=this rounds=0 note=a run failed: $(head -n 1 "$tmp/err")" >>"$tmp/rows.txt"
            continue
        fi
        sp=$(sed -n 's/^# steps: \([0-9]*\).*/\1/p' "$tmp/plain.csv" | head -n 1)
        sr=$(sed -n 's/^# steps: \([0-9]*\).*/\1/p' "$tmp/rig.csv" | head -n 1)
        prec=$(sed -n 's/^# precision: \([0-9]*\) bits.*/\1/p' "$tmp/rig.csv" | head -n 1)
        # REPS: the plain runs of a round take >= 0.5 s of CPU
        # shellcheck disable=SC2086
        t1=$(cpu_runs 3 "$nhref" run -q "$m" $args -o "$tmp/plain.csv")
        reps=$(awk -v t="$t1" 'BEGIN { r = t > 0 ? int(0.5 / t + 0.999) : 20; if (r < 1) r = 1; if (r > 50) r = 50; print r }')
        : >"$tmp/cost.txt"
        r=1
        while [ "$r" -le "$rounds" ]; do
            # shellcheck disable=SC2086
            if [ $((r % 2)) = 1 ]; then
                tp=$(cpu_runs "$reps" "$nhref" run -q "$m" $args -o "$tmp/plain.csv")
                tr=$(cpu_runs "$reps" "$nhref" run -q --rigorous "$m" $args -o "$tmp/rig.csv")
            else
                tr=$(cpu_runs "$reps" "$nhref" run -q --rigorous "$m" $args -o "$tmp/rig.csv")
                tp=$(cpu_runs "$reps" "$nhref" run -q "$m" $args -o "$tmp/plain.csv")
            fi
            echo "$tp $tr" >>"$tmp/cost.txt"
            r=$((r + 1))
        done
        awk -v label="$label" -v mcase="$mcase" -v d="$d" -v reps="$reps" -v T="$T" -v prec="$prec" \
            -v sp="$sp" -v sr="$sr" -v rounds="$rounds" -v rowsf="$tmp/rows.txt" '
        function median(a, n,    i, j, x) {
            for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        { n++; P[n] = $1; R[n] = $2; Q[n] = $2 / $1 }
        END {
            lo = hi = Q[1]; for (i = 2; i <= n; i++) { if (Q[i] < lo) lo = Q[i]; if (Q[i] > hi) hi = Q[i] }
            q = median(Q, n); p = median(P, n); r = median(R, n)
            printf "%-14s %-18s %6s %5s %9.4g %11.4g %12.2f %4.2f-%-4.2f %7s  %s / %s\n", label, mcase, d, reps,
                   p, r, q, lo, hi, q <= 5 ? "met" : "MISSED", sp, sr
            printf "result name=proven/cost/%s measure=rigorous/plain value=%.4g better_if=<=5 nhref_s=%.4g peer_s=%.4g prec=%s digits=%s tol=1e-%s T=%s peer=nhref-mpfr-taylor peer_version=this rounds=%d note=nhref run %s --rigorous against nhref run %s (MPFR Taylor) at %s digits, the case of data/cases; CPU time of the child processes (user + system), %s runs in a row per side and round, rounds interleaved (plain first in odd rounds); median over %d rounds of the per-round ratio (range %.2f-%.2f); steps plain %s, rigorous %s; target <= 5 (issue 12)\n",
                   label, q, r, p, prec, d, d, T, n, mcase, mcase, d, reps, n, lo, hi, sp, sr >>rowsf
        }' "$tmp/cost.txt"
    done
    echo "  times: CPU seconds of one run (process start and output included), medians over the"
    echo "  rounds; ratio: median of the per-round ratios rigorous/plain (range over the rounds)"
fi

# measure: the radius and cost of one case, a line of the table, its rows in
# rows.txt and its line in sum.txt; reads kind (golden | fresh), prefix (of the
# row names), m, c, D, run (the model or model file to run), args, g (the
# golden file or '-'), states (the initial-state names, for g = '-'), targeted
# and where (the case's files, for the note)
measure() {
    echo "bench_proven.sh: $m $c --rigorous (D = $D)" >&2
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086 # the options are words on purpose
    set -- $(timed "$limit" 0.3 5 "$nhref" run -q --rigorous "$run" $args -o "$tmp/r.csv" 2>"$tmp/err")
    rc=${1:-2} rcpu=${2:-NA} rreps=${3:-0}
    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    # the plain run of the same case, for the cost (the same limit)
    # shellcheck disable=SC2086
    set -- $(timed "$limit" 0.3 20 "$nhref" run -q "$run" $args -o "$tmp/p.csv" 2>/dev/null)
    prc=${1:-2} pcpu=${2:-NA} preps=${3:-0}
    psteps=$(sed -n 's/^# steps: \([0-9]*\).*/\1/p' "$tmp/p.csv" 2>/dev/null | head -n 1)
    # the other rounds, alternating which side goes first; rr, pp: each round's times
    rr=$rcpu pp=$pcpu nr=1
    if [ "$rc" != 124 ] && [ "$rcpu" != NA ] && [ "$prc" = 0 ] && [ "$pcpu" != NA ]; then
        while [ "$nr" -lt "$rounds" ]; do
            nr=$((nr + 1))
            for side in $([ $((nr % 2)) = 0 ] && echo plain rigorous || echo rigorous plain); do
                if [ "$side" = plain ]; then
                    # shellcheck disable=SC2086
                    set -- $(timed "$limit" 0.3 20 "$nhref" run -q "$run" $args -o "$tmp/p2.csv" 2>/dev/null)
                    p2=${2:-NA}
                else
                    # shellcheck disable=SC2086
                    set -- $(timed "$limit" 0.3 5 "$nhref" run -q --rigorous "$run" $args -o "$tmp/r2.csv" 2>/dev/null)
                    r2=${2:-NA}
                fi
            done
            if [ "$r2" != NA ] && [ "$p2" != NA ]; then
                rr="$rr $r2" pp="$pp $p2"
            fi
        done
    fi
    if [ "$prc" != 0 ] || [ "$pcpu" = NA ]; then
        ratio=NA
    elif [ "$rc" = 124 ]; then
        ratio=$(awk -v l="$limit" -v p="$pcpu" 'BEGIN { printf ">%.4g", l / p }')
    elif [ "$rcpu" = NA ]; then
        ratio=NA
    else
        # the medians over the rounds: of the ratios, of the net ratios, of each side's time
        set -- $(awk -v rr="$rr" -v pp="$pp" -v s="$startup" '
            function med(a, n,   i, j, t) {
                for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
                return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
            }
            BEGIN {
                n = split(rr, r, " "); split(pp, p, " ")
                for (i = 1; i <= n; i++) { q[i] = r[i] / p[i]; rs[i] = r[i]; ps[i] = p[i] }
                pm = med(ps, n); rm = med(rs, n)
                if (s == "NA" || pm - s < 0.01) nt = "NA"
                else { for (i = 1; i <= n; i++) e[i] = (r[i] - s) / (p[i] - s); nt = sprintf("%.4g", med(e, n)) }
                printf "%.4g %s %.6g %.6g %d\n", med(q, n), nt, rm, pm, n
            }')
        ratio=$1 net=$2 rcpu=$3 pcpu=$4 nr=$5
    fi
    # the net ratio of a TIMEOUT: both times less the process start
    if [ "$rc" = 124 ] && [ "$ratio" != NA ]; then
        net=NA
        [ "$startup" != NA ] && net=$(awk -v p="$pcpu" -v s="$startup" -v l="$limit" '
            BEGIN { if (p - s < 0.01) print "NA"; else printf ">%.4g", (l - s) / (p - s) }')
    fi
    [ "$ratio" = NA ] && net=NA
    if [ "$rc" = 124 ]; then
        status=TIMEOUT
    elif [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
        status=ran
    else
        status=ERROR
    fi
    # the final row's mixed radius, the golden check, the outcome (one line:
    # KEY=VALUE;... fields, the outcome last)
    if [ "$status" = ran ]; then
        info=$("$py" - "$tmp/r.csv" "$g" "$states" <<'EOF'
import sys, csv, io
import mpmath
mpmath.mp.dps = 60
def table(path):
    lines = open(path).read().splitlines()
    data = [l for l in lines if not l.startswith('#')]
    meta = [l for l in lines if l.startswith('#')]
    rows = list(csv.reader(io.StringIO("\n".join(data))))
    return rows[0], rows[1:], meta
rh, rrows, rmeta = table(sys.argv[1])
# a fresh case has no golden file ('-'): its state names come from argv[3]
gh, grows, gmeta = table(sys.argv[2]) if sys.argv[2] != '-' else ([], [], [])
outcome = next((l[len('# outcome: '):] for l in rmeta if l.startswith('# outcome: ')), '?')
steps = next((l[len('# steps: '):].split()[0] for l in rmeta if l.startswith('# steps: ')), '?')
if not rrows:
    print("rad=NA;srad=NA;worst=-;golden=-;tlast=-;steps=%s;outcome=%s" % (steps, outcome)); sys.exit(0)
last = rrows[-1]
states = [l[len('# init: '):].split('=')[0].strip() for l in gmeta if l.startswith('# init: ')]
if sys.argv[2] == '-':
    states = sys.argv[3].split(',')
worst, wname, sworst = mpmath.mpf(-1), '-', mpmath.mpf(-1)
for k, name in enumerate(rh):
    if name == 't' or name.endswith('_rad') or k + 1 >= len(rh) or rh[k + 1] != name + '_rad':
        continue
    if last[k] in ('', 'nan') or last[k + 1] in ('', 'nan', 'inf'):
        continue
    r = mpmath.mpf(last[k + 1]) / max(abs(mpmath.mpf(last[k])), 1)
    if r > worst:
        worst, wname = r, name
    if name in states and r > sworst:
        sworst = r
# the golden final row: every value within c_rad + 10^-certified max(1, |value|)
cert = {}
for l in gmeta:
    if l.startswith('# certified: ') and '=' in l:
        name, rest = l[len('# certified: '):].split('=', 1)
        d = rest.split()[0]
        if d.replace('.', '').isdigit():
            cert[name.strip()] = float(d)
gl = grows[-1] if grows else None
same = gl is not None and abs(mpmath.mpf(gl[0]) - mpmath.mpf(last[0])) <= mpmath.mpf(last[1]) + mpmath.mpf(10) ** -30 * max(1, abs(mpmath.mpf(gl[0])))
golden, checked = 'yes', 0
if gl is None:
    golden = '-'
elif not same:
    golden = 'n/a'
else:
    for j, name in enumerate(gh):
        if name in ('t', 'digits', 'sig_digits') or name not in rh or name not in cert or gl[j] in ('', 'nan'):
            continue
        k = rh.index(name)
        gv, c, rad = mpmath.mpf(gl[j]), mpmath.mpf(last[k]), mpmath.mpf(last[k + 1])
        checked += 1
        if abs(gv - c) > rad + mpmath.mpf(10) ** (-cert[name]) * max(1, abs(gv)):
            golden = 'NO:' + name
    if checked == 0:
        golden = 'n/a'
lr = mpmath.log10(worst) if worst > 0 else mpmath.mpf('-inf')
slr = mpmath.log10(sworst) if sworst > 0 else mpmath.mpf('-inf')
print("rad=%s;srad=%s;worst=%s;golden=%s;tlast=%s;steps=%s;outcome=%s" % (
    mpmath.nstr(lr, 4) if worst >= 0 else 'NA', mpmath.nstr(slr, 4) if sworst >= 0 else 'NA', wname, golden, mpmath.nstr(mpmath.mpf(last[0]), 8), steps, outcome))
EOF
        ) || info="rad=NA;srad=NA;worst=-;golden=-;tlast=-;steps=?;outcome=cannot read the output"
    else
        info="rad=NA;srad=NA;worst=-;golden=-;tlast=-;steps=-;outcome=$(head -n 1 "$tmp/err")"
    fi
    field() { printf '%s\n' "$info" | tr ';' '\n' | sed -n "s/^$1=//p" | head -n 1; }
    lr=$(field rad)
    slr=$(field srad)
    worst=$(field worst)
    gold=$(field golden)
    tlast=$(field tlast)
    steps=$(field steps)
    outcome=${info#*;outcome=}
    T=$(printf '%s\n' "$args" | sed -n 's/.* -T \([^ ]*\).*/\1/p')
    [ "$status" = TIMEOUT ] && outcome="no result within ${limit} s"
    if [ "$status" = ran ] && [ "$rc" = 1 ]; then
        status=UNPROVEN
        outcome="last row t = $tlast: $outcome"
    fi
    if [ "$status" = ran ]; then
        if [ "$lr" = NA ]; then
            status=ERROR
        elif [ "$targeted" = 0 ]; then
            status="n/t-chaotic"
        elif awk -v r="$lr" -v D="$D" 'BEGIN { exit !(r <= -(D - 5)) }'; then
            status=met
        else
            status=MISSED
        fi
    elif [ "$targeted" = 0 ]; then
        status="$status,n/t"
    fi
    case $status in met | MISSED | n/t-chaotic) col="$worst" ;; *) col="$outcome" ;; esac
    printf "%-24s %-22s %4s %9s %8s %8s %7s %-11s %-6s %7s %6s %9s %8s %9s  %s\n" "$m" "$c" "$D" "$T" "$lr" "$slr" "-$((D - 5))" \
        "$status" "$gold" "$secs" "$steps" "$ratio" "$net" "$pcpu" "$col"
    value=$lr
    case $status in met | MISSED | n/t-chaotic) ;; *) value=NA ;; esac
    echo "result name=$prefix/radius/$m/$c measure=log10(mixed-radius) value=$value better_if=<=-$((D - 5)) nhref_s=$secs digits=$D tol=1e-$D T=$T rounds=1 note=$status: nhref run $m --rigorous at $D digits ($where); max over the state and first-integral columns c of c_rad / max(|c|, 1) at the final row (t = $tlast; worst column $worst; over the state columns alone: log10 $slr); target 10^-(D-5) (issues 12, 26)$([ "$targeted" = 0 ] && echo "; not targeted: chaotic or non-integrable by its description"); golden final row in the ball: $gold; steps $steps; wall time ${secs} s (limit ${limit} s); outcome: $outcome" >>"$tmp/rows.txt"
    echo "result name=$prefix/ratio/$m/$c measure=rigorous/plain value=$(printf '%s' "$ratio" | tr -d '>') better_if=<=5 nhref_s=$rcpu peer_s=$pcpu digits=$D tol=1e-$D T=$T peer=nhref-mpfr-taylor peer_version=this rounds=$nr note=$([ "$rc" = 124 ] && echo "TIMEOUT, a lower bound: ")nhref run $m --rigorous against nhref run $m (MPFR Taylor) at $D digits ($where); CPU time (user + system) of one run, the mean over $rreps rigorous and $preps plain runs in a row (each side repeated until 0.3 s of CPU); the median over $nr rounds (the first rigorous first, then alternating) of the rounds' ratios, and of their times; net of the process start ($startup s of CPU, nhref --version): $net; steps plain $psteps, rigorous $steps; status $status; target <= 5, worst <= 30 (issue 26)" >>"$tmp/rows.txt"
    # the summary's line: part targeted status log10-radius D ratio case net
    echo "$kind $targeted $status $lr $D $ratio $m/$c $net" >>"$tmp/sum.txt"
}

# the table's header
measure_header() {
    printf "%-24s %-22s %4s %9s %8s %8s %7s %-11s %-6s %7s %6s %9s %8s %9s  %s\n" "model" "case" "D" "T" "log10 r" "states" "target" \
        "status" "golden" "wall[s]" "steps" "rig/plain" "net" "plain[s]" "worst column / outcome"
}

# the process start [s of CPU]: nhref --version (the mean over 20 to 100 runs)
startup=NA
if part radius || part fresh; then
    set -- $(timed 60 0.5 100 "$nhref" --version)
    startup=${2:-NA}
    [ "${1:-2}" = 0 ] || startup=NA
fi

# ------------------------------------------------------------------ radius
if part radius; then
    rstart=$(date +%s)
    echo ""
    echo "Proven trajectories: the mixed radius at the final time against 10^-(D-5) (limit ${limit} s per case)"
    measure_header
    for g in "$top_srcdir"/data/golden/*/*.csv; do
        m=$(sed -n 's/^# model: //p' "$g" | head -n 1)
        c=$(sed -n 's/^# case: //p' "$g" | head -n 1)
        D=$(sed -n 's/^# digits: \([0-9]*\).*/\1/p' "$g" | head -n 1)
        if [ -z "$m" ] || [ -z "$c" ] || [ -z "$D" ]; then
            echo "bench_proven.sh: $g lacks its model, case or digits line: skipped" >&2
            continue
        fi
        if [ -n "$only" ]; then
            case " $only " in *" $m/$c "*) ;; *) continue ;; esac
        fi
        run=$m casefile=$top_srcdir/data/cases/$m.cases where="the case of data/cases; golden data/golden/$m/${g##*/}"
        if [ ! -r "$casefile" ]; then
            # a model file's golden file: its case in model_files.cases
            casefile=$top_srcdir/data/cases/model_files.cases
            mf=$(case_field "$m" "$c" model "$casefile")
            if [ -z "$mf" ]; then
                echo "bench_proven.sh: no data/cases/$m.cases and no [$c] in model_files.cases for $g: skipped" >&2
                continue
            fi
            run=$top_srcdir/data/cases/$mf
            where="the case of data/cases/model_files.cases, model file data/models/${mf##*/}; golden data/golden/$m/${g##*/}"
        fi
        desc=$(case_field "$m" "$c" description "$casefile")
        targeted=1
        case " $chaotic_list " in *" $m/$c "*) targeted=0 ;; esac
        case $desc in *chaotic* | *non-integrable*) targeted=0 ;; esac
        # the golden digits, not the case's default
        args="$(case_args "$m" "$c" "$casefile" | sed 's/ --digits [0-9]*//') --digits $D"
        kind=golden prefix=proven states=
        measure
    done
    echo "  log10 r: log10 of max_c c_rad / max(|c|, 1) at the final row over the state and"
    echo "  integral columns (worst column named; states: the state columns alone); target: log10 r <= -(D-5); golden: the golden"
    echo "  file's final values lie in the balls widened by their certified digits (yes / NO:column"
    echo "  / n/a when the final times differ); n/t: not targeted (chaotic or non-integrable)"
    echo "  radius part: $(($(date +%s) - rstart)) s of wall time"
fi

# ------------------------------------------------------------------ fresh
if part fresh; then
    fstart=$(date +%s)
    if [ ! -r "$fresh" ]; then
        echo "bench_proven.sh: cannot read the fresh cases $fresh (set NHREF_BENCH_PROVEN_FRESH)" >&2
        exit 1
    fi
    echo ""
    echo "Proven trajectories, fresh cases ($fresh): the mixed radius at the final time against 10^-(D-5) and the cost (limit ${limit} s per case)"
    measure_header
    for c in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$fresh"); do
        m=$(case_field - "$c" model "$fresh")
        D=$(case_field - "$c" digits "$fresh")
        if [ -z "$m" ] || [ -z "$D" ]; then
            echo "bench_proven.sh: $fresh: [$c] lacks its model or digits line: skipped" >&2
            continue
        fi
        desc=$(case_field - "$c" description "$fresh")
        targeted=1
        case " $chaotic_list " in *" $m/$c "*) targeted=0 ;; esac
        case $desc in *chaotic* | *non-integrable*) targeted=0 ;; esac
        args=$(case_args - "$c" "$fresh")
        kind=fresh prefix=proven/fresh run=$m g=- states=$(case_inits - "$c" "$fresh")
        where="the case of tests/bench/${fresh##*/}"
        measure
    done
    echo "  as the table above; fresh cases have no golden file (golden: -)"
    echo "  fresh part: $(($(date +%s) - fstart)) s of wall time"
fi

# ------------------------------------------------------------------ summary
if [ -s "$tmp/sum.txt" ]; then
    ngold=$(find "$top_srcdir/data/golden" -name '*.csv' | wc -l)
    nproven=$(grep -l '^# level: PROVEN (every column' "$top_srcdir"/data/golden/*/*.csv | wc -l)
    echo ""
    echo "Proven trajectories: the targets of issue 26 (targeted: the cases not chaotic; load $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null))"
    awk -v ngold="$ngold" -v nproven="$nproven" -v rowsf="$tmp/rows.txt" '
    function sort(a, n,    i, j, x) {
        for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    }
    # fields: part targeted status log10r D ratio model/case net
    {
        for (k = 1; k <= 3; k++) {
            p = k == 1 ? $1 : k == 2 ? "all" : ""; if (p == "") continue
            if ($2 == 1) { nt[p]++; if ($3 == "met") met[p]++ }
            if ($6 != "NA") {
                v = $6; lb = sub(/^>/, "", v); v += 0
                nr[p]++; R[p, nr[p]] = v
                if (!(p in wv) || v > wv[p]) { wv[p] = v; wc[p] = $7; wl[p] = lb }
                if (lb) nlb[p]++
            }
            if ($8 != "NA" && $8 != "") {
                v = $8; lb = sub(/^>/, "", v); v += 0
                nn[p]++; N[p, nn[p]] = v
                if (!(p in nwv) || v > nwv[p]) { nwv[p] = v; nwc[p] = $7; nwl[p] = lb }
            }
        }
    }
    END {
        printf "%-7s %16s %9s %12s %12s %10s %10s  %s\n", "cases", "radius <= 1e-(D-5)", "share", "ratio median", "ratio worst", "net median", "net worst", "worst case (ratio / net)"
        split("golden fresh all", parts, " ")
        for (q = 1; q <= 3; q++) {
            p = parts[q]; if (!(p in nt) && !(p in nr)) continue
            if (p == "all" && !(("golden" in nt) && ("fresh" in nt))) continue
            n = nr[p]; for (i = 1; i <= n; i++) a[i] = R[p, i]; sort(a, n)
            med = n ? (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) : "NA"
            share = nt[p] ? 100 * met[p] / nt[p] : 0
            m2 = nn[p]; for (i = 1; i <= m2; i++) b[i] = N[p, i]; sort(b, m2)
            nmed = m2 ? sprintf("%.4g", m2 % 2 ? b[(m2 + 1) / 2] : (b[m2 / 2] + b[m2 / 2 + 1]) / 2) : "NA"
            nworst = m2 ? sprintf("%s%.4g", nwl[p] ? ">" : "", nwv[p]) : "NA"
            printf "%-7s %10d of %-3d %8.1f%% %12.4g %11s%.4g %10s %10s  %s / %s (%d ratios%s; %d net)\n", p, met[p], nt[p], share, med,
                   wl[p] ? ">" : "", wv[p], nmed, nworst, wc[p], m2 ? nwc[p] : "-", n,
                   nlb[p] ? sprintf(", %d of them TIMEOUT lower bounds", nlb[p]) : "", m2
            sfx = "/" p
            printf "result name=proven/summary/radius-share%s measure=percent value=%.1f better_if=>=90 rounds=1 note=%d of the %d targeted (not chaotic) %s cases have the mixed radius <= 10^-(D-5) at the final time (TIMEOUT, UNPROVEN and errors count as missed); target >= 90 %% (issue 26)\n", sfx, share, met[p], nt[p], p == "all" ? "golden and fresh" : p >>rowsf
            printf "result name=proven/summary/ratio-median%s measure=rigorous/plain value=%.4g better_if=<=5 rounds=1 note=median over %d %s cases of the rigorous/plain CPU ratio (rows proven/ratio and proven/fresh/ratio; a TIMEOUT enters as its lower bound, %d of them); target <= 5 (issue 26)\n", sfx, med, n, p == "all" ? "golden and fresh" : p, nlb[p] >>rowsf
            printf "result name=proven/summary/net-ratio-median%s measure=rigorous/plain value=%s better_if=<=5 rounds=1 note=median over %d %s cases of the net ratio (rigorous - start)/(plain - start), start the CPU time of nhref --version, the cases whose plain run takes 0.01 s or more beyond it; target <= 5 (issue 26)\n", sfx, nmed, m2, p == "all" ? "golden and fresh" : p >>rowsf
            printf "result name=proven/summary/net-ratio-worst%s measure=rigorous/plain value=%s better_if=<=30 rounds=1 note=the worst net ratio over %d %s cases: %s%s; target <= 30 (issue 26)\n", sfx, m2 ? sprintf("%.4g", nwv[p]) : "NA", m2, p == "all" ? "golden and fresh" : p, nwc[p], nwl[p] ? " (TIMEOUT: a lower bound)" : "" >>rowsf
            printf "result name=proven/summary/ratio-worst%s measure=rigorous/plain value=%.4g better_if=<=30 rounds=1 note=the worst rigorous/plain CPU ratio over %d %s cases: %s%s; target <= 30 (issue 26)\n", sfx, wv[p], n, p == "all" ? "golden and fresh" : p, wc[p], wl[p] ? " (TIMEOUT: a lower bound)" : "" >>rowsf
        }
        printf "golden files PROVEN in every column (their '\''# level:'\'' line): %d of %d\n", nproven, ngold
        printf "result name=proven/summary/golden-proven/files measure=files value=%d better_if=>=%d rounds=1 note=golden files of data/golden whose level line says PROVEN in every column, of %d (the others: VALIDATED or PROVEN for some columns); target: all but those the note proves impossible (issue 26)\n", nproven, ngold, ngold >>rowsf
    }' "$tmp/sum.txt"
    echo "  share: of the targeted cases, those with the mixed radius <= 10^-(D-5) at the final"
    echo "  time (TIMEOUT, UNPROVEN and errors count as missed); ratios: rigorous/plain CPU time"
    echo "  of the same case in the same script (the median of $rounds rounds each; a TIMEOUT as its lower bound '>');"
    echo "  net: both less the process start ($startup s of CPU, nhref --version), over the cases whose"
    echo "  plain run takes 0.01 s or more beyond it"
fi

# ------------------------------------------------------------------ results.tsv
# append the rows (replacing earlier rows of the parts run now), atomically
drop=""
part cost && drop="$drop|cost"
part radius && drop="$drop|radius|ratio|summary"
part fresh && drop="$drop|fresh|summary"
drop="^proven/(${drop#|})/"
{
    if [ -s "$results" ]; then
        awk -F '\t' -v drop="$drop" '/^# proven: / { next } /^#/ || $1 == "name" || $1 !~ drop' "$results" >"$tmp/kept.tsv"
        # the run's line after the other comment lines, before the header row
        awk -v line="# proven: bench_proven.sh $what, date=$(date -u '+%Y-%m-%d %H:%M UTC') load_start=$load_start load_end=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?) nhref=$(git -C "$srcdir" describe --always --dirty 2>/dev/null || echo unknown)" '
            !done && !/^#/ { print line; done = 1 } { print }' "$tmp/kept.tsv"
    else
        printf '# nhref make bench results: one row per measured ratio (tests/bench/bench.sh says the columns)\n'
        printf '# date=%s cpu=%s cores=%s load_start=%s load_end=%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" \
            "$(sed -n 's/^model name[ \t]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)" \
            "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?)" \
            "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?)" \
            "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?)"
        printf '# nhref=%s\n' "$(git -C "$srcdir" describe --always --dirty 2>/dev/null || echo unknown)"
        header=1
    fi
    awk -v header="${header:-0}" -f "$srcdir/results.awk" "$tmp/rows.txt"
} >"$results.tmp.$$" && mv "$results.tmp.$$" "$results" &&
    echo "results: $(grep -c '^proven/' "$results") proven/ rows in $results" ||
    {
        rm -f "$results.tmp.$$"
        echo "bench_proven.sh: cannot write $results" >&2
        exit 1
    }
echo "  wall time of bench_proven.sh: $(($(date +%s) - start)) s"

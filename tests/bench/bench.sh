#!/bin/sh
# bench.sh -- nhref's benchmarks (`make bench`; never part of `make check`): a
# report on stdout and one row per measured ratio in results.tsv.
#
# Cases: the Chaplygin sleigh of the paper's Fig. 2 (spec PUB-1: m = 2, J = 30,
# a = 1, (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1)) and, against heyoka, also
# the figure skater's case C2 (data/cases/skater.cases).  Sections:
#   1. nhref's MPFR Taylor scheme at 30..3000 digits, T = 10 (3000 digits: one
#      step, from the oracle's state at t = 1 to 1.1), against the cost floor:
#      nhref's own operation count times the measured cost of one mpfr_mul +
#      mpfr_add -- not a lower bound (bench_sleigh, $NHREF_BENCH);
#   2. mpmath.odefun at 30 digits, mp.dps raised until it reaches nhref's
#      accuracy, preferably with the gmpy2 backend (bench_mpmath.py);
#   3. double precision, equal accuracy: nhref's fast path (nhref_fast.h,
#      schemes taylor and gauss; bench_peers) against GSL's rk8pd
#      (bench_gsl.c, compiled here with $CC -lgsl -lgslcblas), T = 10 and
#      100: a sweep of tolerances for each, the error at T against the golden
#      file (T = 10) or nhref's MPFR Taylor scheme at 40 digits (T = 100), and
#      the time each needs for errors 1e-6, 1e-7, ..., 1e-15;
#   4. the fast path against nhref's MPFR integrators at 53 bits (bench_peers);
#   5. 168 bits, equal accuracy: nhref's MPFR Taylor scheme against
#      Boost.odeint with Boost.Multiprecision mpfr_float_backend<50>
#      (bench_odeint.cpp, compiled here with $CXX -lmpfr -lgmp; bulirsch_stoer
#      and runge_kutta_fehlberg78), tolerances swept, the time each needs for
#      20, 30 and 40 digits and at odeint's best accuracy;
#   6. heyoka (optional: bench_heyoka, built when configure found heyoka):
#      nhref and heyoka in one process, the sleigh and the skater C2, MPFR at
#      30/50/100/300 digits and double at tolerances 1e-8/1e-12/1e-15
#      (bench_heyoka.cpp says how), each in several fresh processes: the
#      ratio is the median of the per-process medians (bench_heyoka.sh,
#      heyoka_merge.awk; `make bench-heyoka` runs this section alone); the
#      construction times (heyoka: its JIT) are rows of their own.
#   7. more benchmarks, each a program whose "result" lines become rows:
#      a. nhref verify's throughput (bench_verify);
#      b. a model file against the same compiled model (bench_model_files, issue
#         24): the built-ins chaplygin_sleigh, one_wheel and suslov_servo against
#         examples/sleigh.model (the sleigh's Lagrangian: 6 states and a KKT
#         solve, not the built-in's 5 reduced equations), one_wheel_mass.model and
#         suslov_servo_ode.model of data/models (the same equations), MPFR at 30
#         and 100 digits and double; the ratio model file / built-in
#         (bench_model_files.c says how).
# GSL, Boost and heyoka are optional: when a peer is missing its rows are left
# out and the report says why.  Peers and nhref run round after round,
# alternately (nhref first in odd rounds, the peer first in even ones), so
# that a burst of load hits both sides of a ratio; every ratio of sections 3, 4,
# 5 and 6 is the median over the rounds of the per-round ratio.  All times
# are CPU times of the process (CLOCK_PROCESS_CPUTIME_ID; Python:
# time.process_time), so that other processes on a shared machine count as
# little as possible -- they still share the caches: on a loaded machine,
# read the ratios, not the times.  The whole run cost about 3 minutes of CPU
# time with heyoka when bench_heyoka ran every case in one process (35 s the
# 1000-digit run, 80 s bench_heyoka, 5 s mpmath, 10 s compiling bench_heyoka
# when make builds it, 30 s bench_model_files), 7 minutes of wall time at load
# 8 on 2 cores; the double cases now run in 5 fresh processes (not yet timed).
#
# results.tsv (tab-separated, '#' lines are metadata: pandas.read_csv(f,
# sep='\t', comment='#')), one row per ratio, columns:
#   name         what was compared, PEER/PROBLEM/PRECISION/LEVEL, e.g.
#                heyoka/sleigh/mpfr/30, gsl/sleigh/T10/1e-12, floor/sleigh/mpfr/100
#   measure      the ratio, e.g. nhref/heyoka (nhref time / heyoka time)
#   value        the ratio (median of per-round ratios); NA if not measurable
#                (the note says why)
#   better_if    <1 or >1: which side of 1 is good for nhref
#   nhref_s, peer_s   median CPU time of one integration [s]
#   prec         working precision [bits] (53: double)
#   digits       digits asked for (tolerance 10^-digits), - in double
#   tol          tolerance, or the error level at which times were compared
#   T            final time
#   err_nhref, err_peer   error at T, max_i |s_i - ref_i| / max(1, |ref_i|)
#   peer, peer_version    the peer and its version
#   rounds       rounds (or repetitions) behind the median
#   note         how it was measured, in words (free text, last column)
# Any program run here may add rows: it prints lines
#   result name=.. measure=.. value=.. [better_if=..] [nhref_s=..] ... [note=free text]
# (key=value, no spaces in values; note= last, it takes the rest of the line)
# and bench.sh collects every such line of every $tmp/*.txt output (see
# section 7).  `make bench-table` (perf_table.sh) turns results.tsv into the
# tables of docs/performance.md.
#
# Progress goes to stderr; the report to stdout; every run of the sweeps (median
# times) to $NHREF_BENCH_SWEEPS, the raw per-round records to
# $NHREF_BENCH_RECORDS.
#
# Usage: bench.sh [SRCDIR]
# Environment:
#   NHREF_BENCH         the bench_sleigh program (default ./bench_sleigh)
#   NHREF_BENCH_PEERS   the bench_peers program (default ./bench_peers)
#   NHREF_BENCH_VERIFY  the bench_verify program (7a); unset: no verify row
#   NHREF_BENCH_MODEL_FILES  the bench_model_files program (7b); unset: no
#                       model-file rows
#   NHREF_BENCH_TOP_SRCDIR  where it finds the model files (default SRCDIR/../..)
#   NHREF_BENCH_MF_ROUNDS  its rounds (default 7; ~0.4 s each per pair and level)
#   NHREF_BENCH_HEYOKA  the bench_heyoka program; empty: no heyoka rows
#   NHREF_BENCH_HEYOKA_WHY  why there is none (configure says; printed)
#   NHREF_BENCH_HEYOKA_CASES, _ROUNDS, _D_ROUNDS, _PROCS, _MP_PROCS  its cases,
#                       rounds and fresh processes (bench_heyoka.sh says them)
#   NHREF_BENCH_GOLDEN  the golden file of the case (default
#                       SRCDIR/../../data/golden/chaplygin_sleigh/fig2-100.csv)
#   NHREF_BENCH_RESULTS where to write results.tsv (default ./results.tsv)
#   CC, CFLAGS          compile bench_gsl.c (default cc, -O2; `make bench`
#                       passes configure's)
#   CXX, CXXFLAGS       compile bench_odeint.cpp (default c++, -O2)
#   NHREF_BENCH_PYTHON3, PYTHON3
#                       Pythons to try for mpmath, then /usr/bin/python3 and
#                       python3: the first whose mpmath has the gmpy backend
#                       (Debian python3-gmpy2), else the first with mpmath.
#   NHREF_BENCH_LEVELS  bench_sleigh levels, DIGITS:REPS[:[T0-]T] (default
#                       "30:15 100:11 300:5 1000:1 3000:1:1-1.1"; one 1000-digit
#                       run takes ~30 s of CPU time, hence a single repetition;
#                       at 3000 digits, 1-1.1 is one Taylor step of order 3455
#                       from the oracle's state at t = 1, about 3 minutes of CPU
#                       time; the row's note says so)
#   NHREF_BENCH_MPMATH_REPS  repetitions of mpmath.odefun (default 3)
#   NHREF_BENCH_ROUNDS  rounds of 3. and 4. (default 7; ~1.5 s each)
#   NHREF_BENCH_MP_ROUNDS  rounds of 5. (default 5; ~2 s each)
#   NHREF_BENCH_RECORDS where to keep the raw records (default ./bench-records.txt)
#   NHREF_BENCH_SWEEPS  where to write every run of the sweeps of 3. to 5., with
#                       median times (default ./bench-sweeps.txt)

srcdir=${1:-.}
bench=${NHREF_BENCH:-./bench_sleigh}
peers=${NHREF_BENCH_PEERS:-./bench_peers}
heyoka=${NHREF_BENCH_HEYOKA:-}
heyoka_why=${NHREF_BENCH_HEYOKA_WHY:-"bench_heyoka was not built (configure did not find heyoka; set HEYOKA_PREFIX)"}
golden=${NHREF_BENCH_GOLDEN:-$srcdir/../../data/golden/chaplygin_sleigh/fig2-100.csv}
results=${NHREF_BENCH_RESULTS:-./results.tsv}
levels=${NHREF_BENCH_LEVELS:-"30:15 100:11 300:5 1000:1 3000:1:1-1.1"}
mpreps=${NHREF_BENCH_MPMATH_REPS:-3}
rounds=${NHREF_BENCH_ROUNDS:-7}
mprounds=${NHREF_BENCH_MP_ROUNDS:-5}
records=${NHREF_BENCH_RECORDS:-$(pwd)/bench-records.txt}
sweeps=${NHREF_BENCH_SWEEPS:-$(pwd)/bench-sweeps.txt}
start=$(date +%s)
load=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo "?")
cc=${CC:-cc}
cflags=${CFLAGS:--O2}
cxx=${CXX:-c++}
cxxflags=${CXXFLAGS:--O2}

# the sweeps: tolerances 1e-4 ... 1e-16 by factors of 10^0.5 (double); at 168
# bits, nhref's tolerance 10^-d and odeint's METHOD:TOL
tols=$(awk 'BEGIN { for (k = 8; k <= 32; k++) printf "%s%.3g", (k > 8 ? " " : ""), 10 ^ (-k / 2) }')
mp_prec=168
mp_digits="15 20 25 30 35 40 45 48"
odeint_runs="bs:1e-15 bs:1e-20 bs:1e-25 bs:1e-30 bs:1e-35 bs:1e-38 bs:1e-41 bs:1e-44"
odeint_runs="$odeint_runs rkf78:1e-15 rkf78:1e-20 rkf78:1e-25 rkf78:1e-30"
min_double=0.01
min_mp=0.02

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nhref-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

for p in "$bench" "$peers"; do
    if [ ! -x "$p" ]; then
        echo "bench.sh: $p is not an executable (set NHREF_BENCH, NHREF_BENCH_PEERS)" >&2
        exit 1
    fi
done
: >"$tmp/peers.txt"
: >"$tmp/mpmath.txt"
: >"$tmp/heyoka.txt"
: >"$tmp/heyoka.raw"

# ------------------------------------------------------------------ 1. nhref
echo "bench.sh: running $bench $levels" >&2
# shellcheck disable=SC2086 # the levels are words on purpose
if ! "$bench" $levels >"$tmp/nhref.txt"; then
    cat "$tmp/nhref.txt"
    echo "bench.sh: $bench failed" >&2
    exit 1
fi

# ------------------------------------------------------------------ references
# T = 10: the golden file's row t = 10 (columns found by name)
ref10=""
if [ -r "$golden" ]; then
    ref10=$(awk -F, '/^#/ { next }
        !hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1; next }
        $col["t"] == "10" { print $col["x"] "," $col["y"] "," $col["phi"] "," $col["v"] "," $col["omega"]; exit }' \
        "$golden")
fi
peer_msg=""
if [ -z "$ref10" ]; then
    peer_msg="sections 3 to 5 skipped: no row t = 10 in the golden file '$golden' (set NHREF_BENCH_GOLDEN)"
fi
# T = 100: nhref's MPFR Taylor scheme at 40 digits (and 60 to check it)
ref100=""
if [ -z "$peer_msg" ]; then
    echo "bench.sh: running $peers ref 100 40" >&2
    if "$peers" ref 100 40 >"$tmp/ref100.txt"; then
        cat "$tmp/ref100.txt" >>"$tmp/peers.txt"
        ref100=$(sed -n 's/^ref T=100 .*vals=//p' "$tmp/ref100.txt")
    fi
    [ -n "$ref100" ] || echo "bench.sh: no T = 100 reference; T = 100 rows skipped" >&2
fi

# ------------------------------------------------------------------ the peers, compiled here
gsl=""
gsl_msg=""
if [ -z "$peer_msg" ]; then
    echo "bench.sh: compiling bench_gsl.c: $cc $cflags ... -lgsl -lgslcblas -lm" >&2
    # shellcheck disable=SC2086 # the flags are words on purpose
    if $cc $cflags -o "$tmp/bench_gsl" "$srcdir/bench_gsl.c" -lgsl -lgslcblas -lm \
        >"$tmp/gsl.err" 2>&1; then
        gsl=$tmp/bench_gsl
    else
        gsl_msg="GSL rows skipped: '$cc $cflags bench_gsl.c -lgsl -lgslcblas -lm' failed (Debian: libgsl-dev): $(grep -m 1 -i 'error' "$tmp/gsl.err" || head -n 1 "$tmp/gsl.err")"
    fi
fi
odeint=""
odeint_msg=""
if [ -z "$peer_msg" ]; then
    echo "bench.sh: compiling bench_odeint.cpp: $cxx $cxxflags ... -lmpfr -lgmp (about 5 s of CPU)" >&2
    # shellcheck disable=SC2086 # the flags are words on purpose
    if $cxx $cxxflags -o "$tmp/bench_odeint" "$srcdir/bench_odeint.cpp" -lmpfr -lgmp \
        >"$tmp/odeint.err" 2>&1; then
        odeint=$tmp/bench_odeint
    else
        odeint_msg="odeint rows skipped: '$cxx $cxxflags bench_odeint.cpp -lmpfr -lgmp' failed (Debian: libboost-dev, g++): $(grep -m 1 -i 'error' "$tmp/odeint.err" || head -n 1 "$tmp/odeint.err")"
    fi
fi

# ------------------------------------------------------------------ 3. and 4.: double
# one round: nhref's fast path and MPFR-53, and rk8pd, at T = 10 then 100;
# nhref first in odd rounds, rk8pd first in even ones
run_nhref_double() {
    # shellcheck disable=SC2086
    "$peers" double "$1" "$2" "$min_double" $tols >>"$tmp/peers.txt" ||
        echo "bench.sh: bench_peers double $1 failed" >&2
}
run_gsl() {
    [ -n "$gsl" ] || return 0
    # shellcheck disable=SC2086
    "$gsl" "$1" "$2" "$min_double" $tols >>"$tmp/peers.txt" ||
        echo "bench.sh: bench_gsl $1 failed" >&2
}
if [ -z "$peer_msg" ]; then
    r=1
    while [ "$r" -le "$rounds" ]; do
        echo "bench.sh: double precision, round $r/$rounds" >&2
        for T in 10 100; do
            if [ "$T" = 10 ]; then ref=$ref10; else ref=$ref100; fi
            [ -n "$ref" ] || continue
            if [ $((r % 2)) = 1 ]; then
                run_nhref_double "$T" "$ref"
                run_gsl "$T" "$ref"
            else
                run_gsl "$T" "$ref"
                run_nhref_double "$T" "$ref"
            fi
        done
        r=$((r + 1))
    done
fi

# ------------------------------------------------------------------ 5.: 168 bits
run_nhref_mp() {
    # shellcheck disable=SC2086
    "$peers" mp 10 "$ref10" "$min_mp" "$mp_prec" $mp_digits >>"$tmp/peers.txt" ||
        echo "bench.sh: bench_peers mp failed" >&2
}
run_odeint() {
    [ -n "$odeint" ] || return 0
    # shellcheck disable=SC2086
    "$odeint" 10 "$ref10" "$min_mp" $odeint_runs >>"$tmp/peers.txt" ||
        echo "bench.sh: bench_odeint failed" >&2
}
if [ -z "$peer_msg" ]; then
    r=1
    while [ "$r" -le "$mprounds" ]; do
        echo "bench.sh: 168 bits, round $r/$mprounds" >&2
        if [ $((r % 2)) = 1 ]; then
            run_nhref_mp
            run_odeint
        else
            run_odeint
            run_nhref_mp
        fi
        # nhref as `nhref run --digits 50` would run it (199 bits)
        "$peers" mp 10 "$ref10" "$min_mp" 0 50 >>"$tmp/peers.txt" ||
            echo "bench.sh: bench_peers mp failed" >&2
        r=$((r + 1))
    done
fi

# ------------------------------------------------------------------ 6. heyoka
# bench_heyoka.sh: bench_heyoka in fresh processes, the median of the
# per-process medians (heyoka_merge.awk); rows heyoka/..., and the construction
# times construct/heyoka/... and construct/nhref/...
if [ -n "$heyoka" ] && [ -x "$heyoka" ]; then
    heyoka_why=""
    NHREF_BENCH_HEYOKA_RAW=$tmp/heyoka.raw sh "$srcdir/bench_heyoka.sh" "$srcdir" "$heyoka" >"$tmp/heyoka.txt" ||
        echo "bench.sh: bench_heyoka.sh failed" >&2
elif [ -n "$heyoka" ]; then
    heyoka_why="$heyoka is not an executable"
fi

# ------------------------------------------------------------------ 2. mpmath
# the first Python whose mpmath has the gmpy backend, else the first with mpmath
py=""
py_backend=""
for p in "$NHREF_BENCH_PYTHON3" "$PYTHON3" /usr/bin/python3 python3; do
    [ -n "$p" ] || continue
    b=$("$p" -c 'import mpmath.libmp; print(mpmath.libmp.BACKEND)' 2>/dev/null) || continue
    if [ -z "$py" ]; then
        py=$p
        py_backend=$b
    fi
    if [ "$b" = gmpy ]; then
        py=$p
        py_backend=$b
        break
    fi
done
acc30=$(awk '$1 == "sleigh" { for (i = 2; i <= NF; i++) { split($i, kv, "=");
             if (kv[1] == "digits") d = kv[2]; if (kv[1] == "acc") a = kv[2] }
             if (d == 30) { sub(/^>=/, "", a); print a } }' "$tmp/nhref.txt")
ref=$(sed -n 's/^ref //p' "$tmp/nhref.txt")
mpmath_msg=""
if [ -z "$py" ]; then
    mpmath_msg="mpmath line skipped: no Python 3 with mpmath (tried '${NHREF_BENCH_PYTHON3}', '${PYTHON3}', /usr/bin/python3 and python3; Debian: python3-mpmath python3-gmpy2)"
elif [ -z "$acc30" ]; then
    mpmath_msg="mpmath line skipped: the nhref levels ($levels) have no 30-digit run to match"
else
    echo "bench.sh: running $py bench_mpmath.py 30 $mpreps --target $acc30 (mpmath backend $py_backend)" >&2
    if ! "$py" "$srcdir/bench_mpmath.py" 30 "$mpreps" --target "$acc30" --ref "$ref" \
        >"$tmp/mpmath.txt"; then
        mpmath_msg="mpmath line skipped: bench_mpmath.py failed"
        : >"$tmp/mpmath.txt"
    fi
fi

cat "$tmp/nhref.txt" "$tmp/mpmath.txt" "$tmp/peers.txt" "$tmp/heyoka.raw" "$tmp/heyoka.txt" >"$records" 2>/dev/null ||
    records="(not kept: cannot write $records)"

# ------------------------------------------------------------------ 7. more benchmarks
# To add a benchmark: run it here with its output in "$tmp/NAME.txt"; its lines
#   result name=.. measure=.. value=.. [key=value]... [note=text]
# become rows of results.tsv (section "results.tsv" below), and nothing else
# needs to change.

# 7a. nhref verify's throughput: bench_verify ($NHREF_BENCH_VERIFY) verifies a 100 000-row
# trajectory of the sleigh at 30 digits; its rows/s of CPU time become a row
if [ -n "${NHREF_BENCH_VERIFY:-}" ] && [ -x "$NHREF_BENCH_VERIFY" ]; then
    echo "bench.sh: running $NHREF_BENCH_VERIFY" >&2
    if "$NHREF_BENCH_VERIFY" >"$tmp/verify.raw"; then
        sed -n 's/^verify rows=\([0-9]*\) .*rows_per_s=\([0-9.]*\).*/result name=verify\/sleigh measure=rows_per_s value=\2 better_if=higher digits=30 note=nhref verify throughput, \1 rows, CPU time (target >= 50000)/p' \
            "$tmp/verify.raw" >"$tmp/verify.txt"
    else
        echo "bench.sh: $NHREF_BENCH_VERIFY failed" >&2
    fi
fi

# 7b. a model file against the same compiled model (issue 24): bench_model_files
# ($NHREF_BENCH_MODEL_FILES) times each built-in and its model file on one case,
# rounds interleaved; rows model-file/PAIR/mpfr/30, .../mpfr/100, .../double/fast
# (measure file/builtin); its report is printed after the others
if [ -n "${NHREF_BENCH_MODEL_FILES:-}" ] && [ -x "$NHREF_BENCH_MODEL_FILES" ]; then
    echo "bench.sh: running $NHREF_BENCH_MODEL_FILES (about 30 s)" >&2
    if ! "$NHREF_BENCH_MODEL_FILES" -r "${NHREF_BENCH_MF_ROUNDS:-7}" \
        "${NHREF_BENCH_TOP_SRCDIR:-$srcdir/../..}" >"$tmp/model_files.txt"; then
        echo "bench.sh: $NHREF_BENCH_MODEL_FILES failed (its rows that were measured are kept)" >&2
    fi
fi

# 8. batch mode (issue 27 item 4): bench_batch ($NHREF_BENCH_BATCH) times
# nhref_batch_grid_d on B = 4 and 8 lanes against the same B runs of
# nhref_integrate_grid_d (each side on one integrator made before), the sleigh and the
# skater C2 at 1e-15, rounds interleaved (in a round each side repeats its work until the
# batch's share takes about 0.02 s of CPU);
# rows batch/CASE/BB (measure separate/batch: > 1 is the batch's higher throughput)
if [ -n "${NHREF_BENCH_BATCH:-}" ] && [ -x "$NHREF_BENCH_BATCH" ]; then
    echo "bench.sh: running $NHREF_BENCH_BATCH (about 10 s)" >&2
    if ! "$NHREF_BENCH_BATCH" -r "${NHREF_BENCH_BATCH_ROUNDS:-7}" >"$tmp/batch.txt"; then
        echo "bench.sh: $NHREF_BENCH_BATCH failed (its rows that were measured are kept)" >&2
    fi
fi

# ------------------------------------------------------------------ report
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
load_end=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo "?")
date_utc=$(date -u '+%Y-%m-%d %H:%M UTC')

awk -v cpu="${cpu:-unknown CPU}" -v ncpu="$ncpu" -v date="$date_utc" \
    -v load="$load" -v load_end="$load_end" -v msg="$mpmath_msg" -v peer_msg="$peer_msg" -v gsl_msg="$gsl_msg" \
    -v odeint_msg="$odeint_msg" -v heyoka_msg="$heyoka_why" -v rounds="$rounds" -v mprounds="$mprounds" \
    -v records="$records" -v sweeps="$sweeps" -v mp_prec="$mp_prec" -v awk_results="$tmp/awk-results.txt" \
    -v wall=$(($(date +%s) - start)) '
function parse(line, rec,    n, f, i, kv, p) {
    p = index(line, " note=")
    if (p > 0) { rec["note"] = substr(line, p + 6); line = substr(line, 1, p - 1) }
    n = split(line, f, " ")
    for (i = 2; i <= n; i++) {
        if (split(f[i], kv, "=") >= 2) rec[kv[1]] = substr(f[i], length(kv[1]) + 2)
    }
}
# the median of A[1..N] (sorts a copy)
function medarr(a, n,    i, j, b, x) {
    if (n < 1) return -1
    for (i = 1; i <= n; i++) b[i] = a[i]
    for (i = 2; i <= n; i++) {
        x = b[i]
        for (j = i - 1; j >= 1 && b[j] > x; j--) b[j + 1] = b[j]
        b[j + 1] = x
    }
    return n % 2 ? b[(n + 1) / 2] : 0.5 * (b[n / 2] + b[n / 2 + 1])
}
# the median of the sample times of configuration KEY
function med(key,    i, a) {
    for (i = 1; i <= NT[key]; i++) a[i] = TV[key, i]
    return medarr(a, NT[key])
}
# The time IMPL needs for an error <= E at T, in round R (0: median times):
# on its work-precision front (the runs of its sweep, by time, that have a
# smaller error than every faster run), log-log interpolation between the two
# runs bracketing E.  Returns the time; -1 if no run reaches E; -2 if IMPL has
# no runs.  Sets OVER (the cheapest run already does better than E: its time
# is returned), BEST_ERR / BEST_T / BEST_TOL (the most accurate run).
function time_at(impl, T, E, r,    n, m, i, j, k, tt, ee, kk, x, y, z, nf, ft, fe, best) {
    n = NK[impl, T]
    OVER = 0
    if (n == 0) return -2
    m = 0
    for (i = 1; i <= n; i++) {
        k = KK[impl, T, i]
        if (r > 0 && NT[k] < r) continue
        m++; kk[m] = k; tt[m] = r > 0 ? TV[k, r] : med(k); ee[m] = ERR[k]
    }
    if (m == 0) return -2
    for (i = 2; i <= m; i++) {
        x = tt[i]; y = ee[i]; z = kk[i]
        for (j = i - 1; j >= 1 && tt[j] > x; j--) { tt[j + 1] = tt[j]; ee[j + 1] = ee[j]; kk[j + 1] = kk[j] }
        tt[j + 1] = x; ee[j + 1] = y; kk[j + 1] = z
    }
    nf = 0; best = 1e300
    for (i = 1; i <= m; i++)
        if (ee[i] < best) { best = ee[i]; nf++; ft[nf] = tt[i]; fe[nf] = ee[i]; if (r == 0) FRONT[kk[i]] = 1
                            BEST_ERR = ee[i]; BEST_T = tt[i]; BEST_TOL = TOL[kk[i]] }
    if (fe[1] <= E) { OVER = 1; return ft[1] }
    for (i = 1; i < nf; i++)
        if (fe[i] > E && fe[i + 1] <= E) {
            if (fe[i + 1] <= 0) return ft[i + 1]
            x = (log(E) - log(fe[i])) / (log(fe[i + 1]) - log(fe[i]))
            return exp(log(ft[i]) + x * (log(ft[i + 1]) - log(ft[i])))
        }
    return -1
}
# The median over rounds 1..NR of time_at(A) / time_at(B) at error E (A may be
# "odeint-best": the faster of odeint-bs and odeint-rkf78 in each round).
# -1 if no round has both.  Sets RN (rounds counted), R_OVER (the cheapest run
# of A or B already beats E in some round: the ratio is then a bound).
function ratio_med(A, B, T, E, nr,    r, n, a, b, ta, tb, v) {
    n = 0; R_OVER = 0
    for (r = 1; r <= nr; r++) {
        if (A == "odeint-best") {
            a = time_at("odeint-bs", T, E, r); ta = time_at("odeint-rkf78", T, E, r)
            if (ta > 0 && (a <= 0 || ta < a)) a = ta
        } else a = time_at(A, T, E, r)
        R_OVER += OVER
        b = time_at(B, T, E, r); R_OVER += OVER
        if (a > 0 && b > 0) v[++n] = a / b
    }
    RN = n
    return n ? medarr(v, n) : -1
}
# a time column: microseconds or seconds (SCALE), "*" when OVER, "n/r" when not
# reached (with the smallest error, or with its digits if DIG)
function tcol(t, scale, fmt, dig) {
    if (t == -2) return "-"
    if (t == -1)
        return dig ? sprintf("n/r (%.1f dig)", -log(BEST_ERR) / log(10)) : sprintf("n/r (%.2g)", BEST_ERR)
    return sprintf(fmt, t * scale) (OVER ? "*" : " ")
}
function rcol(x) { return x > 0 ? sprintf("%.2fx", x) : "-" }
# one results.tsv row, as a result record
function result(name, measure, value, better, ns, ps, prec, dig, tol, tend, en, ep, peer, pv, nr, note) {
    printf "result name=%s measure=%s value=%s better_if=%s nhref_s=%s peer_s=%s prec=%s digits=%s " \
           "tol=%s T=%s err_nhref=%s err_peer=%s peer=%s peer_version=%s rounds=%s note=%s\n",
           name, measure, (value > 0 ? sprintf("%.4g", value) : "NA"), better,
           (ns > 0 ? sprintf("%.4g", ns) : "-"), (ps > 0 ? sprintf("%.4g", ps) : "-"), prec, dig, tol, tend,
           (en == "" ? "-" : en), (ep == "" ? "-" : ep), peer, pv, nr, note >awk_results
}
FNR == 1 { file++ }
file == 1 && $1 == "mpfr"   { parse($0, lib) }
file == 1 && $1 == "sleigh" { nl++; parse($0, tmp); for (k in tmp) L[nl, k] = tmp[k]; delete tmp }
file == 2 && $1 == "mpmath" && $2 ~ /^version=/ { parse($0, mpv) }
file == 2 && $1 == "mpmath_try" { nt++; parse($0, tmp); for (k in tmp) T[nt, k] = tmp[k]; delete tmp }
file == 2 && $1 == "mpmath" && $2 ~ /^digits=/ { have_mp = 1; parse($0, mp) }
file == 3 && $1 == "ref"    { parse($0, rref) }
file == 3 && $1 == "gsl"    { parse($0, gslv) }
file == 3 && $1 == "odeint" { parse($0, odv) }
file == 3 && $1 == "peer" {
    parse($0, rec)
    if (rec["impl"] == "nhref-mp-taylor" && rec["prec"] != mp_prec) rec["impl"] = "nhref-mp-taylor-own"
    key = rec["impl"] SUBSEP rec["T"] SUBSEP rec["tol"] SUBSEP rec["prec"]
    if (!(key in ERR)) {
        NK[rec["impl"], rec["T"]]++
        KK[rec["impl"], rec["T"], NK[rec["impl"], rec["T"]]] = key
        nkeys++; KEYS[nkeys] = key
        ERR[key] = rec["err"] + 0; ACC[key] = rec["acc"]; TOL[key] = rec["tol"]
        STEPS[key] = rec["nsteps"]; ORD[key] = rec["order"]; NFEV[key] = rec["nfev"]
        PREC[key] = rec["prec"]; IMPL[key] = rec["impl"]; TT[key] = rec["T"]
        TNEW[key] = rec["t_new"]
    } else if (rec["err"] + 0 != ERR[key]) {
        VARIES[key] = 1
    }
    TV[key, ++NT[key]] = rec["t"] + 0
    delete rec
}
file == 4 && $1 == "heyoka" { parse($0, hyv) }
file == 4 && $1 == "hycase" { nh++; parse($0, tmp); for (k in tmp) H[nh, k] = tmp[k]; delete tmp }
END {
    print "nhref benchmark -- Chaplygin sleigh, paper Fig. 2 case (spec PUB-1); skater C2 against heyoka"
    print "  m = 2, J = 30, a = 1; (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1)"
    printf "  %s, %s cores online; MPFR %s, GMP %s; %s\n", cpu, ncpu,
           lib["version"], lib["gmp"], date
    print "  times: CPU time of the process (CLOCK_PROCESS_CPUTIME_ID), medians; ratios: medians"
    print "  of per-round ratios, nhref and the peer alternating round after round"
    printf "  load average %s at the start, %s at the end: on a shared machine read the ratios\n", load, load_end
    print ""
    print "1. nhref MPFR Taylor scheme vs its cost floor, T = 10"
    printf "%7s %6s %6s %6s %8s %5s  %-22s %9s %10s %9s %11s %11s\n", "digits", "bits", "N",
           "steps", "ops/step", "reps", "time [s] (min)", "accuracy", "mul+add", "fma",
           "floor [s]", "time/floor"
    printf "%7s %6s %6s %6s %8s %5s  %-22s %9s %10s %9s %11s %11s\n", "", "", "", "", "", "",
           "", "[digits]", "[ns]", "[ns]", "", ""
    for (i = 1; i <= nl; i++) {
        printf "%7s %6s %6s %6s %8s %5s  %-22s %9s %10s %9s %11s %10.2fx\n", L[i, "digits"],
               L[i, "prec"], L[i, "order"], L[i, "nsteps"], L[i, "ops"], L[i, "reps"],
               sprintf("%.4g (%.4g)", L[i, "t_run"], L[i, "t_run_min"]), L[i, "acc"],
               sprintf("%.1f", L[i, "ns_muladd"]), sprintf("%.1f", L[i, "ns_fma"]),
               sprintf("%.4g", L[i, "floor"]), L[i, "ratio"]
        if (L[i, "digits"] == 30) { i30 = i }
        if ((L[i, "T"] != "" && L[i, "T"] != "10") || (L[i, "T0"] != "" && L[i, "T0"] != "0"))
            shortened = shortened sprintf("  %s digits: from the oracle state at t = %s to %s, not 0 to 10 (too long)\n",
                                          L[i, "digits"], L[i, "T0"] != "" ? L[i, "T0"] : 0, L[i, "T"])
    }
    printf "%s", shortened
    print "  time     = nhref_integrate_until from 0 to T (nhref_integrator_new excluded: median"
    printf "             %s s at 30 digits)\n",
           (i30 ? sprintf("%.3g", L[i30, "t_new"]) : "?")
    print "  accuracy = min_i -log10(|s_i(T) - ref_i| / max(1, |ref_i|)), ref = nhref_oracle_sleigh_state"
    print "             (closed form) at 64 bits more than the integrator"
    print "  floor    = steps * ops/step * t(mpfr_mul + mpfr_add): nhref'"'"'s own operation count for"
    print "             order N (jets to order N-1; per coefficient k: k+1 multiply-adds per product,"
    print "             floor(k/2)+1 per square, k per sin and k per cos) times the cost of one"
    print "             multiply-add measured at the same precision in this run (triangular Cauchy loop"
    print "             on random full-precision operands, as src/jet/mul.c; fma column: mpfr_fma)."
    print "             NOT a lower bound: a yardstick of the time spent outside the products."
    print "  time/floor = median over the runs of (run time / floor with the micro-benchmark sample"
    print "             taken right after that run)"
    print ""
    print "2. mpmath.odefun at 30 digits, equal accuracy, T = 10"
    if (msg != "") {
        print "  " msg
    } else if (!have_mp) {
        print "  mpmath line skipped: bench_mpmath.py printed no result"
    } else {
        printf "  mpmath %s (%s, backend %s%s); accuracy vs the same oracle reference\n",
               mpv["version"], mpv["python"], mpv["backend"],
               mpv["gmpy2"] != "" && mpv["gmpy2"] != "none" ? ", gmpy2 " mpv["gmpy2"] : ""
        if (mpv["backend"] != "gmpy")
            print "  NOTE: pure-Python backend (install python3-gmpy2 for the gmpy backend: ~5x faster)"
        for (i = 1; i <= nt; i++)
            printf "  trial mp.dps = %s: %.3g s, accuracy %s digits\n", T[i, "dps"], T[i, "t"],
                   T[i, "acc"]
        printf "%-28s %7s %5s  %-22s %9s\n", "", "dps", "reps", "time [s] (min)", "accuracy"
        printf "%-28s %7s %5s  %-22s %9s\n", "nhref (new + integrate)", 30, L[i30, "reps"],
               sprintf("%.4g (%.4g)", L[i30, "t_total"], L[i30, "t_total_min"]), L[i30, "acc"]
        printf "%-28s %7s %5s  %-22s %9s\n", "mpmath.odefun (new + f(10))", mp["dps"], mp["reps"],
               sprintf("%.4g (%.4g)", mp["t"], mp["t_min"]), mp["acc"]
        if (!mp["matched"])
            printf "  NOTE: mpmath did not reach nhref accuracy (%s) by mp.dps = %s\n",
                   mp["target"], mp["dps"]
        mpr = mp["t"] / L[i30, "t_total"]
        printf "  mpmath / nhref: %.0fx (medians of separate runs: nhref in section 1, mpmath after)\n", mpr
        gv = (mpv["gmpy2"] != "" && mpv["gmpy2"] != "none") ? " (gmpy2 " mpv["gmpy2"] ")" : ""
        result("mpmath/sleigh/mpfr/30", "mpmath/nhref", mpr, ">1", L[i30, "t_total"], mp["t"],
               L[i30, "prec"], 30, "1e-30", 10, sprintf("%.3g", 10 ^ -L[i30, "acc"]),
               sprintf("%.3g", 10 ^ -mp["acc"]), "mpmath.odefun", mpv["version"] "-" mpv["backend"],
               mp["reps"], sprintf("mpmath backend %s%s at mp.dps = %s (raised until its accuracy, %s digits, reached nhref at 30 digits, %s); both times include construction; medians of separate runs in this bench (ratio of medians)",
                                   mpv["backend"], gv, mp["dps"], mp["acc"], L[i30, "acc"]))
    }

    # ---------------------------------------------------------------- 3.
    print ""
    print "3. double precision, equal accuracy: nhref fast path vs GSL rk8pd"
    if (peer_msg != "") {
        print "  " peer_msg
    } else {
        if (gsl_msg != "") print "  " gsl_msg
        else printf "  GSL %s: gsl_odeiv2_step_rk8pd + gsl_odeiv2_driver, epsabs = epsrel = tol\n", gslv["version"]
        print "  nhref: nhref_integrator_new_d (digits = -log10(tol), order/stages default) + nhref_integrate_until_d"
        printf "  error = max_i |s_i(T) - ref_i| / max(1, |ref_i|); ref: T = 10 golden file fig2-100.csv,\n"
        printf "          T = 100 nhref MPFR Taylor at %s digits (agrees with %s digits to %s digits)\n",
               rref["digits"], rref["digits"] + 20, rref["agree"]
        printf "  time  = one integration [us], median of %s rounds; tol swept 1e-4 .. 1e-16 (x 10^0.5)\n", rounds
        printf "%5s %7s  %13s %17s %16s  %13s %12s\n", "T", "error", "rk8pd [us]", "fast taylor [us]",
               "fast gauss [us]", "rk8pd/taylor", "rk8pd/gauss"
        nlev = split("1e-6 1e-7 1e-8 1e-9 1e-10 1e-11 1e-12 1e-13 1e-14 1e-15", lev, " ")
        for (iT = 1; iT <= 2; iT++) {
            Tv = iT == 1 ? "10" : "100"
            if (NK["nhref-fast-taylor", Tv] == 0) continue
            for (l = 1; l <= nlev; l++) {
                E = lev[l] + 0
                tg = time_at("gsl-rk8pd", Tv, E, 0); cg = tcol(tg, 1e6, "%.1f"); og = OVER; bg = BEST_ERR
                tt = time_at("nhref-fast-taylor", Tv, E, 0); ct = tcol(tt, 1e6, "%.1f"); ot = OVER; bt = BEST_ERR
                tq = time_at("nhref-fast-gauss", Tv, E, 0); cq = tcol(tq, 1e6, "%.1f")
                rt = ratio_med("gsl-rk8pd", "nhref-fast-taylor", Tv, E, rounds); rnt = RN; rot = R_OVER
                rq = ratio_med("gsl-rk8pd", "nhref-fast-gauss", Tv, E, rounds)
                printf "%5s %7s  %13s %17s %16s  %13s %12s\n", Tv, lev[l], cg, ct, cq, rcol(rt), rcol(rq)
                if (gsl_msg == "") {
                    note = "time of each at error " lev[l] " by log-log interpolation on its work-precision front (tolerances 1e-4..1e-16 by 10^0.5), median over rounds of the per-round ratio"
                    if (rot) note = note "; the loosest tolerance of one side already beats " lev[l] " (its time used: the ratio is a bound)"
                    if (tg == -1) note = note sprintf("; rk8pd does not reach %s (smallest error %.2g)", lev[l], bg)
                    if (tt == -1) note = note sprintf("; nhref does not reach %s (smallest error %.2g)", lev[l], bt)
                    result("gsl/sleigh/T" Tv "/" lev[l], "rk8pd/nhref-fast-taylor", rt, ">1", tt > 0 ? tt : -1,
                           tg > 0 ? tg : -1, 53, "-", lev[l], Tv, "", "", "gsl-rk8pd", gslv["version"], rnt, note)
                }
            }
            # the tightest error both reach (the round-off floor of the one that stops first)
            if (gsl_msg == "" && time_at("gsl-rk8pd", Tv, 0, 0) > -2) {
                bg = BEST_ERR; time_at("nhref-fast-taylor", Tv, 0, 0); bt = BEST_ERR
                E = bg > bt ? bg : bt
                tg = time_at("gsl-rk8pd", Tv, E, 0); tt = time_at("nhref-fast-taylor", Tv, E, 0)
                rt = ratio_med("gsl-rk8pd", "nhref-fast-taylor", Tv, E, rounds); rnt = RN
                printf "%5s %7s  %13s %17s %16s  %13s %12s   (the smallest error both reach)\n", Tv,
                       sprintf("%.2g", E), tcol(tg, 1e6, "%.1f"), tcol(tt, 1e6, "%.1f"), "", rcol(rt), ""
                result("gsl/sleigh/T" Tv "/tightest", "rk8pd/nhref-fast-taylor", rt, ">1", tt, tg, 53, "-",
                       sprintf("%.2g", E), Tv, sprintf("%.2g", bt), sprintf("%.2g", bg), "gsl-rk8pd",
                       gslv["version"], rnt,
                       sprintf("at the smallest error both reach (smallest errors: rk8pd %.2g, nhref fast Taylor %.2g), interpolated as the other rows; median over rounds of the per-round ratio", bg, bt))
            }
        }
        for (iT = 1; iT <= 2; iT++) {
            Tv = iT == 1 ? "10" : "100"
            line = ""
            split("gsl-rk8pd nhref-fast-taylor nhref-fast-gauss", im, " ")
            for (m = 1; m <= 3; m++)
                if (time_at(im[m], Tv, 0, 0) != -2)
                    line = line sprintf("%s%s %.2g (tol %s, %.1f us)", line == "" ? "" : "; ",
                                        im[m] == "gsl-rk8pd" ? "rk8pd" : substr(im[m], 12),
                                        BEST_ERR, BEST_TOL, 1e6 * BEST_T)
            if (line != "") printf "  smallest error, T = %s: %s\n", Tv, line
        }
        print "  time at an error E: log-log interpolation on the work-precision front (the runs"
        print "  more accurate than every faster run) between the two runs bracketing E; * = the"
        print "  loosest tol already does better than E (its time shown); n/r = not reached (the"
        print "  smallest error in brackets); ratios > 1: nhref faster, medians over the rounds of"
        print "  the per-round ratio.  Creating the integrator is excluded (rk8pd driver ~1 us, fast"
        print "  taylor ~3 us, fast gauss ~200 us: its coefficients are computed in MPFR)"
    }

    # ---------------------------------------------------------------- 4.
    print ""
    print "4. nhref fast path vs nhref MPFR integrators at 53 bits (opt.prec = 53, tolerance 10^-14.95)"
    if (peer_msg != "") {
        print "  " peer_msg
    } else {
        printf "%13s  %-19s  %-19s %10s  %-22s\n", "", "---- MPFR-53 ----", "-- fast, tol 1e-15 --", "",
               "-- fast, same error --"
        printf "%5s %-7s  %10s %8s  %10s %8s %10s  %10s %11s\n", "T", "scheme", "time [us]", "error",
               "time [us]", "error", "MPFR/fast", "time [us]", "MPFR/fast"
        for (iT = 1; iT <= 2; iT++) {
            Tv = iT == 1 ? "10" : "100"
            for (s = 1; s <= 2; s++) {
                sc = s == 1 ? "taylor" : "gauss"
                km = ""; kf = ""
                for (i = 1; i <= nkeys; i++) {
                    k = KEYS[i]
                    if (IMPL[k] == "nhref-mpfr53-" sc && TT[k] == Tv) km = k
                    if (IMPL[k] == "nhref-fast-" sc && TT[k] == Tv && TOL[k] + 0 == 1e-15) kf = k
                }
                if (km == "" || kf == "") continue
                tm = med(km); tf = med(kf)
                n = 0; delete v
                for (r = 1; r <= NT[km] && r <= NT[kf]; r++) v[++n] = TV[km, r] / TV[kf, r]
                rmf = medarr(v, n)
                te = time_at("nhref-fast-" sc, Tv, ERR[km], 0)
                printf "%5s %-7s  %10.1f %8.2g  %10.1f %8.2g %10s  %10s %11s\n", Tv, sc, 1e6 * tm, ERR[km],
                       1e6 * tf, ERR[kf], rcol(rmf), tcol(te, 1e6, "%.1f"), rcol(te > 0 ? tm / te : -1)
                if (Tv == "10" && sc == "taylor")
                    result("mpfr53/sleigh/T10/taylor", "nhref-mpfr53/nhref-fast", rmf, ">1", tf, tm, 53, "-",
                           "1e-15", 10, sprintf("%.3g", ERR[kf]), sprintf("%.3g", ERR[km]), "nhref-mpfr-53bits",
                           "this", n, "nhref'"'"'s MPFR Taylor scheme at opt.prec = 53 against the fast path (tol 1e-15), same process, each round after the other; the peer is nhref itself")
            }
        }
        print "  MPFR-53 = nhref_integrator_new with opt.prec = 53 + nhref_integrate_until (new"
        print "  excluded); fast, tol 1e-15 = the fast path at its default tol; fast, same error ="
        print "  the fast path interpolated (as in 3.) at the error the MPFR-53 run reached"
    }

    # ---------------------------------------------------------------- 5.
    print ""
    print "5. 168 bits, equal accuracy: nhref MPFR Taylor vs Boost.odeint + Boost.Multiprecision, T = 10"
    if (peer_msg != "") {
        print "  " peer_msg
    } else {
        bver = odv["boost"]; gsub(/_/, ".", bver)
        if (odeint_msg != "") print "  " odeint_msg
        else printf "  odeint (Boost %s): number<mpfr_float_backend<50, allocate_%s>, et_off> (%s bits),\n" \
                    "  std::array state, integrate_adaptive with bulirsch_stoer (bs) or controlled\n" \
                    "  runge_kutta_fehlberg78 (rkf78), abs = rel tolerance swept\n",
                    bver, odv["alloc"], odv["prec"]
        printf "  nhref: MPFR Taylor at opt.prec = %s bits (the same), tolerance 10^-d swept (opt.digits)\n", mp_prec
        printf "  accuracy = min_i -log10(|s_i - ref_i| / max(1, |ref_i|)), ref = golden file; time = one\n"
        printf "  integration [s], median of %s rounds; ratios: medians of per-round ratios, the\n", mprounds
        printf "  faster odeint stepper of each round\n"
        printf "%9s  %15s %15s %18s  %9s %12s %13s\n", "accuracy", "odeint bs [s]", "odeint rkf78 [s]",
               "nhref taylor [s]", "bs/nhref", "rkf78/nhref", "odeint/nhref"
        nlev = split("20 30 40", lev, " ")
        for (l = 1; l <= nlev; l++) {
            E = 10 ^ (-lev[l])
            tb = time_at("odeint-bs", "10", E, 0); cb = tcol(tb, 1, "%.4g", 1)
            tr = time_at("odeint-rkf78", "10", E, 0); cr = tcol(tr, 1, "%.4g", 1)
            tn = time_at("nhref-mp-taylor", "10", E, 0); cn = tcol(tn, 1, "%.4g", 1); en = BEST_ERR
            rb = ratio_med("odeint-bs", "nhref-mp-taylor", "10", E, mprounds)
            rr = ratio_med("odeint-rkf78", "nhref-mp-taylor", "10", E, mprounds)
            ro = ratio_med("odeint-best", "nhref-mp-taylor", "10", E, mprounds); rno = RN; roo = R_OVER
            printf "%9s  %15s %15s %18s  %9s %12s %13s\n", lev[l] " dig", cb, cr, cn, rcol(rb), rcol(rr), rcol(ro)
            if (odeint_msg == "") {
                tod = (tb > 0 && (tr <= 0 || tb < tr)) ? tb : tr
                note = "time of each at error 1e-" lev[l] " by log-log interpolation on its sweep (odeint: abs = rel tolerance; nhref: tolerance 10^-d), the faster of bulirsch_stoer and rkf78 in each round; median over rounds of the per-round ratio"
                if (roo) note = note "; the loosest tolerance of one side already beats the level (the ratio is a bound)"
                result("odeint/sleigh/168bits/" lev[l], "odeint/nhref", ro, ">1", tn > 0 ? tn : -1, tod > 0 ? tod : -1,
                       mp_prec, lev[l], "1e-" lev[l], 10, "", "", "boost-odeint", bver, rno, note)
            }
        }
        split("odeint-bs odeint-rkf78 nhref-mp-taylor", im, " ")
        for (m = 1; m <= 3; m++) {
            if (time_at(im[m], "10", 0, 0) == -2) continue
            printf "  most accurate %-15s: %.2f digits (tol %s, %.4g s)\n", im[m], -log(BEST_ERR) / log(10),
                   BEST_TOL, BEST_T
            if (m == 1) { bs_best = BEST_ERR; bs_best_t = BEST_T; bs_best_tol = BEST_TOL }
        }
        if (bs_best > 0) {
            tn = time_at("nhref-mp-taylor", "10", bs_best, 0)
            rbest = ratio_med("odeint-bs", "nhref-mp-taylor", "10", bs_best, mprounds); rnb = RN
            if (rbest > 0) {
                printf "  at odeint'"'"'s best accuracy (bs, %.1f digits): odeint/nhref = %.0fx\n",
                       -log(bs_best) / log(10), rbest
                result("odeint/sleigh/168bits/best", "odeint/nhref", rbest, ">1", tn, bs_best_t, mp_prec,
                       sprintf("%.1f", -log(bs_best) / log(10)), sprintf("%.3g", bs_best), 10, "",
                       sprintf("%.3g", bs_best), "boost-odeint", bver, rnb,
                       sprintf("at odeint'"'"'s most accurate run (bulirsch_stoer, tol %s, %.1f digits at 168 bits); nhref'"'"'s time at that error interpolated on its sweep; median over rounds of the per-round ratio", bs_best_tol, -log(bs_best) / log(10)))
            }
        }
        for (i = 1; i <= nkeys; i++) {
            k = KEYS[i]
            if (IMPL[k] == "nhref-mp-taylor-own")
                printf "  nhref as `nhref run --digits 50` (%s bits, tolerance 1e-50): %.4g s, %.2f digits\n",
                       PREC[k], med(k), ACC[k]
        }
    }

    # ---------------------------------------------------------------- 6.
    print ""
    print "6. heyoka: nhref and heyoka in one process, interleaved rounds, several fresh processes (bench_heyoka)"
    if (heyoka_msg != "") {
        print "  heyoka rows skipped: " heyoka_msg
    } else if (nh == 0) {
        print "  heyoka rows missing: bench_heyoka printed no case (see its errors above)"
    } else {
        printf "  heyoka %s (mp++ %s, %s); MPFR: compact mode, precision ceil(D log2 10) + 32 and\n",
               hyv["version"], hyv["mppp"], hyv["cxx"] != "" ? "g++ " hyv["cxx"] : "?"
        print "  tolerance 10^-D on both sides; double: heyoka default mode (dha: high_accuracy), nhref"
        print "  fast path; same order formula; construction (heyoka: JIT) excluded, shown apart"
        printf "%-18s %5s %9s %9s %9s %11s %11s %8s %9s %9s %11s %6s %s\n", "case", "order", "steps",
               "nhref_new", "jit [s]", "nhref [s]", "heyoka [s]", "nh/hy", "err nhref", "err hy", "range", "procs",
               "per process"
        for (i = 1; i <= nh; i++) {
            printf "%-18s %5s %9s %9.3g %9.3g %11.4g %11.4g %8.3f %9s %9s %11s %6s %s%s%s\n", H[i, "case"],
                   H[i, "order_nhref"] (H[i, "order_nhref"] == H[i, "order_heyoka"] ? "" : "/" H[i, "order_heyoka"]),
                   H[i, "steps_nhref"] "/" H[i, "steps_heyoka"], H[i, "t_new"], H[i, "t_jit"],
                   H[i, "t_nhref"], H[i, "t_heyoka"], H[i, "ratio"], H[i, "err_nhref"], H[i, "err_heyoka"],
                   sprintf("%.2f-%.2f", H[i, "ratio_lo"], H[i, "ratio_hi"]), H[i, "procs"], H[i, "ratios"],
                   H[i, "same"] == 1 ? "" : "  (runs not reproducible!)",
                   H[i, "agree"] == 1 ? "" : "  (processes differ in steps or errors!)"
        }
        print "  steps nhref/heyoka; nh/hy = nhref time / heyoka time (< 1: nhref faster): in each"
        print "  process the median of the per-round ratios, then the median over the fresh processes"
        print "  (range: the smallest and largest per-process ratio; per process: each one); times:"
        print "  medians likewise; errors against the oracle (sleigh) or nhref at max(2D, 40) digits"
        print "  (skater)"
    }

    # ---------------------------------------------------------------- summary
    print ""
    printf "  wall time of this benchmark: %d s (load average %s at the start, %s at the end)\n",
           wall, load, load_end

    # ---------------------------------------------------------------- sweeps
    if (nkeys > 0) {
        print "# sweeps of bench.sh sections 3 to 5: median times [s] over the rounds;" >sweeps
        print "# front = on the work-precision front used for the equal-accuracy times" >sweeps
        for (i = 1; i <= nkeys; i++) {
            k = KEYS[i]
            printf "%-19s T=%-3s tol=%-8s %s t=%-11.4g err=%-9.3g steps=%-6s %s%s%s\n", IMPL[k], TT[k],
                   TOL[k], PREC[k] != "" ? "prec=" PREC[k] : "", med(k), ERR[k], STEPS[k],
                   ORD[k] != "" ? "order=" ORD[k] : "nfev=" NFEV[k], FRONT[k] ? " front" : "",
                   VARIES[k] ? " (error varied between rounds)" : "" >sweeps
            if (VARIES[k]) varies = 1
        }
        close(sweeps)
        if (varies) print "  NOTE: some errors varied between rounds (see the sweeps)"
    }
    close(awk_results)
    print ""
    print "every run of the sweeps (median times, errors, steps): " sweeps
    print "raw records: " records
}' "$tmp/nhref.txt" "$tmp/mpmath.txt" "$tmp/peers.txt" "$tmp/heyoka.txt"

[ -s "$tmp/verify.raw" ] && { echo; echo "nhref verify throughput:"; cat "$tmp/verify.raw"; }
[ -s "$tmp/model_files.txt" ] && { echo; grep -v '^result ' "$tmp/model_files.txt"; }

# ------------------------------------------------------------------ results.tsv
# every "result" record of every output, in order, as one row (atomically)
{
    printf '# nhref make bench results: one row per measured ratio (tests/bench/bench.sh says the columns)\n'
    printf '# date=%s cpu=%s cores=%s load_start=%s load_end=%s\n' "$date_utc" "${cpu:-?}" "$ncpu" "$load" "$load_end"
    printf '# nhref=%s %s\n' "$(git -C "$srcdir" describe --always --dirty 2>/dev/null || echo unknown)" \
        "$(sed -n 's/^mpfr version=\([^ ]*\) gmp=\([^ ]*\).*/mpfr=\1 gmp=\2/p' "$tmp/nhref.txt")"
    [ -n "$heyoka_why" ] && printf '# heyoka rows skipped: %s\n' "$heyoka_why"
    cat "$tmp/nhref.txt" "$tmp/awk-results.txt" "$tmp/heyoka.txt" 2>/dev/null
    for f in "$tmp"/*.txt; do
        case ${f##*/} in nhref.txt | awk-results.txt | heyoka.txt | peers.txt | mpmath.txt | ref100.txt) continue ;; esac
        cat "$f"
    done
} | awk -v header=1 -f "$srcdir/results.awk" >"$results.tmp.$$" && mv "$results.tmp.$$" "$results" &&
    echo "results: $(grep -c -v '^#' "$results" | awk '{ print $1 - 1 }') rows in $results (make bench-table: the tables of docs/performance.md)" ||
    { rm -f "$results.tmp.$$"; echo "bench.sh: cannot write $results" >&2; exit 1; }

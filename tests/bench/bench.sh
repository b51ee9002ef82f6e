#!/bin/sh
# bench.sh -- the nhref benchmark table (`make bench`; never part of `make check`).
#
# Everything on one case, the Chaplygin sleigh of the paper's Fig. 2 (spec
# PUB-1: m = 2, J = 30, a = 1, (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1)),
# measured in this run and printed as one table of medians and ratios:
#   1. nhref's MPFR Taylor scheme at 30..1000 digits, T = 10, against the cost
#      floor of DESIGN §8 (bench_sleigh, $NHREF_BENCH);
#   2. mpmath.odefun at 30 digits, mp.dps raised until it reaches nhref's
#      accuracy (bench_mpmath.py);
#   3. double precision, equal accuracy: nhref's fast path (nhref_fast.h,
#      schemes taylor and gauss; bench_peers) against GSL's rk8pd
#      (bench_gsl.c, compiled here with $CC -lgsl -lgslcblas), T = 10 and
#      100: a sweep of tolerances for each, the error at T against the golden
#      file (T = 10) or nhref's MPFR Taylor scheme at 40 digits (T = 100), and
#      the time each needs for errors 1e-8, 1e-12, 1e-14;
#   4. the fast path against nhref's MPFR integrators at 53 bits (bench_peers);
#   5. 50 digits, equal accuracy: nhref's MPFR Taylor scheme against
#      Boost.odeint with Boost.Multiprecision mpfr_float_backend<50>
#      (bench_odeint.cpp, compiled here with $CXX -lmpfr -lgmp; bulirsch_stoer
#      and runge_kutta_fehlberg78), both at 168 bits, tolerances swept, the
#      time each needs for 20, 30, 40 and 45 digits.
# GSL and Boost are optional: when their peer does not compile, its rows are
# left out and the table says why.  Peers and nhref run alternately, round
# after round (the medians of 3. to 5. are over rounds), so that a burst of
# load hits both sides of a ratio.  All times are CPU times of the process
# (CLOCK_PROCESS_CPUTIME_ID; Python: time.process_time), so that other
# processes on a shared machine count as little as possible.  The whole run
# costs about 1.5 minutes of CPU time (35 s the 1000-digit run, 18 s mpmath,
# 5 s compiling bench_odeint.cpp); on a loaded machine the wall time is longer
# (4 minutes at load 4.5 on 2 cores).
# Progress goes to stderr; the table to stdout; every run of the sweeps (median
# times) to $NHREF_BENCH_SWEEPS, the raw per-round records to
# $NHREF_BENCH_RECORDS.
#
# Usage: bench.sh [SRCDIR]
# Environment:
#   NHREF_BENCH         the bench_sleigh program (default ./bench_sleigh)
#   NHREF_BENCH_PEERS   the bench_peers program (default ./bench_peers)
#   NHREF_BENCH_GOLDEN  the golden file of the case (default
#                       SRCDIR/../../data/golden/chaplygin_sleigh/fig2-100.csv)
#   CC, CFLAGS          compile bench_gsl.c (default cc, -O2; `make bench`
#                       passes configure's)
#   CXX, CXXFLAGS       compile bench_odeint.cpp (default c++, -O2)
#   NHREF_BENCH_PYTHON3, PYTHON3
#                       the Python 3 with mpmath, first that imports it; then
#                       /usr/bin/python3 (Debian python3-mpmath).  `make bench`
#                       passes configure's PYTHON3 (chosen for SymPy).
#   NHREF_BENCH_LEVELS  bench_sleigh levels, DIGITS:REPS (default
#                       "30:15 100:11 300:5 1000:1"; one 1000-digit run takes
#                       ~35 s of CPU time, hence a single repetition)
#   NHREF_BENCH_MPMATH_REPS  repetitions of mpmath.odefun (default 3; ~5 s each)
#   NHREF_BENCH_ROUNDS  rounds of 3. and 4. (default 7; ~1.5 s each)
#   NHREF_BENCH_MP_ROUNDS  rounds of 5. (default 5; ~2 s each)
#   NHREF_BENCH_RECORDS where to keep the raw records (default ./bench-records.txt)
#   NHREF_BENCH_SWEEPS  where to write every run of the sweeps of 3. to 5., with
#                       median times (default ./bench-sweeps.txt)

srcdir=${1:-.}
bench=${NHREF_BENCH:-./bench_sleigh}
peers=${NHREF_BENCH_PEERS:-./bench_peers}
golden=${NHREF_BENCH_GOLDEN:-$srcdir/../../data/golden/chaplygin_sleigh/fig2-100.csv}
levels=${NHREF_BENCH_LEVELS:-"30:15 100:11 300:5 1000:1"}
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

# the sweeps: tolerances 1e-4 ... 1e-16 by factors of 10^0.5 (double); at 50
# digits, nhref's tolerance 10^-d and odeint's METHOD:TOL
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
# one round: nhref's fast path and MPFR-53, then rk8pd, at T = 10 then 100
if [ -z "$peer_msg" ]; then
    r=1
    while [ "$r" -le "$rounds" ]; do
        echo "bench.sh: double precision, round $r/$rounds" >&2
        for T in 10 100; do
            if [ "$T" = 10 ]; then ref=$ref10; else ref=$ref100; fi
            [ -n "$ref" ] || continue
            # shellcheck disable=SC2086
            "$peers" double "$T" "$ref" "$min_double" $tols >>"$tmp/peers.txt" ||
                echo "bench.sh: bench_peers double $T failed" >&2
            if [ -n "$gsl" ]; then
                # shellcheck disable=SC2086
                "$gsl" "$T" "$ref" "$min_double" $tols >>"$tmp/peers.txt" ||
                    echo "bench.sh: bench_gsl $T failed" >&2
            fi
        done
        r=$((r + 1))
    done
fi

# ------------------------------------------------------------------ 5.: 50 digits
if [ -z "$peer_msg" ]; then
    r=1
    while [ "$r" -le "$mprounds" ]; do
        echo "bench.sh: 50 digits, round $r/$mprounds" >&2
        # shellcheck disable=SC2086
        "$peers" mp 10 "$ref10" "$min_mp" "$mp_prec" $mp_digits >>"$tmp/peers.txt" ||
            echo "bench.sh: bench_peers mp failed" >&2
        # nhref as `nhref run --digits 50` would run it (199 bits)
        "$peers" mp 10 "$ref10" "$min_mp" 0 50 >>"$tmp/peers.txt" ||
            echo "bench.sh: bench_peers mp failed" >&2
        if [ -n "$odeint" ]; then
            # shellcheck disable=SC2086
            "$odeint" 10 "$ref10" "$min_mp" $odeint_runs >>"$tmp/peers.txt" ||
                echo "bench.sh: bench_odeint failed" >&2
        fi
        r=$((r + 1))
    done
fi

# ------------------------------------------------------------------ 2. mpmath
py=""
for p in "$NHREF_BENCH_PYTHON3" "$PYTHON3" /usr/bin/python3; do
    if [ -n "$p" ] && "$p" -c 'import mpmath' >/dev/null 2>&1; then
        py=$p
        break
    fi
done
acc30=$(awk '$1 == "sleigh" { for (i = 2; i <= NF; i++) { split($i, kv, "=");
             if (kv[1] == "digits") d = kv[2]; if (kv[1] == "acc") a = kv[2] }
             if (d == 30) { sub(/^>=/, "", a); print a } }' "$tmp/nhref.txt")
ref=$(sed -n 's/^ref //p' "$tmp/nhref.txt")
mpmath_msg=""
if [ -z "$py" ]; then
    mpmath_msg="mpmath line skipped: no Python 3 with mpmath (tried '${NHREF_BENCH_PYTHON3}', '${PYTHON3}' and /usr/bin/python3; Debian: python3-mpmath)"
elif [ -z "$acc30" ]; then
    mpmath_msg="mpmath line skipped: the nhref levels ($levels) have no 30-digit run to match"
else
    echo "bench.sh: running $py bench_mpmath.py 30 $mpreps --target $acc30" >&2
    if ! "$py" "$srcdir/bench_mpmath.py" 30 "$mpreps" --target "$acc30" --ref "$ref" \
        >"$tmp/mpmath.txt"; then
        mpmath_msg="mpmath line skipped: bench_mpmath.py failed"
        : >"$tmp/mpmath.txt"
    fi
fi

cat "$tmp/nhref.txt" "$tmp/mpmath.txt" "$tmp/peers.txt" >"$records" 2>/dev/null ||
    records="(not kept: cannot write $records)"

# ------------------------------------------------------------------ table
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
load_end=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo "?")

awk -v cpu="${cpu:-unknown CPU}" -v ncpu="$ncpu" -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" \
    -v load="$load" -v load_end="$load_end" -v msg="$mpmath_msg" -v peer_msg="$peer_msg" -v gsl_msg="$gsl_msg" \
    -v odeint_msg="$odeint_msg" -v rounds="$rounds" -v mprounds="$mprounds" \
    -v records="$records" -v sweeps="$sweeps" -v mp_prec="$mp_prec" \
    -v wall=$(($(date +%s) - start)) '
function parse(line, rec,    n, f, i, kv) {
    n = split(line, f, " ")
    for (i = 2; i <= n; i++) {
        if (split(f[i], kv, "=") >= 2) rec[kv[1]] = substr(f[i], length(kv[1]) + 2)
    }
}
# the median of the sample times of configuration KEY
function med(key,    n, i, j, a, x) {
    n = NT[key]
    for (i = 1; i <= n; i++) a[i] = TV[key, i]
    for (i = 2; i <= n; i++) {
        x = a[i]
        for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
        a[j + 1] = x
    }
    return n % 2 ? a[(n + 1) / 2] : 0.5 * (a[n / 2] + a[n / 2 + 1])
}
# The time IMPL needs for an error <= E at T: on its work-precision front (the
# runs of its sweep, by median time, that have a smaller error than every
# faster run), log-log interpolation between the two runs bracketing E.
# Returns the time; -1 if no run reaches E; -2 if IMPL has no runs.  Sets OVER
# (the cheapest run already does better than E: its time is returned),
# BEST_ERR / BEST_T / BEST_TOL (the most accurate run).
function time_at(impl, T, E,    n, i, j, k, tt, ee, kk, x, y, z, nf, ft, fe, best) {
    n = NK[impl, T]
    OVER = 0
    if (n == 0) return -2
    for (i = 1; i <= n; i++) { kk[i] = KK[impl, T, i]; tt[i] = med(kk[i]); ee[i] = ERR[kk[i]] }
    for (i = 2; i <= n; i++) {
        x = tt[i]; y = ee[i]; z = kk[i]
        for (j = i - 1; j >= 1 && tt[j] > x; j--) { tt[j + 1] = tt[j]; ee[j + 1] = ee[j]; kk[j + 1] = kk[j] }
        tt[j + 1] = x; ee[j + 1] = y; kk[j + 1] = z
    }
    nf = 0; best = 1e300
    for (i = 1; i <= n; i++)
        if (ee[i] < best) { best = ee[i]; nf++; ft[nf] = tt[i]; fe[nf] = ee[i]; FRONT[kk[i]] = 1
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
# a time column: microseconds or seconds (SCALE), "*" when OVER, "n/r" when not
# reached (with the smallest error, or with its digits if DIG)
function tcol(t, scale, fmt, dig) {
    if (t == -2) return "-"
    if (t == -1)
        return dig ? sprintf("n/r (%.1f dig)", -log(BEST_ERR) / log(10)) : sprintf("n/r (%.2g)", BEST_ERR)
    return sprintf(fmt, t * scale) (OVER ? "*" : " ")
}
function ratio(a, b) {
    return (a > 0 && b > 0) ? sprintf("%.2fx", a / b) : "-"
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
END {
    print "nhref benchmark -- Chaplygin sleigh, paper Fig. 2 case (spec PUB-1)"
    print "  m = 2, J = 30, a = 1; (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1)"
    printf "  %s, %s cores online; MPFR %s, GMP %s; %s\n", cpu, ncpu,
           lib["version"], lib["gmp"], date
    print "  times: CPU time of the process (CLOCK_PROCESS_CPUTIME_ID), medians"
    print ""
    print "1. nhref MPFR Taylor scheme vs the cost floor (DESIGN 8), T = 10"
    printf "%7s %6s %6s %6s %6s %5s  %-22s %9s %10s %9s %11s %11s\n", "digits", "bits", "N",
           "steps", "K_eff", "reps", "time [s] (min)", "accuracy", "mul+add", "fma",
           "floor [s]", "time/floor"
    printf "%7s %6s %6s %6s %6s %5s  %-22s %9s %10s %9s %11s %11s\n", "", "", "", "", "", "",
           "", "[digits]", "[ns]", "[ns]", "", ""
    for (i = 1; i <= nl; i++) {
        printf "%7s %6s %6s %6s %6s %5s  %-22s %9s %10s %9s %11s %10.2fx\n", L[i, "digits"],
               L[i, "prec"], L[i, "order"], L[i, "nsteps"], L[i, "keff"], L[i, "reps"],
               sprintf("%.4g (%.4g)", L[i, "t_run"], L[i, "t_run_min"]), L[i, "acc"],
               sprintf("%.1f", L[i, "ns_muladd"]), sprintf("%.1f", L[i, "ns_fma"]),
               sprintf("%.4g", L[i, "floor"]), L[i, "ratio"]
        if (L[i, "digits"] == 100) r100 = L[i, "ratio"]
        if (L[i, "digits"] == 30) { i30 = i }
    }
    print "  time     = nhref_integrate_until from 0 to T (nhref_integrator_new excluded: median"
    printf "             %s s at 30 digits)\n",
           (i30 ? sprintf("%.3g", L[i30, "t_new"]) : "?")
    print "  accuracy = min_i -log10(|s_i(T) - ref_i| / max(1, |ref_i|)), ref = nhref_oracle_sleigh_state"
    print "             (closed form) at 64 bits more than the integrator"
    print "  floor    = steps * K_eff * (N+1)(N+2)/2 * t(mpfr_mul + mpfr_add), K_eff ="
    print "             nhref_tape_nnonlinear(rhs tape); t measured at the same precision in this run,"
    print "             interleaved with the runs (triangular Cauchy loop on random full-precision"
    print "             operands, as src/jet/mul.c does it); the fma column is mpfr_fma, for comparison"
    print "  time/floor = median over the runs of (run time / floor with the micro-benchmark sample"
    print "             taken right after that run); K_eff counts the square omega^2 as a full"
    print "             convolution and the sin/cos pair as two, so values a little below 1 are possible"
    print ""
    print "2. mpmath.odefun at 30 digits, equal accuracy, T = 10"
    if (msg != "") {
        print "  " msg
    } else if (!have_mp) {
        print "  mpmath line skipped: bench_mpmath.py printed no result"
    } else {
        printf "  mpmath %s (%s, backend %s); accuracy vs the same oracle reference\n",
               mpv["version"], mpv["python"], mpv["backend"]
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
    }

    # ---------------------------------------------------------------- 3.
    print ""
    print "3. double precision, equal accuracy: nhref fast path vs GSL rk8pd"
    if (peer_msg != "") {
        print "  " peer_msg
    } else {
        if (gsl_msg != "") print "  " gsl_msg
        else printf "  GSL %s: gsl_odeiv2_step_rk8pd + gsl_odeiv2_driver, epsabs = epsrel = tol\n", gslv["version"]
        print "  nhref: nhref_fast_new (tol = nhref_fast_opts_t.tol, order/stages default) + nhref_fast_until"
        printf "  error = max_i |s_i(T) - ref_i| / max(1, |ref_i|); ref: T = 10 golden file fig2-100.csv,\n"
        printf "          T = 100 nhref MPFR Taylor at %s digits (agrees with %s digits to %s digits)\n",
               rref["digits"], rref["digits"] + 20, rref["agree"]
        printf "  time  = one integration [us], median of %s rounds; tol swept 1e-4 .. 1e-16 (x 10^0.5)\n", rounds
        printf "%5s %7s  %13s %17s %16s  %13s %12s\n", "T", "error", "rk8pd [us]", "fast taylor [us]",
               "fast gauss [us]", "rk8pd/taylor", "rk8pd/gauss"
        nlev = split("1e-8 1e-12 1e-14", lev, " ")
        for (iT = 1; iT <= 2; iT++) {
            Tv = iT == 1 ? "10" : "100"
            if (NK["nhref-fast-taylor", Tv] == 0) continue
            for (l = 1; l <= nlev; l++) {
                E = lev[l] + 0
                tg = time_at("gsl-rk8pd", Tv, E); cg = tcol(tg, 1e6, "%.1f")
                tt = time_at("nhref-fast-taylor", Tv, E); ct = tcol(tt, 1e6, "%.1f")
                tq = time_at("nhref-fast-gauss", Tv, E); cq = tcol(tq, 1e6, "%.1f")
                printf "%5s %7s  %13s %17s %16s  %13s %12s\n", Tv, lev[l], cg, ct, cq,
                       ratio(tg, tt), ratio(tg, tq)
                if (Tv == "10" && tg > 0 && tt > 0) {
                    h_lev = h_lev (h_lev != "" ? " / " : "") lev[l]
                    h_rat = h_rat (h_rat != "" ? " / " : "") ratio(tg, tt)
                }
            }
        }
        for (iT = 1; iT <= 2; iT++) {
            Tv = iT == 1 ? "10" : "100"
            line = ""
            split("gsl-rk8pd nhref-fast-taylor nhref-fast-gauss", im, " ")
            for (m = 1; m <= 3; m++)
                if (time_at(im[m], Tv, 0) != -2)
                    line = line sprintf("%s%s %.2g (tol %s, %.1f us)", line == "" ? "" : "; ",
                                        im[m] == "gsl-rk8pd" ? "rk8pd" : substr(im[m], 12),
                                        BEST_ERR, BEST_TOL, 1e6 * BEST_T)
            if (line != "") printf "  smallest error, T = %s: %s\n", Tv, line
        }
        print "  time at an error E: log-log interpolation on the work-precision front (the runs"
        print "  more accurate than every faster run) between the two runs bracketing E; * = the"
        print "  loosest tol already does better than E (its time shown); n/r = not reached (the"
        print "  smallest error in brackets); ratios > 1: nhref faster.  Creating the integrator is"
        print "  excluded (rk8pd driver ~1 us, fast taylor ~3 us, fast gauss ~200 us: its"
        print "  Gauss-Legendre coefficients are computed in MPFR); every run: the sweeps file"
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
                te = time_at("nhref-fast-" sc, Tv, ERR[km])
                printf "%5s %-7s  %10.1f %8.2g  %10.1f %8.2g %10s  %10s %11s\n", Tv, sc, 1e6 * tm, ERR[km],
                       1e6 * tf, ERR[kf], ratio(tm, tf), tcol(te, 1e6, "%.1f"), ratio(tm, te)
                if (Tv == "10" && sc == "taylor") { h_m53 = tm; h_f15 = tf }
            }
        }
        print "  MPFR-53 = nhref_integrator_new with opt.prec = 53 + nhref_integrate_until (new"
        print "  excluded); fast, tol 1e-15 = the fast path at its default tol; fast, same error ="
        print "  the fast path interpolated (as in 3.) at the error the MPFR-53 run reached"
    }

    # ---------------------------------------------------------------- 5.
    print ""
    print "5. 50 digits, equal accuracy: nhref MPFR Taylor vs Boost.odeint + Boost.Multiprecision, T = 10"
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
        printf "  integration [s], median of %s rounds; columns as in 3.\n", mprounds
        printf "%9s  %15s %15s %18s  %9s %12s\n", "accuracy", "odeint bs [s]", "odeint rkf78 [s]",
               "nhref taylor [s]", "bs/nhref", "rkf78/nhref"
        nlev = split("20 30 40 45", lev, " ")
        for (l = 1; l <= nlev; l++) {
            E = 10 ^ (-lev[l])
            tb = time_at("odeint-bs", "10", E); cb = tcol(tb, 1, "%.4g", 1)
            tr = time_at("odeint-rkf78", "10", E); cr = tcol(tr, 1, "%.4g", 1)
            tn = time_at("nhref-mp-taylor", "10", E); cn = tcol(tn, 1, "%.4g", 1)
            printf "%9s  %15s %15s %18s  %9s %12s\n", lev[l] " dig", cb, cr, cn, ratio(tb, tn), ratio(tr, tn)
        }
        split("odeint-bs odeint-rkf78 nhref-mp-taylor", im, " ")
        for (m = 1; m <= 3; m++) {
            if (time_at(im[m], "10", 0) == -2) continue
            printf "  most accurate %-15s: %.2f digits (tol %s, %.4g s)\n", im[m], -log(BEST_ERR) / log(10),
                   BEST_TOL, BEST_T
            if (m == 1) { bs_best = BEST_ERR; bs_best_t = BEST_T }
        }
        if (bs_best > 0) {
            tn = time_at("nhref-mp-taylor", "10", bs_best)
            if (tn > 0) { h_od = bs_best_t / tn; h_od_acc = -log(bs_best) / log(10) }
        }
        for (i = 1; i <= nkeys; i++) {
            k = KEYS[i]
            if (IMPL[k] == "nhref-mp-taylor-own")
                printf "  nhref as `nhref run --digits 50` (%s bits, tolerance 1e-50): %.4g s, %.2f digits\n",
                       PREC[k], med(k), ACC[k]
        }
    }

    # ---------------------------------------------------------------- summary
    print ""
    print "summary (ratios measured in this run)"
    if (r100 != "")
        printf "  floor ratio at 100 digits:   %.2fx the floor (mpfr_mul + mpfr_add)\n", r100
    if (mpr != "")
        printf "  mpmath/nhref at 30 digits:   %.0fx (mpmath at mp.dps = %s, accuracy %s vs nhref %s digits)\n",
               mpr, mp["dps"], mp["acc"], L[i30, "acc"]
    if (h_rat != "")
        printf "  rk8pd/nhref fast taylor:     %s at error %s, T = 10 (> 1: nhref faster)\n", h_rat, h_lev
    if (h_m53 > 0 && h_f15 > 0)
        printf "  MPFR-53/fast (taylor):       %.1fx (T = 10, fast path at tol 1e-15)\n", h_m53 / h_f15
    if (h_od > 0)
        printf "  odeint(bs)/nhref, 50 digits: %.0fx at odeint'"'"'s best accuracy (%.1f digits)\n", h_od, h_od_acc

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
    print ""
    print "every run of the sweeps (median times, errors, steps): " sweeps
    print "raw records: " records
}' "$tmp/nhref.txt" "$tmp/mpmath.txt" "$tmp/peers.txt"

#!/bin/sh
# bench.sh -- the nhref benchmark table (`make bench`; never part of `make check`).
#
# Runs bench_sleigh ($NHREF_BENCH: nhref's MPFR Taylor scheme on the Chaplygin
# sleigh, paper Fig. 2 case, T = 10, at several digit counts, with a
# multiply-add micro-benchmark at each precision) and bench_mpmath.py
# (mpmath.odefun on the same case at 30 digits, mp.dps raised until its
# accuracy reaches what nhref achieved at 30 digits), then prints one table of
# medians and the two headline ratios, both measured in this run:
#   floor ratio at 100 digits  = nhref time / cost floor (DESIGN §8);
#   mpmath/nhref at 30 digits  = mpmath.odefun time / nhref time, equal accuracy.
# Progress goes to stderr; the table and the raw records to stdout.
#
# Usage: bench.sh [SRCDIR]
# Environment:
#   NHREF_BENCH         the bench_sleigh program (default ./bench_sleigh)
#   NHREF_BENCH_PYTHON3, PYTHON3
#                       the Python 3 with mpmath, first that imports it; then
#                       /usr/bin/python3 (Debian python3-mpmath).  `make bench`
#                       passes configure's PYTHON3 (chosen for SymPy).
#   NHREF_BENCH_LEVELS  bench_sleigh levels, DIGITS:REPS (default
#                       "30:15 100:11 300:5 1000:3"; 1000 digits take ~30 s a run)
#   NHREF_BENCH_MPMATH_REPS  repetitions of mpmath.odefun (default 5; ~5 s each)

srcdir=${1:-.}
bench=${NHREF_BENCH:-./bench_sleigh}
levels=${NHREF_BENCH_LEVELS:-"30:15 100:11 300:5 1000:3"}
mpreps=${NHREF_BENCH_MPMATH_REPS:-5}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nhref-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ ! -x "$bench" ]; then
    echo "bench.sh: $bench is not an executable (set NHREF_BENCH)" >&2
    exit 1
fi

# ------------------------------------------------------------------ nhref
echo "bench.sh: running $bench $levels" >&2
# shellcheck disable=SC2086 # the levels are words on purpose
if ! "$bench" $levels >"$tmp/nhref.txt"; then
    cat "$tmp/nhref.txt"
    echo "bench.sh: $bench failed" >&2
    exit 1
fi

# ------------------------------------------------------------------ mpmath
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

# ------------------------------------------------------------------ table
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
[ -f "$tmp/mpmath.txt" ] || : >"$tmp/mpmath.txt"

awk -v cpu="${cpu:-unknown CPU}" -v ncpu="$ncpu" -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" \
    -v msg="$mpmath_msg" '
function parse(line, rec,    n, f, i, kv) {
    n = split(line, f, " ")
    for (i = 2; i <= n; i++) {
        if (split(f[i], kv, "=") >= 2) rec[kv[1]] = substr(f[i], length(kv[1]) + 2)
    }
}
FNR == 1 { file++ }
file == 1 && $1 == "mpfr"   { parse($0, lib) }
file == 1 && $1 == "sleigh" { nl++; parse($0, tmp); for (k in tmp) L[nl, k] = tmp[k]; delete tmp }
file == 2 && $1 == "mpmath" && $2 ~ /^version=/ { parse($0, mpv) }
file == 2 && $1 == "mpmath_try" { nt++; parse($0, tmp); for (k in tmp) T[nt, k] = tmp[k]; delete tmp }
file == 2 && $1 == "mpmath" && $2 ~ /^digits=/ { have_mp = 1; parse($0, mp) }
END {
    print "nhref benchmark -- Chaplygin sleigh, paper Fig. 2 case (spec PUB-1)"
    print "  m = 2, J = 30, a = 1; (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1); T = 10; scheme taylor"
    printf "  %s, %s cores online; MPFR %s, GMP %s; %s\n", cpu, ncpu, lib["version"], lib["gmp"], date
    print "  times: CLOCK_MONOTONIC wall time, median of `reps` runs (fastest in brackets)"
    print ""
    print "1. nhref MPFR Taylor scheme vs the cost floor (DESIGN 8)"
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
    printf "             %s s at 30 digits)\n", (i30 ? sprintf("%.3g", L[i30, "t_new"]) : "?")
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
    print "2. mpmath.odefun at 30 digits, equal accuracy"
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
    print ""
    if (r100 != "")
        printf "floor ratio at 100 digits: %.2fx the floor (mpfr_mul + mpfr_add)\n", r100
    else
        print "floor ratio at 100 digits: not measured (no 100-digit level)"
    if (mpr != "")
        printf "mpmath/nhref at 30 digits: %.0fx (mpmath at mp.dps = %s, accuracy %s vs nhref %s digits)\n",
               mpr, mp["dps"], mp["acc"], L[i30, "acc"]
    else
        print "mpmath/nhref at 30 digits: not measured (see above)"
}' "$tmp/nhref.txt" "$tmp/mpmath.txt"

echo ""
echo "raw records:"
cat "$tmp/nhref.txt" "$tmp/mpmath.txt"

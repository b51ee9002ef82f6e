#!/bin/sh
# skater_ftle_map.sh -- data for skater_ftle_map.gp: the skater's FTLE(40 s) over the grid
# of (A1, Omega1(0)) of data/cases/skater_ftle_map.sweep (676 cases), computed as a sweep:
# two shards through GNU Parallel when it is installed (examples/parallel_sweep.sh), else
# one `nhref sweep`; then `nhref catalogue` indexes the outputs and the map is read from
# the catalogue (param:A1, init:Omega1, file) and the last row of each output.
# Set NHREF_SWEEP_DIR to keep the outputs (and resume an interrupted run); by default
# they go to a temporary directory.  About 9 minutes of CPU (under 5 minutes on 2 cores).
# NHREF_FTLE_FAST=1: the fast route, in double (--fast: the exponents of up to 8 cases at a
# time in SIMD lanes, nhref_lyapunov_batch_d; measured 11.5 s for the 676 cases in one
# process, docs/performance.md "Batch mode"); not certified: 7 to 14 digits of the MPFR map.
# Run by make_figures.sh (make figures) with NHREF and OUT set: draws $OUT/skater_ftle_map.png.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
sweep=$top/data/cases/skater_ftle_map.sweep
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
out=${NHREF_SWEEP_DIR:-$d/ftle}
opts="--components theta,Omega1,Omega2,v --project E"
how="at 20 digits"
if [ "${NHREF_FTLE_FAST:-0}" = 1 ]; then opts="--fast $opts"; how="in double (--fast)"; fi
t0=$(date +%s)
if command -v parallel > /dev/null; then
    NHREF=$NHREF sh "$top/examples/parallel_sweep.sh" -n "$(nproc 2>/dev/null || echo 2)" \
        -c lyapunov "$sweep" "$out" -- $opts
else
    "$NHREF" sweep -q --resume --command lyapunov "$sweep" -o "$out" -- $opts
    "$NHREF" catalogue "$out"
fi
echo "skater_ftle_map: $(grep -c '	ok	' "$out/catalogue.tsv") cases in $(( $(date +%s) - t0 )) s"
# A1, Omega1(0), FTLE at the last time: one block per A1 (the sweep's outer axis)
awk -F'\t' -v dir="$out" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["status"] == "ok" {
    f = dir "/" $col["file"]; last = ""
    while ((getline line < f) > 0) if (line !~ /^#/) last = line
    close(f)
    split(last, v, ",")
    a = $col["param:A1"]
    if (NR > 2 && a != prev) print ""
    print a, $col["init:Omega1"], v[2]
    prev = a
}' "$out/catalogue.tsv" > "$d/skater_ftle_map.dat"
gnuplot -e "dat='$d/skater_ftle_map.dat'; out='$OUT/skater_ftle_map.png'; how='$how'" "$here/skater_ftle_map.gp"

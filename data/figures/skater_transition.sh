#!/bin/sh
# skater_transition.sh -- the transition from integrability (the paper's Fig. 5, spec
# skater.md §6.3): ice traces over 0 <= t <= 500 s for A1 = 0, 1e-5, 1e-4, 1e-3 m,
# g = -9.81, with the double fast path (nhref run --fast).
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for a in 0 1e-5 1e-4 1e-3; do
    "$NHREF" run skater -q --fast --param g=-9.81 --param A1=$a -T 500 --dt-out 0.1 -o "$d/t$a.csv"
done
gnuplot <<GP
set terminal pngcairo size 1000,900 font ",10"
set output "$OUT/skater_transition.png"
set datafile separator ','
set multiplot layout 2,2 title "figure skater, g = -9.81: ice traces of the contact point over 0 <= t <= 500 s"
set size ratio -1
set xlabel "r1 [m]"
set ylabel "r2 [m]"
set grid
unset key
set title "A1 = 0"
plot "$d/t0.csv" using 7:8 with lines lw 0.5
set title "A1 = 1e-5 m"
plot "$d/t1e-5.csv" using 7:8 with lines lw 0.5
set title "A1 = 1e-4 m"
plot "$d/t1e-4.csv" using 7:8 with lines lw 0.5
set title "A1 = 1e-3 m"
plot "$d/t1e-3.csv" using 7:8 with lines lw 0.5
unset multiplot
GP

#!/bin/sh
# skater_ice.sh -- the ice traces (r1, r2) of the skater (spec skater.md §6.1, the paper's
# Fig. 3): integrable A1 = 0 and non-integrable A1 = 0.1 m, g = -9.81, 0 <= t <= 200 s.
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$NHREF" run skater -q --digits 20 --param g=-9.81 -T 200 --dt-out 0.05 -o "$d/a0.csv"
"$NHREF" run skater -q --digits 20 --param g=-9.81 --param A1=0.1 -T 200 --dt-out 0.05 -o "$d/a1.csv"
gnuplot <<GP
set terminal pngcairo size 1000,480 font ",10"
set output "$OUT/skater_ice.png"
set datafile separator ','
set multiplot layout 1,2 title "figure skater, g = -9.81: ice traces of the contact point, 0 <= t <= 200 s"
set size ratio -1
set xlabel "r1 [m]"
set ylabel "r2 [m]"
set grid
unset key
set title "A1 = 0"
plot "$d/a0.csv" using 7:8 with lines lw 0.8
set title "A1 = 0.1 m"
plot "$d/a1.csv" using 7:8 with lines lw 0.8
unset multiplot
GP

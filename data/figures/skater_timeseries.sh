#!/bin/sh
# skater_timeseries.sh -- Gzenda & Putkaradze Figs. 2-3 (spec skater.md §6.1): Omega1(t)
# and v(t) of the integrable (A1 = 0) and non-integrable (A1 = 0.1 m) skater, g = -9.81
# (the sign that reproduces the paper's bounded motion, spec §6), 0 <= t <= 60 s.
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$NHREF" run skater -q --digits 20 --param g=-9.81 -T 60 --dt-out 0.05 -o "$d/a0.csv"
"$NHREF" run skater -q --digits 20 --param g=-9.81 --param A1=0.1 -T 60 --dt-out 0.05 -o "$d/a1.csv"
gnuplot <<GP
set terminal pngcairo size 1000,640 font ",10"
set output "$OUT/skater_timeseries.png"
set datafile separator ','
set multiplot layout 2,1 title "figure skater, g = -9.81: roll rate Omega1 and speed v along the blade"
set key outside right top vertical
set xlabel "t [s]"
set ylabel "Omega1 [rad/s], v [m/s]"
set grid
set title "A1 = 0 (integrable: periodic)"
plot "$d/a0.csv" using 1:3 with lines lw 1.2 title "Omega1 [rad/s]", "" using 1:5 with lines lw 1.2 title "v [m/s]"
set title "A1 = 0.1 m (non-integrable)"
plot "$d/a1.csv" using 1:3 with lines lw 1.2 title "Omega1 [rad/s]", "" using 1:5 with lines lw 1.2 title "v [m/s]"
unset multiplot
GP

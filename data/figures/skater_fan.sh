#!/bin/sh
# skater_fan.sh -- the paper's Fig. 6 (spec skater.md §6.4): the fan of 50 ice traces,
# A1 = 0.05 k/49 (k = 0..49), each drawn at height A1, 0 <= t <= 500 s, g = -9.81, with
# the double fast path.
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
k=0
while [ $k -lt 50 ]; do
    a=$(echo "scale=8; 0.05 * $k / 49" | bc -l)
    "$NHREF" run skater -q --fast --param g=-9.81 --param A1=$a -T 500 --dt-out 0.25 |
        grep -v -e '^#' -e '^t,' | awk -F, -v a=$a '{print $7 "," $8 "," a}' > "$d/fan$k.csv"
    k=$((k + 1))
done
gnuplot <<GP
set terminal pngcairo size 900,700 font ",10"
set output "$OUT/skater_fan.png"
set datafile separator ','
set title "figure skater: 50 ice traces, A1 = 0 ... 0.05 m (height), 0 <= t <= 500 s"
set xlabel "r1 [m]"
set ylabel "r2 [m]"
set zlabel "A1 [m] (height of each trace)" rotate
set xyplane at 0
set view 62, 35
unset key
splot for [k=0:49] sprintf("$d/fan%d.csv", k) using 1:2:3 with lines lw 0.5
GP

#!/bin/sh
# skater_ftle.sh -- FTLE(T) of the skater, case L1 of spec skater.md §6.2 (A1 = 0.1 m,
# g = -9.81, Omega1(0) = 1): tangent equations from the model's tape at 25 digits, norm
# on (theta, Omega1, Omega2, v), direction (1,1,1,1) on the energy surface, tau = 1 s.
# The quasi-regular phase up to ~110 s and the chaotic burst after ~120 s (the paper's
# Fig. 4 diagnostic; the spec's 18-digit values are checked by the test suite).
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
times=$(seq -s, 10 10 200)
"$NHREF" lyapunov skater --param A1=0.1 --param g=-9.81 --init Omega1=1 \
    --components theta,Omega1,Omega2,v --project E --digits 25 --times "$times" -o "$d/ftle.csv"
gnuplot <<GP
set terminal pngcairo size 800,480 font ",10"
set output "$OUT/skater_ftle.png"
set datafile separator ','
set title "figure skater, case L1: finite-time Lyapunov exponent"
set xlabel "T [s]"
set ylabel "FTLE(T) [1/s]"
set grid
unset key
plot "$d/ftle.csv" using 1:2 with linespoints pt 7 ps 0.6
GP

#!/bin/sh
# servosleigh_spiral.sh -- the doubly asymptotic motion (6.5) of the horizontal servosleigh
# (Kozlov 2015, Fig. 6; spec servoconstraints.md §5.5): data by $NHREF, picture
# $OUT/servosleigh_spiral.png drawn by servosleigh_spiral.gp.  Used by `make figures`.
set -eu
here=$(dirname "$0")
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$NHREF" run servosleigh -q -p alpha=0.8 -p beta=1.3 -p g=0 -i u=0.58 -i omega=-0.0075 \
    -T 20 --dt-out 0.01 --digits 20 -o "$d/spiral.csv"
gnuplot -e "csv='$d/spiral.csv'; out='$OUT/servosleigh_spiral.png'" "$here/servosleigh_spiral.gp"

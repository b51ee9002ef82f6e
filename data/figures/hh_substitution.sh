#!/bin/sh
# hh_substitution.sh -- draw $OUT/hh_substitution.png with data/figures/hh_substitution.gp
# ("when substituting a constraint into the Lagrangian is wrong"); run by make_figures.sh.
set -eu
gnuplot -e "nhref='$NHREF'; out='$OUT/hh_substitution.png'" "$(dirname "$0")/hh_substitution.gp"

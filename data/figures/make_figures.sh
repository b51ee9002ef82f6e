#!/bin/sh
# make_figures.sh NHREF OUTDIR -- run every figure script data/figures/*.sh (except this
# one): each produces its data with nhref and draws OUTDIR/<name>.png with gnuplot
# (Debian: gnuplot-nox).  Used by `make figures`.
set -eu
NHREF=$1
OUT=$2
here=$(dirname "$0")
command -v gnuplot >/dev/null || { echo "make figures: gnuplot not found (Debian: gnuplot-nox)"; exit 1; }
export NHREF OUT
for s in "$here"/*.sh; do
    case $(basename "$s") in make_figures.sh) continue ;; esac
    echo "figure: $(basename "$s" .sh)"
    sh "$s"
done

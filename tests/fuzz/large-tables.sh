#!/bin/sh
# large-tables.sh DIR -- the large seeds of fuzz_table, made rather than kept in the
# tree (run-fuzz.sh; replay.sh replays them): a line just below and one just beyond
# NHREF_TABLE_MAX_LINE (1 MiB), and 20000 rows with ';' and with tabs.
set -eu
dir=$1
mkdir -p "$dir"
[ -s "$dir/rows-tab" ] && exit 0
awk 'BEGIN { printf "t,x\n0,1."; for (i = 0; i < 1048560; i++) printf "0"; printf "1\n" }' \
    > "$dir/line-below-limit"
awk 'BEGIN { printf "t,x\n0,1."; for (i = 0; i < 1048600; i++) printf "0"; printf "1\n" }' \
    > "$dir/line-beyond-limit"
awk 'BEGIN { print "t;x;y;z"; for (i = 0; i < 20000; i++) printf "%d;%.17g;%d.5e-3;nan\n", i, i / 7, i }' \
    > "$dir/rows-semicolon"
awk 'BEGIN { print "# nhref trajectory"; print "t\tx\ty"; for (i = 0; i < 20000; i++) printf "%d\t%.17g\t-%d\n", i, i / 3, i }' \
    > "$dir/rows-tab"

#!/bin/sh
# progress.sh -- progress on a terminal (issue 15 item 7): `nhref run` and
# `nhref lyapunov` show "integrating NN.N%" on stderr when it is a terminal, the
# percentages rising over the whole run (lyapunov integrates many intervals, and
# the display must not restart with each), and nothing with -q or when stderr
# is not a terminal.  The terminal is a pseudo-terminal from script(1).
. "$(dirname "$0")/testlib.sh"
command -v script > /dev/null && script -qc true /dev/null > /dev/null 2>&1 ||
    { echo "SKIP: no script(1) for a pseudo-terminal"; exit 77; }
unset NHREF_NO_PROGRESS

# the percentages a command shows on a terminal, one per line
percentages() {
    script -qc "$*" /dev/null < /dev/null | tr '\r' '\n' | sed -n 's/.*integrating *\([0-9.]*\)%.*/\1/p'
}
# rising PCTS: at least 2 values, never falling
rising() {
    printf '%s\n' "$1" | awk 'NF { n++; if (n > 1 && $1 < last) bad = 1; last = $1 }
        END { exit !(n >= 2 && !bad) }'
}

# long enough (about 4 s here; 0.5 s was too short once the MPFR path got faster) for
# several displays, one every 0.25 s
lyap="$NHREF lyapunov skater --param A1=0.1 --param g=-9.81 --init Omega1=1 --times 20,40,60 --digits 60"
p=$(percentages "$lyap -o $tmp/l.csv")
rising "$p" && ok || bad "lyapunov (tangent): percentages not rising over the run: $(echo $p)"
p=$(percentages "$lyap --method benettin -o $tmp/l.csv")
rising "$p" && ok || bad "lyapunov (benettin): percentages not rising over the run: $(echo $p)"
p=$(percentages "$lyap -q -o $tmp/l.csv")
[ -z "$p" ] && ok || bad "lyapunov -q showed progress: $(echo $p)"
[ -s "$tmp/l.csv" ] && ok || bad "lyapunov -q wrote nothing"
$lyap -o "$tmp/l2.csv" 2> "$tmp/err" && [ ! -s "$tmp/err" ] && ok || bad "lyapunov, stderr not a terminal: $(cat "$tmp/err")"

run="$NHREF run chaplygin_sleigh --digits 300 -T 60 --dt-out 1"
p=$(percentages "$run -o $tmp/r.csv")
rising "$p" && ok || bad "run: percentages not rising: $(echo $p)"
p=$(percentages "$run -q -o $tmp/r.csv")
[ -z "$p" ] && ok || bad "run -q showed progress: $(echo $p)"

summary progress

#!/bin/sh
# verify_study.sh -- `nhref verify --study`: order and work-precision studies.  Four
# runs of a plain RK4 in Python (tests/rk4_sleigh.py, h = 0.1 ... 0.0125 on the
# sleigh, where RK4 is in its asymptotic range and the runs' 6 to 12 digits are far
# below the reference's 30) must show order 4.0 +- 0.1 in every state column, four
# runs of explicit Euler (--euler, h = 0.01 ... 0.00125) order 1.0 +- 0.1; the
# expected orders are the methods' orders, not nhref's.  Identities: the same runs
# said to be 4 times apart (--steps) show exactly half the order; with costs
# proportional to 1/h (the '# cost:' lines, or a column 'cost' counting evaluations)
# the work-precision slope equals the order; the CSV table, the JSON and the text
# say the same.  Bad input: exit 2 with one line naming the option, file or column.
. "$(dirname "$0")/testlib.sh"

py=
for p in "${PYTHON:-}" /usr/bin/python3 python3; do
    if [ -n "$p" ] && "$p" -c 'import math' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "verify_study.sh: no python3 for tests/rk4_sleigh.py: skipped"; exit 77; }

STATE="x y phi v omega"
RK4_H="0.1 0.05 0.025 0.0125"
EULER_H="0.01 0.005 0.0025 0.00125"
top_srcdir=$(cd "$top_srcdir" && pwd)
cd "$tmp" || exit 1
for h in $RK4_H; do
    "$py" "$top_srcdir/tests/rk4_sleigh.py" $h 10 > rk4_$h.csv || bad "rk4_sleigh.py $h failed"
done
for h in $EULER_H; do
    "$py" "$top_srcdir/tests/rk4_sleigh.py" --euler $h 10 > euler_$h.csv || bad "rk4_sleigh.py --euler $h failed"
done
RK4=$(for h in $RK4_H; do printf 'rk4_%s.csv ' $h; done)
EULER=$(for h in $EULER_H; do printf 'euler_%s.csv ' $h; done)

# col FILE NAME -- the values of column NAME of the CSV table FILE after its header
col() { awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } c { print $c }' "$1"; }
# within X LO HI
within() { awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x ~ /^-?[0-9.]+(e-?[0-9]+)?$/ && x + 0 >= lo + 0 && x + 0 <= hi + 0) }'; }

# orders TABLE WANT TOL WHAT -- order_C of runs 2..4 within WANT +- TOL for every state column
orders() {
    for c in $STATE; do
        n=0
        for p in $(col "$1" order_$c | tail -n +2); do
            n=$((n + 1))
            lo=$(awk -v a="$2" -v b="$3" 'BEGIN { print a - b }')
            hi=$(awk -v a="$2" -v b="$3" 'BEGIN { print a + b }')
            within "$p" "$lo" "$hi" && ok || bad "$4, column $c: observed order $p, want $2 +- $3"
        done
        [ $n -eq 3 ] && ok || bad "$4, column $c: $n orders in the table, want 3"
        # the first run has no order
        [ "$(col "$1" order_$c | head -1)" = nan ] && ok || bad "$4: the first run has an order"
    done
}

# ---------------------------------------------------------------- RK4: order 4
# shellcheck disable=SC2086
"$NHREF" verify --study $RK4 chaplygin_sleigh -q --table rk4.tab --json rk4.json > rk4.out 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "study of RK4: exit $rc: $(tail -3 rk4.out)"
orders rk4.tab 4.0 0.1 "RK4"
grep -q '^observed order between runs k-1 and k: p = (d_k - d_{k-1}) / log10(h_{k-1} / h_k)$' rk4.out &&
    ok || bad "RK4: the text does not state the order's formula"
grep -Eq '^observed order \(minimum digits\) between the last two runs: 4\.0[0-9]$|3\.9[0-9]$' rk4.out &&
    ok || bad "RK4: last line: $(tail -1 rk4.out)"
# the steps came from the '# step:' lines
[ "$(col rk4.tab step | tr '\n' ' ')" = "0.10000000000000001 0.050000000000000003 0.025000000000000001 0.012500000000000001 " ] &&
    ok || bad "RK4: steps $(col rk4.tab step | tr '\n' ' ')"
# each run's digits are those `nhref verify` gives it alone (the same verification)
"$NHREF" verify rk4_0.025.csv chaplygin_sleigh -q > one.out 2>&1
one=$(awk '$1 == "omega" && $2 == "state" { print $4 }' one.out)
st=$(col rk4.tab digits_omega | sed -n 3p)
[ -n "$one" ] && awk -v a="$one" -v b="$st" 'BEGIN { exit !(sprintf("%.2f", b) == a) }' &&
    ok || bad "RK4: run 3's omega digits $st in the study, $one from verify alone"

# identities: claimed steps 4 times apart halve the order; costs ~ 1/h make slope = order
# shellcheck disable=SC2086
"$NHREF" verify --study $RK4 chaplygin_sleigh -q --steps 0.1,0.025,0.00625,0.0015625 \
    --table quarter.tab > quarter.out 2>&1 || bad "study with --steps: $(tail -2 quarter.out)"
for c in $STATE; do
    col rk4.tab order_$c > a.tmp
    col quarter.tab order_$c > b.tmp
    col rk4.tab slope_$c > s.tmp
    paste -d' ' a.tmp b.tmp s.tmp | tail -n +2 |
        awk -v c=$c '{ if (($1 - 2 * $2)^2 > 1e-24 || ($1 - $3)^2 > 1e-24) { print "column " c ": order " $1 ", at 4x steps " $2 ", slope " $3; bad = 1 } } END { exit bad }' &&
        ok || bad "RK4: order = 2 x order at 4x the steps = slope against cost fails"
done

# the JSON says what the table says
if "$py" -c 'import json' 2>/dev/null; then
    "$py" - rk4.json rk4.tab <<'EOF' && ok || bad "RK4: the JSON and the table differ"
import csv, json, math, sys
j = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert j["schema"] == "nhref-verify-study/1", j["schema"]
assert j["order_from"] == "step" and j["slope_from"] == "cost"
assert j["columns"] == ["x", "y", "phi", "v", "omega"], j["columns"]
assert len(j["runs"]) == 4 and len(rows) == 4
for r, row in zip(j["runs"], rows):
    assert r["report"]["schema"] == "nhref-verify/1"
    assert r["step_from"] == "# step:" and r["cost_from"] == "# cost:"
    for c in r["columns"]:
        for k in ("digits", "order", "slope"):
            a, b = c[k], float(row["%s_%s" % (k, c["name"])])
            assert (a is None and math.isnan(b)) or a == b, (k, c["name"], a, b)
EOF
fi
# numpy and gnuplot read the table as it is
if "$py" -c 'import numpy' 2>/dev/null; then
    "$py" -c '
import sys, numpy as np
t = np.genfromtxt(sys.argv[1], delimiter=",", names=True, dtype=None, encoding=None)
assert t.shape == (4,) and np.isnan(t["order_x"][0]), t
assert np.all(abs(t["order_x"][1:] - 4) < 0.1), t["order_x"]
' rk4.tab && ok || bad "numpy.genfromtxt does not read the table"
fi
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "set datafile separator ','; stats 'rk4.tab' using 'step':'min_digits' nooutput; print STATS_records" > gp.out 2>&1
    [ "$(tail -1 gp.out)" = 4 ] && ok || bad "gnuplot does not read the table: $(cat gp.out)"
fi

# ---------------------------------------------------------------- Euler: order 1
# shellcheck disable=SC2086
"$NHREF" verify --study $EULER chaplygin_sleigh -q --table euler.tab > euler.out 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "study of Euler: exit $rc: $(tail -3 euler.out)"
orders euler.tab 1.0 0.1 "Euler"
# the check can fail: RK4's table does not pass as order 1, nor Euler's as order 4
out=$(orders rk4.tab 1.0 0.1 "RK4 as order 1")
case $out in *FAIL*) ok ;; *) bad "RK4 passed as order 1" ;; esac
out=$(orders euler.tab 4.0 0.1 "Euler as order 4")
case $out in *FAIL*) ok ;; *) bad "Euler passed as order 4" ;; esac

# ---------------------------------------------------------------- costs from a column
for h in 0.1 0.05; do
    awk -F, -v h=$h '/^# cost:/ { next } /^t,/ { print $0 ",cost"; next } /^#/ { print; next }
        { printf "%s,%d\n", $0, 4 * int($1 / h + 0.5) }' rk4_$h.csv > colcost_$h.csv
done
"$NHREF" verify --study colcost_0.1.csv colcost_0.05.csv chaplygin_sleigh -q --json cc.json > cc.out 2>&1 ||
    bad "study with a cost column: $(tail -2 cc.out)"
grep -q '"cost_from": "column cost"' cc.json && grep -q '"cost": 800' cc.json &&
    ok || bad "the cost column was not read as the run's cost"

# ---------------------------------------------------------------- the forms refused
# usage_error PATTERN -- ARGS: exit 2, one line on stderr matching PATTERN, no stdout
usage_error() {
    pat=$1
    shift 2
    "$NHREF" "$@" > ue.out 2> ue.err
    rc=$?
    if [ "$rc" -ne 2 ]; then
        bad "nhref $*: exit $rc, want 2: $(head -2 ue.err)"
    elif [ "$(wc -l < ue.err)" -ne 1 ] || [ -s ue.out ]; then
        bad "nhref $*: want one line on stderr and nothing on stdout: $(head -3 ue.err)"
    elif ! grep -Eq -- "$pat" ue.err; then
        bad "nhref $*: message lacks /$pat/: $(cat ue.err)"
    else
        ok
    fi
}
sed '/^# step:/d' rk4_0.05.csv > nostep.csv
sed 's/^# step: .*/# step: 0,05/' rk4_0.05.csv > badstep.csv
awk -F, -v OFS=, '/^#/ { print; next } { NF--; print }' rk4_0.05.csv > noomega.csv
printf 'keep\n' > kept.tab
usage_error 'at least 2 runs.*got 1' -- verify --study rk4_0.1.csv chaplygin_sleigh
usage_error 'missing RUN.csv files and MODEL' -- verify --study
usage_error '^nhref verify: --study: nostep.csv has no step|rk4_0.1.csv has a step and nostep.csv has none' -- verify --study rk4_0.1.csv nostep.csv chaplygin_sleigh
usage_error "badstep.csv: the line '# step: 0,05': '0,05' is not a positive" -- verify --study rk4_0.1.csv badstep.csv chaplygin_sleigh
usage_error "noomega.csv: no column compared as 'omega'" -- verify --study rk4_0.1.csv noomega.csv chaplygin_sleigh
usage_error 'same step 0.10000000000000001: no order' -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --steps 0.1,0.1
usage_error "^nhref verify: --steps '0.1': 1 value for 2 runs" -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --steps 0.1
usage_error "^nhref verify: --steps: '-1' \(value 2\) is not a positive plain decimal" -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --steps 0.1,-1
usage_error "^nhref verify: --costs: '0x10' \(value 1\) is not a positive plain decimal" -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --costs 0x10,2
usage_error '^nhref verify: --errors is not written for a study' -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --errors e.csv
usage_error '^nhref verify: --junit is not written for a study' -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --junit j.xml
usage_error "run 2 is standard input \('-'\)" -- verify --study rk4_0.1.csv - chaplygin_sleigh
usage_error '^nhref verify: --table is an option of an order study' -- verify rk4_0.1.csv chaplygin_sleigh --table t.tab
usage_error "^nhref verify: --table 'rk4_0.05.csv' is the run file rk4_0.05.csv" -- verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --table rk4_0.05.csv
usage_error "^nhref verify: --study: missing.csv: " -- verify --study rk4_0.1.csv missing.csv chaplygin_sleigh --table kept.tab
[ "$(cat kept.tab)" = keep ] && ok || bad "a failed study touched --table's file"
[ -e t.tab ] && bad "a refused --table was written" || ok

# --json - : the study's JSON on stdout, no text
"$NHREF" verify --study rk4_0.1.csv rk4_0.05.csv chaplygin_sleigh --json - > js.out 2> js.err
rc=$?
[ $rc -eq 0 ] && head -c 1 js.out | grep -q '{' && grep -q '"schema": "nhref-verify-study/1"' js.out &&
    ok || bad "--json -: exit $rc: $(head -2 js.out) $(head -2 js.err)"

summary verify_study.sh

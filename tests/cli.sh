#!/bin/sh
# cli.sh -- the nhref command-line tool as a user meets it: help, list, describe,
# run (values checked against the spec's PUB-1 reference), output files, and every
# kind of bad input (clear one-line message, non-zero exit, nothing clobbered).
# Expected values come from shared/models/chaplygin-sleigh.md §10, not from nhref.
. "$(dirname "$0")/testlib.sh"

# ---------------------------------------------------------------- help, version, list, describe
expect 0 '^Usage: nhref COMMAND' -- --help
expect 0 '^nhref [0-9]+\.[0-9]+\.[0-9]+ \(MPFR' -- --version
expect 2 'Usage' -- 
expect 2 "unknown command 'frobnicate'" -- frobnicate
expect 0 'chaplygin_sleigh +Chaplygin sleigh' -- list
expect 0 'taylor' -- list
expect 0 'Usage: nhref run MODEL' -- run --help
expect 0 'J \+ m a\^2 > 0' -- describe chaplygin_sleigh
expect 0 'omega +rad/s' -- describe chaplygin_sleigh
expect 2 "unknown model 'nosuch'.*chaplygin_sleigh" -- describe nosuch
expect 0 "^  fall +.*ends the run" -- describe skater

# ---------------------------------------------------------------- a real run (spec PUB-1)
if "$NHREF" run chaplygin_sleigh -q > "$tmp/run.csv" 2> "$tmp/run.err"; then ok; else bad "default run failed: $(cat "$tmp/run.err")"; fi
# a header row, then 11 data rows (t = 0..10), 10 columns, t = 10 row matches PUB-1
# to the 30 printed digits
[ "$(head -1 "$tmp/run.csv")" = "t,x,y,phi,v,omega,E,P1,P2,t0" ] && ok || bad "first line: $(head -1 "$tmp/run.csv")"
rows=$(grep -vc '^#' "$tmp/run.csv")
[ "$rows" -eq 12 ] && ok || bad "default run wrote $rows lines besides metadata, want 1 + 11"
last=$(grep -v '^#' "$tmp/run.csv" | tail -1)
cols=$(printf '%s\n' "$last" | awk -F, '{print NF}')
[ "$cols" -eq 10 ] && ok || bad "row has $cols columns, want 10"
x=$(printf '%s\n' "$last" | cut -d, -f2)
y=$(printf '%s\n' "$last" | cut -d, -f3)
case $x in -1.3036354940499513836643951943*) ok ;; *) bad "x(10) = $x, want -1.30363549404995138366439519437 (PUB-1)" ;; esac
case $y in -1.4926161662496522147395917961*e+01) ok ;; *) bad "y(10) = $y, want -14.9261616624965221473959179613 (PUB-1)" ;; esac
grep -q '^# units: s,m,m,rad,m/s,rad/s,J,kg m/s,kg m/s,s$' "$tmp/run.csv" && ok || bad "no units line"
grep -q '^# outcome: reached the final time$' "$tmp/run.csv" && ok || bad "no outcome line"

# numpy and pandas read it as the README says (where the Python has them)
for py in "${PYTHON3:-}" /usr/bin/python3 python3; do
    [ -n "$py" ] && "$py" -c 'import numpy' 2>/dev/null && break
    py=
done
if [ -n "$py" ]; then
    if "$py" -c "
import numpy as np, sys
a = np.loadtxt('$tmp/run.csv', delimiter=',', skiprows=1)
assert a.shape == (11, 10), a.shape
assert abs(a[-1, 1] - (-1.30363549404995138366439519437)) < 1e-14
assert abs(a[-1, 6] - 16) < 1e-12      # E
" ; then ok; else bad "numpy.loadtxt could not read the CSV"; fi
else
    echo "SKIP: numpy not available for the loadtxt check"
fi

# --digits 60 with another parameter set (spec PUB-2) and -o FILE
if "$NHREF" run chaplygin_sleigh -q --param m=1.5 --param J=0.7 --param a=0.4 \
    --init x=0.3 --init y=-0.2 --init phi=0.5 --init v=-0.8 --init omega=1.3 \
    --t-end 7 --dt-out 3.5 --digits 60 -o "$tmp/pub2.csv" 2> "$tmp/err"; then ok; else bad "PUB-2 run: $(cat "$tmp/err")"; fi
phi=$(grep -v '^#' "$tmp/pub2.csv" | tail -1 | cut -d, -f4)
case $phi in 4.8925248759627444645411097179*) ok ;; *) bad "PUB-2 phi(7) = $phi" ;; esac
grep -q '^# precision: 232 bits$' "$tmp/pub2.csv" && ok || bad "60 digits should give 232 bits"
ls "$tmp" | grep -q 'tmp\.' && bad "temporary file left behind" || ok
expect 0 '^# precision: 53 bits' -- run chaplygin_sleigh -q --prec 53 -T 1

# ---------------------------------------------------------------- events
# phi = pi is crossed at t = 4 asinh(1) = 4 ln(1 + sqrt 2) (spec §5.2: phi = 4 gd(t/4)),
# computed here by bc, independently of nhref
want=$(echo 'scale=40; 4*l(1+sqrt(2))' | bc -l | cut -c1-28)
"$NHREF" run chaplygin_sleigh -q --digits 35 --event 'phi - pi' --stop-when 'x + 5' > "$tmp/ev.csv" 2>"$tmp/err" && ok || bad "events run: $(cat "$tmp/err")"
got=$(sed -n 's/^# event: phi - pi at t = //p' "$tmp/ev.csv")
case $got in "$want"*) ok ;; *) bad "event phi = pi at t = $got, want $want..." ;; esac
grep -q "^# outcome: stopped by the event 'x + 5' at t = " "$tmp/ev.csv" && ok || bad "no event outcome"
last=$(grep -v '^#' "$tmp/ev.csv" | tail -1 | cut -d, -f2)
case $last in -5.000000000000000000000000000*e+00|-4.999999999999999999999999999*e+00) ok ;; *) bad "x at the stop event = $last, want -5" ;; esac
expect 2 "--stop-when 'x \\+': column 4: expected a number" -- run chaplygin_sleigh --stop-when 'x +'
expect 2 "unknown name 'theta'" -- run chaplygin_sleigh --event 'theta - 1'
expect 2 "unknown function 'sech' \\(known: sin cos tan exp log sqrt asin acos atan atanh sinh cosh tanh\\)" -- run chaplygin_sleigh --event 'sech(x)'

# ---------------------------------------------------------------- bad input: one line, exit 2
expect 2 "unknown model 'sleigh'" -- run sleigh
expect 2 "missing MODEL" -- run
expect 2 "unknown parameter 'q' of model chaplygin_sleigh \(parameters: m, J, a\)" -- run chaplygin_sleigh --param q=1
expect 2 "--param m: 'abc' is not a finite decimal number \(admissible range: m > 0\)" -- run chaplygin_sleigh --param m=abc
expect 2 "--param J: 'nan' is not a finite decimal number" -- run chaplygin_sleigh --param J=nan
expect 2 "parameter m must be > 0 \(admissible range: m > 0\)" -- run chaplygin_sleigh --param m=-1
expect 2 "parameter J must be >= 0" -- run chaplygin_sleigh --param J=-0.5
expect 2 "J = 0 and a = 0 together" -- run chaplygin_sleigh --param J=0 --param a=0
expect 2 "--param expects NAME=VALUE" -- run chaplygin_sleigh --param m
expect 2 "unknown state variable 'theta' of model chaplygin_sleigh \(state: x, y, phi, v, omega\)" -- run chaplygin_sleigh --init theta=1
expect 2 "--init v: '1e' is not a finite decimal number" -- run chaplygin_sleigh --init v=1e
expect 2 "--t-end = -5 is out of range \(admissible range: T > 0\)" -- run chaplygin_sleigh --t-end -5
expect 2 "--dt-out = 0 is out of range" -- run chaplygin_sleigh --dt-out 0
expect 2 "--t-end: 'ten' is not a finite decimal number" -- run chaplygin_sleigh -T ten
expect 2 "--digits: '0' is not a whole number in \[1, 100000\]" -- run chaplygin_sleigh --digits 0
expect 2 "--digits: '3x' is not a whole number" -- run chaplygin_sleigh --digits 3x
expect 2 "--prec: '8' is not a whole number in \[16," -- run chaplygin_sleigh --prec 8
expect 2 "give --digits or --prec, not both" -- run chaplygin_sleigh --digits 20 --prec 100
expect 2 "unknown option '--frob'" -- run chaplygin_sleigh --frob
expect 2 "option '--t-end' needs a value" -- run chaplygin_sleigh --t-end
expect 2 "unknown scheme 'rk4'" -- run chaplygin_sleigh --scheme rk4
expect 2 "unexpected argument 'extra'" -- run chaplygin_sleigh extra
expect 2 "more than .* output rows" -- run chaplygin_sleigh --dt-out 1e-30
expect 2 "the initial state is not admissible: initial lean theta" -- run skater --init theta=1.6
# each error is one line
n=$("$NHREF" run chaplygin_sleigh --param m=-1 2>&1 | wc -l)
[ "$n" -eq 1 ] && ok || bad "an error took $n lines"

# ---------------------------------------------------------------- nothing is lost
echo "keep me" > "$tmp/keep.csv"
"$NHREF" run chaplygin_sleigh --param m=-1 -o "$tmp/keep.csv" 2>/dev/null
[ "$(cat "$tmp/keep.csv")" = "keep me" ] && ok || bad "a failed run touched the output file"
"$NHREF" run chaplygin_sleigh -q --max-steps 3 -o "$tmp/keep.csv" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ok || bad "--max-steps 3: exit $rc, want 1"
grep -q "stopped at t = [0-9.]* by the limit of 3 steps (--max-steps raises it) (2 of 11 rows written)" "$tmp/err" && ok || bad "max-steps message: $(cat "$tmp/err")"
[ "$(cat "$tmp/keep.csv")" = "keep me" ] && ok || bad "a failed integration touched the output file"
expect 1 "cannot write '/nonexistent/dir/out.csv'" -- run chaplygin_sleigh -q -o /nonexistent/dir/out.csv

summary cli

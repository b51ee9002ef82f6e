#!/bin/sh
# verify_charts.sh -- the five convention mismatches of issue 25 (centre of mass vs blade
# point, Cartesian velocities, momenta, a wrapped angle, a missing coordinate), each handled
# by flags alone, on trajectories written by SciPy (tests/charts_scipy.py: solve_ivp, DOP853,
# rtol 1e-12) of the Chaplygin sleigh and of the knife edge on an incline.
# For each: the file in the foreign convention FAILS as read before (no flag, or the plain
# rename --map that was all there was), PASSES at --min-digits 8 with the flag, and the same
# file with one value perturbed by 1e-6 FAILS with the flag, naming the column and line.
# Expected values: the verdicts (the reference is nhref's integration of the model; DOP853
# at rtol 1e-12 agrees with it to about 11 digits, 3 more than the threshold; a perturbation
# of 1e-6 leaves about 6).
. "$(dirname "$0")/testlib.sh"
py=${PYTHON:-python3} # configure's Python with numpy (CI: Debian's python3-scipy)
"$py" -c 'import scipy' 2>/dev/null || { echo "SKIP: no scipy for $py"; exit 77; }
gen=$top_srcdir/tests/charts_scipy.py
knife=$top_srcdir/data/models/knife_edge_incline.model

for c in plain com cartesian momenta wrapped missing; do
    "$py" "$gen" sleigh $c "$tmp/s_$c.csv" && ok || bad "charts_scipy.py sleigh $c"
    "$py" "$gen" sleigh $c "$tmp/s_${c}_bad.csv" 7 && ok || bad "charts_scipy.py sleigh $c 7"
done
for c in plain speed missing; do
    "$py" "$gen" knife $c "$tmp/k_$c.csv" && ok || bad "charts_scipy.py knife $c"
    "$py" "$gen" knife $c "$tmp/k_${c}_bad.csv" 4 && ok || bad "charts_scipy.py knife $c 4"
done
set -- --init phi=2.5 --init v=0.5 --init omega=1 --min-digits 8
S=chaplygin_sleigh

# the sleigh in its own columns passes: the baseline of the others
expect 0 "^PASS: minimum 1[01]\.[0-9]+ digits" -- verify "$tmp/s_plain.csv" $S "$@"

# 1. the centre of mass C = A + a e1 (xc, yc) instead of the blade point A
expect 1 "^FAIL: minimum .* digits \((xc|yc) at t" -- verify "$tmp/s_com.csv" $S "$@" --map xc=x,yc=y
expect 0 "not compared: xc, yc .*try --chart com" -- verify "$tmp/s_com.csv" $S "$@"
expect 0 "^PASS: minimum 1[01]\.[0-9]+ digits" -- verify "$tmp/s_com.csv" $S "$@" --chart com
expect 0 "^x +state .*\[= xc - a\*cos\(phi\)\]" -- verify "$tmp/s_com.csv" $S "$@" --chart com
expect 0 "^PASS" -- verify "$tmp/s_com.csv" $S "$@" --define 'x=xc - a*cos(phi)' --define 'y=yc - a*sin(phi)'
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \(x at t = 3.5, line 9\)" -- verify "$tmp/s_com_bad.csv" $S "$@" --chart com

# 2. Cartesian velocities of A (vx, vy) instead of the speed v along the body axis
expect 1 "^FAIL: minimum .* digits \(vx at t" -- verify "$tmp/s_cartesian.csv" $S "$@" --map vx=v
expect 0 "not compared: vx, vy .*try --chart cartesian" -- verify "$tmp/s_cartesian.csv" $S "$@"
expect 0 "^PASS: minimum 1[01]\.[0-9]+ digits" -- verify "$tmp/s_cartesian.csv" $S "$@" --chart cartesian
expect 0 "^PASS" -- verify "$tmp/s_cartesian.csv" $S "$@" --define 'v=vx*cos(phi)+vy*sin(phi)'
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \(v at t = 3.5, line 9\)" -- verify "$tmp/s_cartesian_bad.csv" $S "$@" --chart cartesian

# 3. momenta p_v = m v, p_omega = IA omega instead of the velocities
expect 1 "^FAIL: minimum .* digits \(p_(v|omega) at t" -- verify "$tmp/s_momenta.csv" $S "$@" --map p_v=v,p_omega=omega
expect 0 "not compared: p_v, p_omega .*try --chart momenta" -- verify "$tmp/s_momenta.csv" $S "$@"
expect 0 "^PASS: minimum 1[01]\.[0-9]+ digits" -- verify "$tmp/s_momenta.csv" $S "$@" --chart momenta
expect 0 "^PASS" -- verify "$tmp/s_momenta.csv" $S "$@" --define v=p_v/m --define 'omega=p_omega/(J + m*a^2)'
expect 1 "^FAIL: minimum [5-7]\.[0-9]+ digits \(v at t = 3.5, line 9\)" -- verify "$tmp/s_momenta_bad.csv" $S "$@" --chart momenta

# 4. a heading kept in (-pi, pi]: off by 2 pi, said so with the flag to use, also rigorously
expect 1 "^FAIL: .*column phi is off by -1·2π .*--angles wrapped" -- verify "$tmp/s_wrapped.csv" $S "$@"
expect 1 "^FAIL \(proven wrong .*column phi\).*off by -1·2π .*--angles wrapped" -- verify "$tmp/s_wrapped.csv" $S "$@" --rigorous
expect 0 "^PASS: minimum 1[01]\.[0-9]+ digits" -- verify "$tmp/s_wrapped.csv" $S "$@" --angles wrapped
expect 0 "^phi .*\[modulo 2 pi; 1[0-9] rows unwrapped\]" -- verify "$tmp/s_wrapped.csv" $S "$@" --angles wrapped=phi
expect 0 "^PROVEN PASS" -- verify "$tmp/s_wrapped.csv" $S "$@" --angles wrapped --rigorous
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \(phi at t = 3.5, line 9\)" -- verify "$tmp/s_wrapped_bad.csv" $S "$@" --angles wrapped
expect 2 "--angles: 'modulo' is not 'wrapped'" -- verify "$tmp/s_wrapped.csv" $S "$@" --angles modulo

# 5. a missing coordinate (no y): the drift of every integral that does not read y (the
# sleigh's E, P1, P2, t0 read phi, v, omega only); before, no drift at all
expect 0 "^t0 +-4\.94855910843[0-9]+e-01 " -- verify "$tmp/s_missing.csv" $S "$@" --min-drift-digits 9
expect 0 "^PASS" -- verify "$tmp/s_missing.csv" $S "$@" --min-drift-digits 9
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \(omega at t = 3.5, line 9\)" -- verify "$tmp/s_missing_bad.csv" $S "$@"
expect 1 "^FAIL: drift of (E|P1|P2|t0): [4-7]\.[0-9]+ digits" -- verify "$tmp/s_missing_bad.csv" $S --init phi=2.5 --init v=0.5 --init omega=1 --min-digits 5 --min-drift-digits 9

# the knife edge: u along the blade in place of x_dot, y_dot (a chart of its model file)
set -- --min-digits 8
expect 0 "^PASS: minimum 1[0-3]\.[0-9]+ digits" -- verify "$tmp/k_plain.csv" "$knife" "$@"
expect 1 "^FAIL: minimum .* digits \(u at t" -- verify "$tmp/k_speed.csv" "$knife" "$@" --map u=x_dot
expect 0 "not compared: u .*try --chart speed" -- verify "$tmp/k_speed.csv" "$knife" "$@"
expect 0 "^PASS: minimum 1[0-3]\.[0-9]+ digits" -- verify "$tmp/k_speed.csv" "$knife" "$@" --chart speed
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \((x|y)_dot at t = 2, line 6\)" -- verify "$tmp/k_speed_bad.csv" "$knife" "$@" --chart speed
expect 2 "--chart blade: model knife_edge_incline has no chart 'blade' \(charts: speed, com" -- verify "$tmp/k_speed.csv" "$knife" "$@" --chart blade
# ... and without x: E (its potential reads x) is skipped with the reason, u_shift is measured
expect 0 "^E +skipped: it needs x, which the input lacks" -- verify "$tmp/k_missing.csv" "$knife" "$@"
expect 0 "^u_shift +1\.000000000000000e\+00 " -- verify "$tmp/k_missing.csv" "$knife" "$@" --min-drift-digits u_shift=10
expect 1 "^FAIL: the drift of E is not measured \(it needs x, which the input lacks\)" -- verify "$tmp/k_missing.csv" "$knife" "$@" --min-drift-digits E=10
expect 1 "^FAIL: minimum [5-6]\.[0-9]+ digits \(y_dot at t = 2, line 6\)" -- verify "$tmp/k_missing_bad.csv" "$knife" "$@"
out=$("$NHREF" verify "$tmp/k_missing.csv" "$knife" "$@" --json - 2>/dev/null)
if printf '%s' "$out" | "$py" -c '
import json, sys
d = {i["name"]: i for i in json.load(sys.stdin)["drift"]["integrals"]}
assert d["E"]["skipped"] == "needs x, which the input lacks", d["E"]
assert d["u_shift"]["skipped"] is None and d["u_shift"]["digits"] > 10, d["u_shift"]
'; then ok; else bad "JSON drift.integrals[].skipped"; fi
# a model file's [charts] refused with the line: an unknown name, no .columns, not a model column
base='[model]\nname = osc\n[state]\nx = 1\n[ode]\nx = -x\n[charts]\n'
printf "${base}c.columns = xc\nc.x = xc + zz\n" > "$tmp/c1.model"
printf "${base}c.x = xc\n" > "$tmp/c2.model"
printf "${base}c.columns = xc\nc.w = xc\n" > "$tmp/c3.model"
expect 2 "c1.model:9: \[charts\] c.x: column 6: unknown name 'zz'" -- describe "$tmp/c1.model"
expect 2 "c2.model:8: \[charts\] the chart 'c' has no c.columns" -- describe "$tmp/c2.model"
expect 2 "c3.model:9: \[charts\] c.w: 'w' is not a state variable or first integral" -- describe "$tmp/c3.model"
expect 0 "^  speed +the speed u along the blade" -- describe "$knife"
summary verify_charts

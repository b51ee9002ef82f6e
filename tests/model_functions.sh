#!/bin/sh
# model_functions.sh -- the functions of the expressions (issue 24: asin, acos, sinh, cosh,
# real powers x^y) in model files and events, end to end: an explicit ODE with a
# closed-form solution, and a Lagrangian whose equations nhref derives (the derivative
# rules of the new functions), in MPFR, --fast and --rigorous; their domain errors.
# Expected values: closed forms and an ODE written by hand, both evaluated by mpmath,
# independently of nhref.
. "$(dirname "$0")/testlib.sh"

run() { # run OUT ARGS...: nhref run ARGS > OUT, or a failure
    out=$1
    shift
    if "$NHREF" run "$@" -q > "$out" 2> "$out.err"; then ok; else bad "nhref run $*: $(cat "$out.err")"; fi
}

# ---------------------------------------------------------------- an explicit ODE
# x' = x^a (a = 3/2): x = (x0^(-1/2) - t/2)^(-2); y = 1/4 + t; z' = sinh y, w' = 2^y,
# u' = asin y, v' = acos y from 0; columns cosh^2 y - sinh^2 y - 1 and asin(sin y) - y,
# both 0 (y < pi/2 up to T = 0.5)
cat > "$tmp/ode.model" <<'EOF'
[model]
name = functions_ode
[parameters]
a = 1.5
[state]
x = 0.5
y = 0.25
z = 0
w = 0
u = 0
v = 0
[ode]
x = x^a
y = 1
z = sinh(y)
w = 2^y
u = asin(y)
v = acos(y)
[integrals]
c = cosh(y)^2 - sinh(y)^2 - 1
s = asin(sin(y)) - y
EOF
run "$tmp/ode_mp.csv" "$tmp/ode.model" --digits 30 --t-end 0.5 --dt-out 0.125
run "$tmp/ode_d.csv" "$tmp/ode.model" --fast --t-end 0.5 --dt-out 0.125
run "$tmp/ode_g.csv" "$tmp/ode.model" --digits 30 --scheme gauss --t-end 0.5 --dt-out 0.125
run "$tmp/ode_rig.csv" "$tmp/ode.model" --rigorous --digits 20 --t-end 0.5 --dt-out 0.125

# check FILE TOL RIGOROUS WHAT: every column within TOL max(1, |value|) of the closed
# form (RIGOROUS: the ball [c - c_rad, c + c_rad] contains it, and is narrower than TOL)
check_ode() {
    python3 - "$1" "$2" "$3" <<'PY' && ok || bad "$4: the explicit ODE disagrees with its closed form"
import csv, sys
from mpmath import mp, mpf, asin, acos, sinh, cosh, sqrt, log
mp.dps = 50
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#')))
tol, rig = mpf(sys.argv[2]), sys.argv[3] == '1'
assert len(rows) == 5, len(rows)
y0 = mpf('0.25')
F = {'u': lambda y: y * asin(y) + sqrt(1 - y**2), 'v': lambda y: y * acos(y) - sqrt(1 - y**2),
     'z': cosh, 'w': lambda y: 2**y / log(2)}
for r in rows:
    t = mpf(r['t'])
    y = y0 + t
    want = {'x': (mpf('0.5')**mpf('-0.5') - t / 2)**-2, 'y': y, 'c': 0, 's': 0}
    for k, f in F.items():
        want[k] = f(y) - f(y0)
    for k, z in want.items():
        got = mpf(r[k])
        # --rigorous: the ball, widened by the closed form's own rounding (50 digits)
        bound = mpf(r[k + '_rad']) + mpf('1e-45') if rig else tol * max(1, abs(z))
        if abs(got - z) > bound or (rig and bound > tol):
            sys.exit("t = %s: %s = %s (%s), closed form %s" % (r['t'], k, r[k], r.get(k + '_rad', ''), mp.nstr(z, 35)))
PY
}
check_ode "$tmp/ode_mp.csv" 1e-29 0 "taylor, MPFR, 30 digits"
check_ode "$tmp/ode_g.csv" 1e-29 0 "gauss, MPFR, 30 digits"
check_ode "$tmp/ode_d.csv" 1e-14 0 "taylor, double"
check_ode "$tmp/ode_rig.csv" 1e-19 1 "--rigorous, 20 digits"

# an event with the new functions: asin(y) = 1/2 at t = sin(1/2) - 1/4
"$NHREF" run "$tmp/ode.model" -q --digits 30 --t-end 0.5 --event 'asin(y) - 1/2' > "$tmp/ev.csv" 2> "$tmp/ev.err" && ok ||
    bad "events run: $(cat "$tmp/ev.err")"
got=$(sed -n 's/^# event: asin(y) - 1\/2 at t = //p' "$tmp/ev.csv")
python3 -c "
from mpmath import mp, mpf, sin
mp.dps = 40
assert abs(mpf('$got') - (sin(mpf(1) / 2) - mpf(1) / 4)) < mpf('1e-28')" 2> /dev/null && ok ||
    bad "event asin(y) = 1/2 at t = '$got', want sin(1/2) - 1/4"

# ---------------------------------------------------------------- a Lagrangian
# L = (cosh v - 1)(1 + x/4) - V(x), V = x^a - 3x + asin(x/2) - acos(x/3) + cosh(x/4) -
# sinh(x/5): nhref derives dL/dv, M = d2L/dv2 = cosh(v)(1 + x/4), C = v d/dx(dL/dv) and
# dL/dx from the derivative rules of cosh, sinh, x^a, asin, acos; the reference
# integrates M v' = (cosh v - 1)/4 - V'(x) - v sinh(v)/4, derived and written here by
# hand, with mpmath (20 digits), 1.2 <= x <= 1.74 up to T = 2.  The energy
# E = v dL/dv - L is conserved.
cat > "$tmp/lag.model" <<'EOF'
[model]
name = functions_lagrangian
[parameters]
a = 1.5
[coordinates]
x = 1.2
[velocities]
x_dot = 0
[lagrangian]
L = (cosh(x_dot) - 1)*(1 + x/4) - (x^a - 3*x + asin(x/2) - acos(x/3) + cosh(x/4) - sinh(x/5))
[integrals]
E = (x_dot*sinh(x_dot) - cosh(x_dot) + 1)*(1 + x/4) + x^a - 3*x + asin(x/2) - acos(x/3) + cosh(x/4) - sinh(x/5)
EOF
run "$tmp/lag_mp.csv" "$tmp/lag.model" --digits 30 --t-end 2 --dt-out 1
run "$tmp/lag_d.csv" "$tmp/lag.model" --fast --t-end 2 --dt-out 1
run "$tmp/lag_rig.csv" "$tmp/lag.model" --rigorous --digits 20 --t-end 2 --dt-out 1
python3 - "$tmp/lag_mp.csv" "$tmp/lag_d.csv" "$tmp/lag_rig.csv" <<'PY' && ok || bad "the Lagrangian's equations disagree with the hand-written ODE"
import csv, sys
from mpmath import mp, mpf, odefun, sqrt, cosh, sinh, asin, acos
mp.dps = 22
a = mpf('1.5')
V = lambda x: x**a - 3 * x + asin(x / 2) - acos(x / 3) + cosh(x / 4) - sinh(x / 5)
dV = lambda x: (a * x**(a - 1) - 3 + 1 / (2 * sqrt(1 - x**2 / 4)) + 1 / (3 * sqrt(1 - x**2 / 9))
                + sinh(x / 4) / 4 - cosh(x / 5) / 5)
def f(t, y):
    x, v = y
    return [v, ((cosh(v) - 1) / 4 - dV(x) - v * sinh(v) / 4) / (cosh(v) * (1 + x / 4))]
sol = odefun(f, 0, [mpf('1.2'), mpf(0)])
E0 = V(mpf('1.2'))
def rows(path):
    return list(csv.DictReader(l for l in open(path) if not l.startswith('#')))
for path, tol in ((sys.argv[1], mpf('1e-18')), (sys.argv[2], mpf('1e-13')), (sys.argv[3], None)):
    rs = rows(path)
    assert len(rs) == 3, (path, len(rs))
    for r in rs:
        x, v = sol(mpf(r['t']))
        for k, z in (('x', x), ('x_dot', v), ('E', E0)):
            # --rigorous: the ball, widened by the reference's own error (20 digits)
            bound = tol * max(1, abs(z)) if tol else mpf(r[k + '_rad']) + mpf('1e-19')
            if abs(mpf(r[k]) - z) > bound:
                sys.exit("%s: t = %s: %s = %s, reference %s" % (path, r['t'], k, r[k], mp.nstr(z, 22)))
PY
expect 0 'M\[x_dot, x_dot\] = .*cosh\(x_dot\)' -- describe "$tmp/lag.model"
expect 0 'r\[x_dot\] = .*a\*x\^a/x' -- describe "$tmp/lag.model"

# ---------------------------------------------------------------- domains and names
expect 2 "cannot be evaluated at the initial point \(x = -1, .*a real power of a base <= 0" -- run "$tmp/ode.model" -i x=-1
# asin(y) is not differentiable at y = 1 (t = 0.75): the run stops there
expect 1 "function evaluated outside its domain" -- run "$tmp/ode.model" --t-end 1 --dt-out 0.25
printf '[parameters]\nacos = 1\n[state]\nx = 1\n[ode]\nx = -x\n' > "$tmp/name.model"
expect 2 "name.model:2: \[parameters\] 'acos' is the name of a function or constant" -- run "$tmp/name.model"
printf '[state]\nx = 1\n[ode]\nx = pow(x, 2)\n' > "$tmp/pow.model"
expect 2 "unknown function 'pow' \(known: sin cos tan exp log sqrt asin acos atan atanh sinh cosh tanh\)" -- run "$tmp/pow.model"

summary model_functions

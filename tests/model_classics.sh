#!/bin/sh
# model_classics.sh -- the model files of data/models (issue 24), each run and checked against
# an expected value that does not come from nhref's model-file code:
#   one_wheel_mass, suslov_servo_ode  the built-ins one_wheel and suslov_servo (hand-written
#       C tapes) on their public cases at 30 and 40 digits: every data row printed identical,
#       or else within 10 tol of the built-in's 60-digit run; --fast as close to the 60-digit
#       run as the built-in's --fast (within a factor 10) or within 1e-13 (mixed);
#   sleigh_cartesian  the built-in chaplygin_sleigh through the change of chart
#       x = xc - a cos phi, y = yc - a sin phi, v = xc' cos phi + yc' sin phi, omega = phi',
#       on PUB-1 and PUB-2 at 40 digits (initial state mapped in mpmath), and E, P1, P2;
#   hh_particle  the built-in hh_a_dalembert (the Lagrange-d'Alembert equations) on HH-1 and
#       HH-2, and NOT the built-in hh_a_substituted: on both cases the two built-ins differ
#       by far more than the tolerance, and the file is within the tolerance of the first and
#       as far from the second; its closed form ([solution], spec §1.5) in mpmath;
#   knife_edge_incline  its closed form (the file's [solution], evaluated by mpmath at 80
#       digits) on two cases at 40 digits, and --rigorous balls containing it; E and the
#       shifted speed u - k sin phi conserved;
#   roller_racer  energy conserved and both constraint residuals below the tolerance (the
#       passive racer), Taylor and Gauss-Legendre agreeing; driven by the hinge torque, the
#       energy gained equals the work of the torque (192-point Gauss-Legendre quadrature of
#       A sin(Omega t) phi_dot in mpmath over the rows at the quadrature nodes).
# A build that does not know the [solution] section yet (it was being added on main when
# these files were written) runs copies of the files without it; the closed forms are then
# read from the files by this script only.
. "$(dirname "$0")/testlib.sh"
python3 -c 'import mpmath' 2> /dev/null || { echo "SKIP: no Python 3 with mpmath (Debian: python3-mpmath)"; exit 77; }
models=$top_srcdir/data/models
mkdir "$tmp/py"
export PYTHONPATH="$tmp/py"

cat > "$tmp/py/cl.py" <<'PY'
# cl.py -- what the checks of model_classics.sh share: rows of a CSV, a model file's
# sections, its expressions evaluated by mpmath, comparisons with a 60-digit reference.
import csv, re, sys
from mpmath import mp, mpf, sin, cos, tan, exp, log, sqrt, atan, atanh, tanh, pi
mp.dps = 80

def rows(path):
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#')))

def section(path, name):
    """the entries KEY = VALUE of [NAME] (continuation lines joined), without KEY.attr ones"""
    out, cur, key = {}, None, None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('['):
            cur, key = line.strip()[1:-1], None
            continue
        if cur != name or not line.strip() or line.lstrip().startswith(('#', ';')):
            continue
        if line[0] in ' \t' and key is not None:
            out[key] += ' ' + line.strip()
        else:
            k, v = line.split('=', 1)
            key = k.strip()
            out[key] = v.strip()
    return {k: v for k, v in out.items() if '.' not in k}

def ev(expr, env):
    """EXPR of a model file at the values ENV (mpf or decimal strings), by mpmath"""
    s = expr.replace('^', '**')
    # decimal constants exactly (not through double), integer exponents as they are
    s = re.sub(r'(\*\*)?(?<![A-Za-z_0-9.])(\d+\.?\d*(?:[eE][-+]?\d+)?)',
               lambda m: m.group(0) if m.group(1) else "mpf('%s')" % m.group(2), s)
    ns = dict(sin=sin, cos=cos, tan=tan, exp=exp, log=log, sqrt=sqrt, atan=atan,
              atanh=atanh, tanh=tanh, pi=+pi, mpf=mpf)
    ns.update({k: mpf(v) for k, v in env.items()})
    return eval(s, {'__builtins__': {}}, ns)

def values(path, over):
    """the parameters and initial state of the model file PATH with the overrides OVER
    ({name: decimal string}), and the initial state as NAME_0"""
    v = {}
    for sec in ('parameters', 'coordinates', 'velocities', 'state'):
        v.update(section(path, sec))
    v.update(over)
    for sec in ('coordinates', 'velocities', 'state'):
        for k in section(path, sec):
            v[k + '_0'] = v[k]
    return v

def overrides(args):
    """-p NAME=VALUE / -i NAME=VALUE arguments into {NAME: VALUE}"""
    return dict(a.split('=', 1) for a in args if '=' in a)

class Check:
    """counts values: printed identical, or within 10 tol max(1, |z|) of the reference z;
    keeps the largest error of each side in units of tol max(1, |z|)"""
    def __init__(self, digits, what):
        self.tol, self.what, self.same, self.total = mpf(10) ** -digits, what, 0, 0
        self.worst = {'model file': mpf(0), 'built-in': mpf(0)}
    def close(self, u, w, z, name, t, bound=None):
        """U (model file) and W (built-in, or None) against the reference Z"""
        self.total += 1
        z = mpf(z)
        same = w is not None and isinstance(u, str) and u == w
        self.same += same
        for val, who in ((u, 'model file'), (w, 'built-in')):
            if val is None:
                continue
            scale = self.tol * max(1, abs(z))
            err = abs(mpf(val) - z)
            self.worst[who] = max(self.worst[who], err / scale)
            b = bound if bound is not None and who == 'model file' else scale
            if err > 10 * b and not same:
                sys.exit("%s: t = %s: %s = %s (%s), reference %s" % (self.what, t, name,
                         mp.nstr(mpf(val), 45), who, mp.nstr(z, 45)))
    def small(self, u, name, t, scale=1):
        if abs(mpf(u)) > self.tol * scale:
            sys.exit("%s: t = %s: %s = %s, above the tolerance" % (self.what, t, name, u))
    def report(self, ref='the 60-digit run'):
        print("%s: %d of %d values printed identical to the built-in's; largest error from %s: "
              "model file %s tol, built-in %s tol" % (self.what, self.same, self.total, ref,
              mp.nstr(self.worst['model file'], 2), mp.nstr(self.worst['built-in'], 2)))
PY

# usable NAME: the path of data/models/NAME.model, or of a copy without [solution] if this
# build does not know the section
usable() {
    f=$models/$1.model
    if "$NHREF" describe "$f" > /dev/null 2> "$tmp/usable.err"; then
        echo "$f"
    elif grep -q 'unknown section \[solution\]' "$tmp/usable.err"; then
        awk '/^\[/ { skip = ($0 ~ /^\[solution\]/) } !skip' "$f" > "$tmp/$1.model"
        echo "note: this nhref does not know [solution]; $1 runs without it" >&2
        echo "$tmp/$1.model"
    else
        echo "$f" # the runs say what is wrong
    fi
}

run() { # run OUT ARGS...: nhref run ARGS > OUT, or a failure
    out=$1
    shift
    if "$NHREF" run "$@" -q > "$out" 2> "$out.err"; then ok; else bad "nhref run $*: $(cat "$out.err")"; fi
}

# data FILE: its data rows (the header and the rows, no '#' lines)
data() { grep -v '^#' "$1"; }

# ---------------------------------------------------------------- the re-expressed built-ins
# same BUILTIN FILE CASE ARGS...: the model file and the built-in on one case at 30 and 40
# digits, every data row identical (else within 10 tol of the built-in's 60-digit run), and
# in double as close to the 60-digit run as the built-in (see below)
same() {
    builtin=$1 file=$2 case=$3
    shift 3
    run "$tmp/r60.csv" "$builtin" "$@" --digits 60
    for d in 30 40; do
        run "$tmp/f.csv" "$file" "$@" --digits $d
        run "$tmp/b.csv" "$builtin" "$@" --digits $d
        data "$tmp/f.csv" > "$tmp/f.data"
        data "$tmp/b.csv" > "$tmp/b.data"
        if cmp -s "$tmp/f.data" "$tmp/b.data"; then
            ok
            echo "$(basename "$file") $case, $d digits: every data row printed identical to $builtin's"
            continue
        fi
        python3 - "$tmp/f.csv" "$tmp/b.csv" "$tmp/r60.csv" $d "$builtin $case, $d digits" <<'PY' && ok || bad "$file disagrees with $builtin on $case at $d digits"
import sys
from mpmath import mpf
from cl import rows, Check
a, b, z = rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[3])
assert list(a[0]) == list(b[0]), ("columns", list(a[0]), list(b[0]))
assert len(a) == len(b) == len(z) > 1, (len(a), len(b), len(z))
c = Check(int(sys.argv[4]), sys.argv[5])
for r, s, q in zip(a, b, z):
    assert r['t'] == s['t'] and mpf(r['t']) == mpf(q['t'])
    for k in r:
        c.close(r[k], s[k], q[k], k, r['t'])
c.report()
PY
    done
    run "$tmp/f.csv" "$file" "$@" --fast
    run "$tmp/b.csv" "$builtin" "$@" --fast
    python3 - "$tmp/f.csv" "$tmp/b.csv" "$tmp/r60.csv" <<'PY' && ok || bad "$file disagrees with $builtin on $case in double"
import sys
from mpmath import mpf
from cl import rows
a, b, z = rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[3])
assert list(a[0]) == list(b[0]) and len(a) == len(b) == len(z) > 1
# as close to the 60-digit values as the built-in's double run, within a factor 10, or
# within 1e-13 (mixed): an ill-conditioned column (s0 = atanh(...) of one_wheel, where its
# argument nears 1) amplifies the rounding of both runs alike
for r, s, q in zip(a, b, z):
    for k in r:
        u, w, x = mpf(r[k]), mpf(s[k]), mpf(q[k])
        if abs(u - x) > max(10 * abs(w - x), mpf('1e-13') * max(1, abs(x))):
            sys.exit("t = %s: %s = %s (model file), %s (built-in), %s (60 digits)" % (
                r['t'], k, r[k], s[k], q[k]))
PY
}

ow=$(usable one_wheel_mass)
same one_wheel "$ow" OW-1
same one_wheel "$ow" OW-2 -p m=2 -p j=0.7 -p Rn=0.15 -p Rtau=-0.25 -p i=0.01 -p h=0.2 \
    -i X=1 -i Y=-1 -i phi=0.5 -i chi=0 -i v_tau=-0.4 -i omega=2 -T 8 --dt-out 0.5
ss=$(usable suslov_servo_ode)
same suslov_servo "$ss" P1
same suslov_servo "$ss" P2 -p I13=0 -p I23=0 -p b1=0.5 -p b2=1 -p b3=0.7 -p c1=1 -p c2=-0.5 \
    -i omega1=0.3 -i omega2=-0.2 -T 12 --dt-out 1
same suslov_servo "$ss" S0 -p b1=0 -p b2=0 -p c3=0.4 -i omega1=0.7 -i omega2=0.2 -T 10
# a parameter outside the file's conditions is refused, as by the built-in
expect 2 "realizable" -- run "$ss" -p b1=0 -p b2=0 -p b3=0
expect 2 "D_positive|parallel_axis" -- run "$ow" -p j=0.001

# ---------------------------------------------------------------- the sleigh, another chart
# sleigh CASE PARAMS INIT: the built-in's case (its parameters and initial state x y phi v
# omega, as -p/-i lists), the model file from the initial state mapped in mpmath
sleigh() {
    case=$1 params=$2 init=$3
    # shellcheck disable=SC2046,SC2086
    set -- $(python3 - $params $init <<'PY'
import sys
from mpmath import mp, mpf, cos, sin
from cl import overrides
mp.dps = 80
v = overrides(sys.argv[1:])
a, x, y, phi = mpf(v['a']), mpf(v['x']), mpf(v['y']), mpf(v['phi'])
vv, om = mpf(v['v']), mpf(v['omega'])
s = lambda q: mp.nstr(q, 75)
print('-i xc=%s -i yc=%s -i phi=%s -i xc_dot=%s -i yc_dot=%s -i phi_dot=%s' % (
    s(x + a * cos(phi)), s(y + a * sin(phi)), v['phi'], s(vv * cos(phi) - a * om * sin(phi)),
    s(vv * sin(phi) + a * om * cos(phi)), v['omega']))
PY
)
    # shellcheck disable=SC2086
    { p=$(printf ' -p %s' $params); i=$(printf ' -i %s' $init); }
    # shellcheck disable=SC2086
    run "$tmp/sf.csv" "$sc" $p "$@" --digits 40 -T 10 --dt-out 0.5
    # shellcheck disable=SC2086
    run "$tmp/sb.csv" chaplygin_sleigh $p $i --digits 40 -T 10 --dt-out 0.5
    # shellcheck disable=SC2086
    run "$tmp/sz.csv" chaplygin_sleigh $p $i --digits 60 -T 10 --dt-out 0.5
    python3 - "$tmp/sf.csv" "$tmp/sb.csv" "$tmp/sz.csv" "$case" $params <<'PY' && ok || bad "sleigh_cartesian disagrees with chaplygin_sleigh on $case"
import sys
from mpmath import mpf, cos, sin
from cl import rows, Check, overrides
a, b, z = rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[3])
p = overrides(sys.argv[5:])
assert len(a) == len(b) == len(z) > 1, (len(a), len(b), len(z))
c = Check(40, 'sleigh_cartesian %s, 40 digits' % sys.argv[4])
e = lambda q: c.tol * max(1, abs(q))
al = mpf(p['a'])
for r, s, q in zip(a, b, z):
    assert r['t'] == s['t'] and mpf(r['t']) == mpf(q['t'])
    xc, yc, phi = mpf(r['xc']), mpf(r['yc']), mpf(r['phi'])
    xd, yd = mpf(r['xc_dot']), mpf(r['yc_dot'])
    for k in ('phi', 'E', 'P1', 'P2'):
        c.close(r[k], s[k], q[k], k, r['t'])
    c.close(r['phi_dot'], s['omega'], q['omega'], 'omega', r['t'])
    # mapped values: the error bound of each from its inputs' (each within tol)
    c.close(xc - al * cos(phi), s['x'], q['x'], 'x', r['t'], e(xc) + abs(al) * e(phi))
    c.close(yc - al * sin(phi), s['y'], q['y'], 'y', r['t'], e(yc) + abs(al) * e(phi))
    c.close(xd * cos(phi) + yd * sin(phi), s['v'], q['v'], 'v', r['t'],
            e(xd) + e(yd) + (abs(xd) + abs(yd)) * e(phi))
    c.small(r['blade'], 'blade', r['t'])
c.report()
PY
}
sc=$(usable sleigh_cartesian)
sleigh PUB-1 "m=2 J=30 a=1" "x=0 y=0 phi=0 v=0 omega=1"
sleigh PUB-2 "m=1.5 J=0.7 a=0.4" "x=0.3 y=-0.2 phi=0.5 v=-0.8 omega=1.3"

# ---------------------------------------------------------------- hh_particle: d'Alembert
# The decisive statement (spec §1.5): the constraint s' = q2 q1' fails the Hadamard-Hamel
# criterion, so the motion of the Lagrangian with the constraint kept (Lagrange-d'Alembert,
# what nhref derives) is hh_a_dalembert's and not hh_a_substituted's.  On each case: the two
# built-ins differ by more than 10^6 tol somewhere, the file is within 10 tol of
# hh_a_dalembert's 60-digit run everywhere, and as far from hh_a_substituted as it is.
hh=$(usable hh_particle)
hh_case() { # CASE T DT q1 q2 s q1dot q2dot
    case=$1 T=$2 dt=$3
    ini="-i q1=$4 -i q2=$5 -i s=$6 -i q1dot=$7 -i q2dot=$8"
    # shellcheck disable=SC2086
    run "$tmp/hd.csv" hh_a_dalembert $ini -T $T --dt-out $dt --digits 40
    # shellcheck disable=SC2086
    run "$tmp/hz.csv" hh_a_dalembert $ini -T $T --dt-out $dt --digits 60
    # shellcheck disable=SC2086
    run "$tmp/hs.csv" hh_a_substituted $ini -T $T --dt-out $dt --digits 40
    sdot=$(python3 -c "from mpmath import mp, mpf; mp.dps = 80; print(mp.nstr(mpf('$5') * mpf('$7'), 60))")
    run "$tmp/hf.csv" "$hh" -i q1=$4 -i q2=$5 -i s=$6 -i q1_dot=$7 -i q2_dot=$8 -i s_dot=$sdot \
        -T $T --dt-out $dt --digits 40
    python3 - "$tmp/hf.csv" "$tmp/hd.csv" "$tmp/hz.csv" "$tmp/hs.csv" "$case" "$models/hh_particle.model" <<'PY' && ok || bad "hh_particle on $case: see above"
import sys
from mpmath import mpf, mp
from cl import rows, Check, section, ev
f, d, z, s = (rows(p) for p in sys.argv[1:5])
case, path = sys.argv[5], sys.argv[6]
assert len(f) == len(d) == len(z) == len(s) > 1
c = Check(40, 'hh_particle %s vs hh_a_dalembert, 40 digits' % case)
names = (('q1', 'q1'), ('q2', 'q2'), ('s', 's'), ('q1_dot', 'q1dot'), ('q2_dot', 'q2dot'))
gap = far = mpf(0)
for r, q, w, u in zip(f, d, z, s):
    for k, kb in names:
        c.close(r[k], q[kb], w[kb], k, r['t'])
        gap = max(gap, abs(mpf(q[kb]) - mpf(u[kb])))
        far = max(far, abs(mpf(r[k]) - mpf(u[kb])))
    for k in ('E', 'p', 'c'):
        c.close(r[k], q[k], w[k], k, r['t'])
    c.small(mpf(r['s_dot']) - mpf(r['q2']) * mpf(r['q1_dot']), 's_dot - q2 q1_dot', r['t'], 10)
    c.small(r['hh'], 'the constraint residual hh', r['t'])
c.report()
if gap < 1e6 * c.tol:
    sys.exit("the built-ins hh_a_dalembert and hh_a_substituted do not differ on %s" % case)
if far < gap / 2:
    sys.exit("hh_particle is close to hh_a_substituted on %s" % case)
print("%s: hh_a_dalembert and hh_a_substituted differ by up to %s; hh_particle is %s from the "
      "second and within 10 tol of the first" % (case, mp.nstr(gap, 6), mp.nstr(far, 6)))
# the closed form of spec §1.5 as the file's [solution] writes it (branch q2_dot != 0)
sol = section(path, 'solution')
q0 = f[0]
if sol and mpf(q0['q2_dot']) != 0:
    env = {k + '_0': q0[k] for k in ('q1', 'q2', 's', 'q1_dot', 'q2_dot', 's_dot')}
    k = Check(40, 'hh_particle %s vs its [solution]' % case)
    for r in f:
        env['t'] = r['t']
        for name, expr in sol.items():
            k.close(r[name], None, ev(expr, env), name, r['t'])
    print("%s: every state value within %s tol of the [solution] (mpmath)" % (
        case, mp.nstr(k.worst['model file'], 2)))
PY
}
hh_case HH-1 6 0.5 0 0.5 0 1 0.3
hh_case HH-2 3 0.25 0 1 0 2 0

# ---------------------------------------------------------------- the knife edge: closed form
ke=$(usable knife_edge_incline)
# knife CASE ARGS...: 40 digits and --rigorous against the [solution] in mpmath, E and
# u_shift conserved, the blade residual below the tolerance
knife() {
    case=$1
    shift
    run "$tmp/kf.csv" "$ke" "$@" --digits 40 -T 10 --dt-out 0.5
    run "$tmp/kr.csv" "$ke" "$@" --digits 30 -T 10 --dt-out 0.5 --rigorous
    python3 - "$tmp/kf.csv" "$tmp/kr.csv" "$models/knife_edge_incline.model" "$case" "$@" <<'PY' && ok || bad "knife_edge_incline $case disagrees with its closed form"
import sys
from mpmath import mp, mpf
from cl import rows, Check, section, ev, values, overrides
mp.dps = 80
f, rig, path, case = rows(sys.argv[1]), rows(sys.argv[2]), sys.argv[3], sys.argv[4]
sol = section(path, 'solution')
assert set(sol) == {'x', 'y', 'phi', 'x_dot', 'y_dot', 'phi_dot'}, sorted(sol)
env = values(path, overrides(sys.argv[5:]))
c = Check(40, 'knife_edge_incline %s, 40 digits' % case)
E0, U0 = f[0]['E'], f[0]['u_shift']
for r in f:
    env['t'] = r['t']
    for k, expr in sol.items():
        c.close(r[k], None, ev(expr, env), k, r['t'])
    c.close(r['E'], None, E0, 'E', r['t'])
    c.close(r['u_shift'], None, U0, 'u_shift', r['t'])
    c.small(r['blade'], 'blade', r['t'])
ulp = mpf(10) ** -60
for r in rig:
    env['t'] = r['t']
    for k, expr in sol.items():
        want = ev(expr, env)
        if abs(mpf(r[k]) - want) > mpf(r[k + '_rad']) + ulp * max(1, abs(want)):
            sys.exit("%s --rigorous: t = %s: %s = %s +- %s misses the closed form %s" % (
                case, r['t'], k, r[k], r[k + '_rad'], mp.nstr(want, 35)))
print("knife_edge_incline %s: %d values within %s tol of the closed form at 40 digits; "
      "every --rigorous ball (30 digits) contains it" % (case, c.total,
                                                         mp.nstr(c.worst['model file'], 2)))
PY
}
knife default
# a generic case: another incline, a heading not along the slope, turning clockwise; the
# initial velocities on the blade, u0 (cos phi0, sin phi0), to 70 digits
# shellcheck disable=SC2046
set -- $(python3 -c "
from mpmath import mp, mpf, cos, sin
mp.dps = 80
u, p = mpf('1.3'), mpf('0.4')
print(mp.nstr(u * cos(p), 70), mp.nstr(u * sin(p), 70))")
knife generic -p m=2 -p J=0.5 -p alpha=0.3 -i x=0.2 -i y=-0.1 -i phi=0.4 -i x_dot="$1" \
    -i y_dot="$2" -i phi_dot=-1.5

# ---------------------------------------------------------------- the roller racer
rr=$(usable roller_racer)
run "$tmp/rt.csv" "$rr" --digits 30 -T 10 --dt-out 0.5
run "$tmp/rg.csv" "$rr" --digits 30 -T 10 --dt-out 0.5 --scheme gauss
python3 - "$tmp/rt.csv" "$tmp/rg.csv" <<'PY' && ok || bad "roller_racer: energy, constraints or schemes"
import sys
from mpmath import mpf
from cl import rows, Check
t, g = rows(sys.argv[1]), rows(sys.argv[2])
assert len(t) == len(g) == 21
c = Check(30, 'roller_racer, passive, 30 digits')
# E(0) by hand: m/2 x_dot^2 + I1/2 theta_dot^2 + I2/2 (theta_dot + phi_dot)^2
E0 = mpf('0.5') + mpf('0.1') * mpf('0.0625') + mpf('0.025') * mpf('0.25')
for r, s in zip(t, g):
    c.close(r['E'], None, E0, 'E', r['t'])
    c.small(r['front'], 'front', r['t'])
    c.small(r['rear'], 'rear', r['t'])
    for k in r:
        if k not in ('front', 'rear'):
            c.close(s[k], None, r[k], k + ' (gauss vs taylor)', r['t'])
print("roller_racer passive: E = %s to 10 tol, |front|, |rear| <= tol, gauss = taylor to 10 tol "
      "over 10 s" % t[0]['E'])
PY
# driven: the energy gained is the work of the hinge torque A sin(Omega t) over [0, T],
# by 192-point Gauss-Legendre quadrature of the power A sin(Omega t) phi_dot(t)
times=$(python3 -c "
from mpmath import mp
from mpmath.calculus.quadrature import GaussLegendre
mp.dps = 60
n = sorted(x for x, w in GaussLegendre(mp).calc_nodes(7, mp.prec))
print(','.join(['0'] + [mp.nstr(2 * (x + 1), 50) for x in n] + ['4']))")
run "$tmp/rd.csv" "$rr" -p A=0.5 -p Omega=2 --digits 40 --times "$times"
python3 - "$tmp/rd.csv" <<'PY' && ok || bad "roller_racer driven: energy gained != work of the torque"
import sys
from mpmath import mp, mpf, sin
from mpmath.calculus.quadrature import GaussLegendre
from cl import rows, Check
mp.dps = 60
f = rows(sys.argv[1])
nodes = sorted(GaussLegendre(mp).calc_nodes(7, mp.prec))
assert len(f) == len(nodes) + 2
A, Om = mpf('0.5'), mpf(2)
work = sum(2 * w * A * sin(Om * mpf(r['t'])) * mpf(r['phi_dot']) for (x, w), r in zip(nodes, f[1:-1]))
gain = mpf(f[-1]['E']) - mpf(f[0]['E'])
c = Check(40, 'roller_racer driven')
for r in f:
    c.small(r['front'], 'front', r['t'])
    c.small(r['rear'], 'rear', r['t'])
if abs(gain) < mpf('1e-3') or abs(gain - work) > mpf('1e-25'):
    sys.exit("E(4) - E(0) = %s, work of the torque %s" % (mp.nstr(gain, 30), mp.nstr(work, 30)))
print("roller_racer driven (A = 0.5, Omega = 2): E(4) - E(0) = %s = the work of the torque "
      "to %s" % (mp.nstr(gain, 20), mp.nstr(abs(gain - work), 3)))
PY

# ---------------------------------------------------------------- a state computed in double
# sleigh_cartesian at phi = 0.3, v = 0.5, omega = 1: xc' = v cos phi - a omega sin phi and
# yc' = v sin phi + a omega cos phi computed in double and printed to 17 digits (Python's
# repr).  The blade residual of those decimals, -xc' sin phi + yc' cos phi - a phi', is
# evaluated here in mpmath from the model's constraint: about 1e-16, the rounding of double
# data.  --fast integrates double data and takes them (as nhref_integrator_new_d and
# nhref.ensemble do); the MPFR run refuses them and its message gives that residual; a
# state off by about 1e-8 (xc' to 6 digits) is refused by --fast as well.
xd=0.18214803790146344 yd=1.1030965924562757 xd6=0.182148
resid() {
    python3 -c 'import sys; from mpmath import mp, mpf, sin, cos; mp.dps = 50
phi = mpf("0.3"); r = -mpf(sys.argv[1]) * sin(phi) + mpf(sys.argv[2]) * cos(phi) - 1
print(mp.nstr(r, 17))' "$1" "$2"
}
r=$(resid $xd $yd)
r6=$(resid $xd6 $yd)
python3 -c "import sys; r = abs(float('$r')); sys.exit(not (1e-17 < r < 1e-15))" && ok || bad "the double state's residual is $r, not about 1e-16"
dstate="-i phi=0.3 -i xc_dot=$xd -i yc_dot=$yd"
# shellcheck disable=SC2086
"$NHREF" run "$sc" $dstate -T 1 --fast -q -o "$tmp/dfast.csv" 2> "$tmp/err" && ok || bad "run --fast refused the double state: $(cat "$tmp/err")"
# shellcheck disable=SC2086
"$NHREF" lyapunov "$sc" $dstate --times 1 --fast -q -o "$tmp/dly.csv" 2> "$tmp/err" && ok || bad "lyapunov --fast refused the double state: $(cat "$tmp/err")"
# said FILE PREFIX R: FILE's message is PREFIX "the initial velocities are off the
# constraint blade: its residual is X, beyond the tolerance ...", X = R to 6 digits
said() {
    python3 - "$@" <<'PY'
import re, sys
from mpmath import mpf
msg = open(sys.argv[1]).read()
m = re.match(re.escape(sys.argv[2]) + r"the initial velocities are off the constraint blade: "
             r"its residual is (\S+), beyond the tolerance ", msg)
assert m, msg
assert abs(mpf(m.group(1)) - mpf(sys.argv[3])) <= mpf('1e-5') * abs(mpf(sys.argv[3])), m.group(1)
PY
}
# shellcheck disable=SC2086
if "$NHREF" run "$sc" $dstate -T 1 -q -o "$tmp/dmp.csv" 2> "$tmp/err"; then
    bad "the MPFR run took the double state"
else
    said "$tmp/err" "nhref run: the initial state is not admissible: " "$r" && ok || bad "the MPFR run's refusal: $(cat "$tmp/err") (residual $r)"
fi
[ ! -e "$tmp/dmp.csv" ] && ok || bad "the refused MPFR run wrote its output"
if "$NHREF" run "$sc" -i phi=0.3 -i xc_dot=$xd6 -i yc_dot=$yd -T 1 --fast -q -o /dev/null 2> "$tmp/err"; then
    bad "run --fast took a state off the constraint by $r6"
else
    said "$tmp/err" "nhref run: the initial state rounded to double is not admissible: " "$r6" && ok || bad "run --fast's refusal of a state off by $r6: $(cat "$tmp/err")"
fi

summary model_classics

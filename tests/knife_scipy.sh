#!/bin/sh
# knife_scipy.sh -- `nhref verify` judges a SciPy integration of the knife edge on the
# incline against its model file (issue 24, "done when"): solve_ivp (DOP853) on the
# reduced equations u' = g sin(alpha) cos(phi), phi'' = 0, x' = u cos(phi), y' = u sin(phi)
# (docs/models/knife_edge_incline.md §3), written in the file's chart (x, y, phi, x_dot,
# y_dot, phi_dot), passes at its own accuracy; the same with gravity's sign flipped fails.
# Expected values: the verdicts (the reference is the model file, integrated by nhref).
. "$(dirname "$0")/testlib.sh"
py=${PYTHON:-python3} # configure's Python with numpy (CI: Debian's python3-scipy)
"$py" -c 'import scipy' 2>/dev/null || { echo "SKIP: no scipy for $py"; exit 77; }
model=$top_srcdir/data/models/knife_edge_incline.model

scipy_run() { # scipy_run SIGN OUT: the default case to t = 5, every 0.5 s
    "$py" - "$1" "$2" <<'PY'
import sys
import numpy as np
from scipy.integrate import solve_ivp
sign, out = float(sys.argv[1]), sys.argv[2]
g, alpha = 9.81, np.pi / 6
def f(t, s):
    x, y, phi, u, w = s
    return [u * np.cos(phi), u * np.sin(phi), w, sign * g * np.sin(alpha) * np.cos(phi), 0.0]
t = np.arange(0, 5.0001, 0.5)
r = solve_ivp(f, (0, 5), [0, 0, 0, 1, 2], method='DOP853', t_eval=t, rtol=1e-12, atol=1e-12)
x, y, phi, u, w = r.y
with open(out, 'w') as fh:
    fh.write('t,x,y,phi,x_dot,y_dot,phi_dot\n')
    for i in range(len(t)):
        fh.write('%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n' % (t[i], x[i], y[i], phi[i],
                 u[i] * np.cos(phi[i]), u[i] * np.sin(phi[i]), w[i]))
PY
}
scipy_run 1 "$tmp/good.csv" && ok || bad "scipy run"
scipy_run -1 "$tmp/wrong.csv" && ok || bad "scipy run (wrong sign)"
expect 0 "^PASS: minimum 1[0-9]\.[0-9]+ digits" -- verify "$tmp/good.csv" "$model" --min-digits 9
expect 1 "^FAIL" -- verify "$tmp/wrong.csv" "$model" --min-digits 9
# the closed form ([solution]) checks the reference itself
expect 0 "reference checked against the closed form to [3-9][0-9]\.[0-9]+ digits" -- verify "$tmp/good.csv" "$model"
# and against the golden file certified from the model file
expect 0 "PASS" -- verify "$tmp/good.csv" --golden "$top_srcdir/data/golden/knife_edge_incline/knife_edge_incline.csv" --min-digits 9
summary knife_scipy

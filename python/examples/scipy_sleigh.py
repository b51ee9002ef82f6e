#!/usr/bin/env python3
"""scipy_sleigh.py -- validate a SciPy solve_ivp integration of the Chaplygin
sleigh with nhref.

The equations of motion are derived here independently of nhref, with SymPy's
mechanics module (Kane's method with a nonholonomic constraint): a rigid body of
mass m and moment of inertia J about its centre of mass G slides on a plane on a
knife edge at the contact point P = (x, y), which cannot move sideways; G lies at
distance a from P along the blade, at angle phi.  The speeds are v (of P along the
blade) and omega = phi'.  SciPy's DOP853 integrates them in double, and
nhref.verify judges every column against nhref's 30-digit reference.

    python3 scipy_sleigh.py [RTOL]          (default 1e-12)

Exit status: 0 if the integration agrees with nhref's reference to the digits
its tolerance promises (nhref.testing.assert_trajectory), 1 if not, 77 if SciPy
or SymPy is missing (`make check` counts that as skipped).
"""
import os
import sys

try:
    import numpy as np
    import sympy as sm
    import sympy.physics.mechanics as me
    from scipy.integrate import solve_ivp
except ImportError as e:
    print("SKIP: %s (Debian: python3-scipy, python3-sympy, python3-numpy)" % e)
    sys.exit(77)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import nhref  # noqa: E402
import nhref.testing  # noqa: E402


def sleigh_equations():
    """Kane's equations of the sleigh: returns (q, u, p, rhs) with rhs(q, u, p)
    the time derivatives of (x, y, phi, v, omega) as SymPy expressions."""
    x, y, phi = me.dynamicsymbols("x y phi")
    v, w, s = me.dynamicsymbols("v omega s")  # s: the sideways speed of P, held at 0
    m, J, a = sm.symbols("m J a", positive=True)
    N = me.ReferenceFrame("N")
    B = N.orientnew("B", "Axis", (phi, N.z))
    O = me.Point("O")
    P = O.locatenew("P", x * N.x + y * N.y)
    G = P.locatenew("G", a * B.x)
    O.set_vel(N, 0)
    # speeds: P moves with v along the blade B.x and s across it; the body turns at omega
    P.set_vel(N, v * B.x + s * B.y)
    B.set_ang_vel(N, w * N.z)
    G.v2pt_theory(P, N, B)
    kd = [x.diff() - (v * sm.cos(phi) - s * sm.sin(phi)),
          y.diff() - (v * sm.sin(phi) + s * sm.cos(phi)),
          phi.diff() - w]
    body = me.RigidBody("sleigh", G, B, m, (me.inertia(B, 0, 0, J), G))
    kane = me.KanesMethod(N, q_ind=[x, y, phi], u_ind=[v, w], kd_eqs=kd, u_dependent=[s],
                          velocity_constraints=[s])
    fr, frstar = kane.kanes_equations([body], [])
    udot = kane.mass_matrix.LUsolve(kane.forcing)  # (v', omega', s'), taken at s = 0
    qdot = kane.kindiffdict()
    subs = {s: 0}
    rhs = [qdot[x.diff()].subs(subs), qdot[y.diff()].subs(subs), qdot[phi.diff()].subs(subs),
           sm.simplify(udot[0].subs(subs)), sm.simplify(udot[1].subs(subs))]
    return (x, y, phi), (v, w), (m, J, a), rhs


def main():
    rtol = float(sys.argv[1]) if len(sys.argv) > 1 else 1e-12
    q, u, p, rhs = sleigh_equations()
    print("SymPy (Kane's method):")
    for name, e in zip(["x'", "y'", "phi'", "v'", "omega'"], rhs):
        print("  %-6s = %s" % (name, e))
    params = {"m": "2", "J": "30", "a": "1"}  # the paper's Figure 2 case (PUB-1)
    f = sm.lambdify([*q, *u, *p], rhs, "numpy")
    pv = [float(params[k]) for k in ("m", "J", "a")]
    sol = solve_ivp(lambda t, z: f(*z, *pv), (0, 10), [0, 0, 0, 0, 1], method="DOP853",
                    rtol=rtol, atol=rtol, t_eval=np.linspace(0, 10, 101))
    if not sol.success:
        print("solve_ivp failed: %s" % sol.message)
        return 1
    data = {"t": sol.t, "x": sol.y[0], "y": sol.y[1], "phi": sol.y[2], "v": sol.y[3],
            "omega": sol.y[4]}
    # DOP853 at rtol = 1e-12 keeps about 10 digits over t in [0, 10]; ask for 2 fewer
    # than -log10(rtol)
    min_digits = max(1, -np.log10(rtol) - 2)
    try:
        rep = nhref.testing.assert_trajectory(data, "chaplygin_sleigh", params=params,
                                              min_digits=min_digits)
    except AssertionError as e:
        print(e)
        return 1
    print("\nnhref.verify against chaplygin_sleigh (%s):" % ", ".join(
        "%s = %s" % kv for kv in params.items()))
    print(rep)
    return 0


if __name__ == "__main__":
    sys.exit(main())

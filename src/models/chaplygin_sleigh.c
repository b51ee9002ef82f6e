/* chaplygin_sleigh.c -- the Chaplygin sleigh: a rigid body on a horizontal plane
 * with a knife edge at A that forbids sideways sliding of A.
 *
 * Spec: shared/models/chaplygin-sleigh.md.  Equations (spec §3.1):
 *   x' = v cos phi,  y' = v sin phi,  phi' = omega,
 *   v' = a omega^2,  omega' = -(m a / IA) v omega,   IA = J + m a^2.
 * First integrals (spec §4): E, P1, P2 (always), t0 (a != 0, omega != 0).
 * Source: M. Čech and J. Musilová, "Symmetries and currents of the Chaplygin
 * sleigh" (seed 002), §4, eqs. (1.17)–(1.19), (1.22).
 */
#include <stdio.h>

#include "models/build.h"
#include "nhref_model.h"

enum { X, Y, PHI, V, OMEGA, NSTATE };
enum { M, J, A, NPARAM };
enum { E, P1, P2, T0, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"x", "m", "X-coordinate of the blade contact point A", "0"},
    {"y", "m", "Y-coordinate of the blade contact point A", "0"},
    {"phi", "rad", "heading of the body axis A->C from the X axis (unwrapped)", "0"},
    {"v", "m/s", "signed speed of A along the body axis e1", "0"},
    {"omega", "rad/s", "angular velocity phi'", "1"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "mass of the sleigh", "2", "m > 0"},
    {"J", "kg m^2", "moment of inertia about the vertical axis through the centre of mass C",
     "30", "J >= 0, and J + m a^2 > 0"},
    {"a", "m", "signed distance from A to C along the body axis", "1",
     "any real, but J = 0 and a = 0 not together"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy (m v^2 + IA omega^2)/2, IA = J + m a^2 the moment of inertia about A",
     "always"},
    {"P1", "kg m/s",
     "rotating momentum Re m (v + i rho omega) exp(i a phi/rho), rho = sqrt(IA/m) the radius "
     "of gyration about A",
     "always"},
    {"P2", "kg m/s", "rotating momentum Im m (v + i rho omega) exp(i a phi/rho)", "always"},
    {"t0", "s",
     "time shift t - (rho^2/(a c)) asinh(v/(rho |omega|)), c = sqrt(2E/m) (= t - (rho^2/(a c)) "
     "artanh(v/c), which cancels as |omega| -> 0)",
     "a != 0 and omega != 0 (NaN elsewhere)"},
};

/* spec §1: m > 0, J >= 0, not J = a = 0 (the omega equation would read 0 = 0) */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    if (mpfr_sgn(p + M) <= 0) {
        snprintf(why, len, "parameter m must be > 0 (admissible range: m > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + J) < 0) {
        snprintf(why, len, "parameter J must be >= 0 (admissible range: J >= 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_zero_p(p + J) && mpfr_zero_p(p + A)) {
        snprintf(why, len,
                 "parameters J = 0 and a = 0 together make IA = J + m a^2 = 0: the model is "
                 "ill-posed (admissible: J > 0 or a != 0)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

/* IA = J + m a^2, the moment of inertia about the blade point A */
static nhref_node_t inertia_about_a(nhref_tape_t *tp)
{
    nhref_node_t m = PARAM(M), a = PARAM(A);
    return ADD(PARAM(J), MUL(m, SQR(a)));
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v = STATE(V);
    nhref_node_t omega = STATE(OMEGA);
    nhref_node_t m = PARAM(M), a = PARAM(A);
    nhref_node_t g = DIV(MUL(m, a), inertia_about_a(tp));

    OUT(X, MUL(v, COS(phi)));
    OUT(Y, MUL(v, SIN(phi)));
    OUT(PHI, omega);
    OUT(V, MUL(a, SQR(omega)));
    OUT(OMEGA, NEG(MUL(g, MUL(v, omega))));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t t = TIME();
    nhref_node_t phi = STATE(PHI), v = STATE(V);
    nhref_node_t omega = STATE(OMEGA);
    nhref_node_t m = PARAM(M), a = PARAM(A);
    nhref_node_t ia = inertia_about_a(tp);
    nhref_node_t rho2 = DIV(ia, m), rho = SQRT(rho2);
    nhref_node_t half = CONST("0.5");
    nhref_node_t v2 = SQR(v), w2 = SQR(omega);
    nhref_node_t th = DIV(MUL(a, phi), rho);
    nhref_node_t rw = MUL(rho, omega);
    nhref_node_t rw2 = MUL(rho2, w2);
    nhref_node_t c = SQRT(ADD(v2, rw2));
    nhref_node_t cos_th = COS(th), sin_th = SIN(th);
    nhref_node_t one = CONST("1"), tau;

    /* E = (m v^2 + IA omega^2) / 2 */
    OUT(E, MUL(half, ADD(MUL(m, v2), MUL(ia, w2))));
    /* P1 + i P2 = m (v + i rho omega) exp(i a phi / rho) */
    OUT(P1, MUL(m, SUB(MUL(v, cos_th), MUL(rw, sin_th))));
    OUT(P2, MUL(m, ADD(MUL(v, sin_th), MUL(rw, cos_th))));
    /* t0 = t - (rho^2 / (a c)) tau, tau = asinh(v / w), w = rho |omega| (spec §4: the
     * artanh(v/c) form loses every digit as |omega| -> 0, 1 - v/c ~ w^2 / 2c^2).  The
     * tape has no asinh, so tau = ln((c + v)/w) is written without cancellation for
     * either sign of v: with p = max(v, 0), n = max(-v, 0) (|v| = sqrt(v^2) exactly, so
     * one of them is exactly 0) and K = (1 + |v| / (c + w)) / w,
     *     tau = ln((1 + p K) / (1 + n K)),
     * since c + |v| = w (1 + |v| K) (c - w = v^2 / (c + w)) and c - |v| = w^2 / (c + |v|).
     * Every term is positive: no subtraction of nearly equal numbers, and tau = 0 at
     * v = 0 exactly.  w = 0 (omega = 0) or a = 0 give NaN, as documented. */
    {
        nhref_node_t av = SQRT(v2), w = SQRT(rw2), half_ = half;
        nhref_node_t pos = MUL(half_, ADD(av, v)), neg = MUL(half_, SUB(av, v));
        nhref_node_t K = DIV(ADD(one, DIV(av, ADD(c, w))), w);
        tau = LOG(DIV(ADD(one, MUL(pos, K)), ADD(one, MUL(neg, K))));
    }
    OUT(T0, SUB(t, MUL(DIV(rho2, MUL(a, c)), tau)));
    return nhref_tape_status(tp);
}

/* The charts a trajectory may be written in (nhref_verify_set_chart).
 * com:       the centre of mass C = A + a e1 (spec §1) in place of A.
 * cartesian: the velocity of A in the plane, (vx, vy) = v (cos phi, sin phi) (spec §1,
 *            the link to the paper's variables), in place of v: v = vx cos phi + vy sin phi
 *            (the projection on e1; the constraint makes the e2 part zero).
 * momenta:   the momenta conjugate to v and omega of the constrained Lagrangian
 *            Lbar = (m/2) v^2 + (IA/2) omega^2 (spec §2; the potential is zero):
 *            p_v = dLbar/dv = m v, p_omega = dLbar/domega = IA omega, IA = J + m a^2. */
static const char *const chart_com[] = {"x = xc - a*cos(phi)", "y = yc - a*sin(phi)", NULL};
static const char *const chart_cartesian[] = {"v = vx*cos(phi) + vy*sin(phi)", NULL};
static const char *const chart_momenta[] = {"v = p_v/m", "omega = p_omega/(J + m*a^2)", NULL};

static const nhref_chart_desc_t chart[] = {
    {"com", "the centre of mass C = A + a e1 in place of the blade point A",
     "xc, yc, phi, v, omega", chart_com},
    {"cartesian", "the velocity of A in the plane, (vx, vy) = v (cos phi, sin phi), in place of v",
     "x, y, phi, vx, vy, omega", chart_cartesian},
    {"momenta",
     "the momenta conjugate to v and omega, p_v = m v and p_omega = (J + m a^2) omega "
     "(Lbar = m v^2/2 + IA omega^2/2, spec §2)",
     "x, y, phi, p_v, p_omega", chart_momenta},
};

const nhref_model_t nhref_model_chaplygin_sleigh = {
    .name = "chaplygin_sleigh",
    .title = "Chaplygin sleigh: rigid body with a knife edge on a plane (tanh law)",
    .source = "M. Čech and J. Musilová, the Chaplygin-sleigh example (§4, eqs. (1.17)-(1.19), "
              "(1.22)) of their report on nonholonomic symmetries and currents, DGDS 2014 "
              "(full version: Symmetries and currents in nonholonomic mechanics, Commun. Math., "
              "2014); spec §3.1",
    .spec = "docs/models/chaplygin-sleigh.md",
    .description =
        "A rigid body of mass m moves without friction on a horizontal plane, touching it "
        "through a knife edge at A, which cannot slide sideways.  C = A + a e1 is the centre "
        "of mass, J the moment of inertia about C, e1 the unit vector from A towards C.  The "
        "paper's k = sqrt(1 + J/(m a^2)).  The (v, omega) equations form a closed "
        "planar system (the reduced system); x, y and phi follow by quadrature.  Default: the "
        "paper's Figure 2 (m = 2, J = 30, a = 1, so k = 4; omega0 = 1).",
    .closed_form = "v, omega, phi in closed form for all data (tanh law, spec §5.1: branches "
                   "omega0 = 0, a = 0 and general, including J = 0, a < 0, v0 = 0); x, y by "
                   "Gauss-Legendre quadrature of v e^{i phi} (spec §5.3)",
    .nstate = NSTATE,
    .state = state,
    .nparam = NPARAM,
    .param = param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "10",
    .default_dt_out = "1",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .nchart = sizeof chart / sizeof chart[0],
    .chart = chart,
};

/* cbcat.c -- model CBCAT: the dynamically balanced ("Chaplygin") ball of radius
 * r, any principal moments, with the cat's-toy mechanism about the principal
 * axis E3 (V = 0); gravity drops out.
 *
 * Spec: shared/models/affine-rolling.md §4, the explicit right-hand side
 * (4.1)-(4.2); first integrals |M|^2, <M,gamma>, |gamma|^2 and, on the invariant
 * set M = lambda gamma, f(gamma) of §4.
 * Source: Costa Villegas & García-Naranjo (seed 001), §3.1, eq. (3.6), §3.1.1.
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, GA1, GA2, GA3, NSTATE };
enum { PM, PI1, PI2, PI3, PR, PSIGMA, NPARAM };
enum { MSQ, M_GAMMA, GA2M1, F_PAR, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point (1.2), body frame", "100"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "-160"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "120"},
    {"gamma1", "1", "the vertical e3 in the body frame", "0"},
    {"gamma2", "1", "the vertical e3 in the body frame", "0.6"},
    {"gamma3", "1", "the vertical e3 in the body frame", "0.8"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass", "1", "m > 0"},
    {"I1", "kg m^2", "principal moment of inertia about the centre, E1", "0.5", "I1 > 0"},
    {"I2", "kg m^2", "principal moment of inertia about the centre, E2", "2.5", "I2 > 0"},
    {"I3", "kg m^2", "principal moment of inertia about the centre, E3 (the toy axis)", "3",
     "I3 > 0"},
    {"r", "m", "radius of the ball", "5", "r > 0"},
    {"sigma", "rad/s", "cat's-toy spin rate about E3", "10", "any"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"M_norm2", "kg^2 m^4/s^2", "|M|^2", "always"},
    {"M_gamma", "kg m^2/s", "<M, gamma>", "always"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
    {"f", "1", "|X(gamma3)|^(-m r^2/I3) / sqrt(1 - m r^2 <gamma, A gamma>), X = lambda (I3 + m "
     "r^2) + m r^2 sigma I3 gamma3, lambda = <M,gamma>, A = diag(1/(I_i + m r^2)) (spec §4)",
     "on the invariant set M = lambda gamma with eps = |M|/(m r^2 |sigma|) > I3/(I3 + m r^2)"},
};

static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const size_t pos[] = {PM, PI1, PI2, PI3, PR};
    static const char *const names[] = {"m", "I1", "I2", "I3", "r"};
    return nhref_aff_check_positive(p, pos, names, 5, why, len);
}

static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    (void)p;
    return nhref_aff_check_dot(x + GA1, x + GA1, 1, "|gamma|^2", why, len);
}

/* (4.1): Omega from (M, gamma) */
static nhref_v3_t cbcat_omega(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t g, nhref_node_t *D)
{
    nhref_node_t m = PARAM(PM), r = PARAM(PR);
    nhref_node_t mr2 = MUL(m, SQR(r)), one = CONST("1");
    nhref_node_t k = MUL(mr2, PARAM(PSIGMA)), lambda;
    nhref_v3_t a, zeta, N, ag;

    /* a_i = 1/(I_i + m r^2) (constants) */
    for (int i = 0; i < 3; i++)
        a.c[i] = DIV(one, ADD(PARAM(PI1 + (size_t)i), mr2));
    /* zeta = m r^2 sigma (g1 g3, g2 g3, g3^2 - |g|^2) */
    zeta =
        VSCALE(k, V3(MUL(g.c[0], g.c[2]), MUL(g.c[1], g.c[2]), NEG(ADD(SQR(g.c[0]), SQR(g.c[1])))));
    N = VADD(M, zeta);
    ag = DIAG(a, g);
    /* D = 1 - m r^2 (a1 g1^2 + a2 g2^2 + a3 g3^2), lambda* = m r^2 <a g, N> / D */
    *D = SUB(one, MUL(mr2, DOT(ag, g)));
    lambda = DIV(MUL(mr2, DOT(ag, N)), *D);
    return VADD(DIAG(a, N), VSCALE(lambda, ag));
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_v3_t M = STATES3(M1), g = STATES3(GA1), omega;
    nhref_node_t D;

    omega = cbcat_omega(tp, M, g, &D);
    OUT3(M1, CROSS(M, omega)); /* (4.2) */
    OUT3(GA1, CROSS(g, omega));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_v3_t M = STATES3(M1), g = STATES3(GA1);
    nhref_node_t m = PARAM(PM), r = PARAM(PR);
    nhref_node_t i3 = PARAM(PI3), sigma = PARAM(PSIGMA);
    nhref_node_t mr2 = MUL(m, SQR(r)), D, X, lambda, f;

    (void)cbcat_omega(tp, M, g, &D);
    lambda = DOT(M, g);
    /* X = lambda (I3 + m r^2) + m r^2 sigma I3 gamma3 */
    X = ADD(MUL(lambda, ADD(i3, mr2)), MUL(MUL(mr2, MUL(sigma, i3)), g.c[2]));
    /* f = exp(-(m r^2/I3) log|X|) / sqrt(D), log|X| = log(X^2)/2 */
    f = EXP(NEG(MUL(MUL(CONST("0.5"), DIV(mr2, i3)), LOG(SQR(X)))));
    f = DIV(f, SQRT(D));
    OUT(MSQ, DOT(M, M));
    OUT(M_GAMMA, lambda);
    OUT(GA2M1, SUB(DOT(g, g), CONST("1")));
    OUT(F_PAR, f);
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_cbcat = {
    .name = "cbcat",
    .title = "Chaplygin ball with the cat's-toy mechanism (reduced (M, gamma) equations)",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), §3.1, eq. (3.6); spec §4 eq. (4.1)-(4.2)",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "A light spherical shell of radius r contains a rigid body whose mass centre is at "
        "the shell's centre (principal moments I1, I2, I3); a motor spins body and shell "
        "relative to each other at the rate sigma about the principal axis E3.  The ball "
        "rolls without slipping; M' = M x Omega, gamma' = gamma x Omega with Omega from "
        "(4.1).  |M|^2 and <M,gamma> are conserved; no energy integral and no known invariant "
        "measure.  On M = lambda gamma the motion is periodic (eps > I3/(I3 + m r^2), first "
        "integral f) or, on the parallel gamma3 = c*, a uniform rotation (4.3), available as "
        "a closed form in the oracle.  Initial states need |gamma| = 1 within "
        "max(1e-20, 2^(16-prec)).  Default: spec §11 P1 (the paper's Fig. 6 parameters).  "
        "Notation (docs/models/affine-rolling.md §1): Omega is the body angular velocity "
        "(from M by (1.3)), rho = rho(gamma) the vector from C to the contact point, <.,.> "
        "and x the dot and cross products.",
    .closed_form = "parallel solution (4.3) for M = lambda gamma on gamma3 = c* "
                   "(nhref_oracle_affine_cbcat_parallel; not in the registry: it covers "
                   "only those initial states)",
    .nstate = NSTATE,
    .state = state,
    .nparam = NPARAM,
    .param = param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "5",
    .default_dt_out = "0.5",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
};

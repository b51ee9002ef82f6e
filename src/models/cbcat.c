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

#include "affine_rolling.h"
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
    return aff_check_positive(p, pos, names, 5, why, len);
}

static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    (void)p;
    return aff_check_dot(x + GA1, x + GA1, 1, "|gamma|^2", why, len);
}

/* (4.1): Omega from (M, gamma) */
static aff_v3 cbcat_omega(nhref_tape_t *tp, aff_v3 M, aff_v3 g, nhref_node_t *D)
{
    nhref_node_t m = nhref_tape_param(tp, PM), r = nhref_tape_param(tp, PR);
    nhref_node_t mr2 = nhref_tape_mul(tp, m, nhref_tape_sqr(tp, r)), one = nhref_tape_const(tp, "1");
    nhref_node_t k = nhref_tape_mul(tp, mr2, nhref_tape_param(tp, PSIGMA)), lambda;
    aff_v3 a, zeta, N, ag;

    /* a_i = 1/(I_i + m r^2) (constants) */
    for (int i = 0; i < 3; i++)
        a.c[i] = nhref_tape_div(tp, one, nhref_tape_add(tp, nhref_tape_param(tp, PI1 + (size_t)i), mr2));
    /* zeta = m r^2 sigma (g1 g3, g2 g3, g3^2 - |g|^2) */
    zeta = aff_vscale(tp, k, aff_vec(nhref_tape_mul(tp, g.c[0], g.c[2]), nhref_tape_mul(tp, g.c[1], g.c[2]),
                                     nhref_tape_neg(tp, nhref_tape_add(tp, nhref_tape_sqr(tp, g.c[0]),
                                                                       nhref_tape_sqr(tp, g.c[1])))));
    N = aff_vadd(tp, M, zeta);
    ag = aff_diag(tp, a, g);
    /* D = 1 - m r^2 (a1 g1^2 + a2 g2^2 + a3 g3^2), lambda* = m r^2 <a g, N> / D */
    *D = nhref_tape_sub(tp, one, nhref_tape_mul(tp, mr2, aff_dot(tp, ag, g)));
    lambda = nhref_tape_div(tp, nhref_tape_mul(tp, mr2, aff_dot(tp, ag, N)), *D);
    return aff_vadd(tp, aff_diag(tp, a, N), aff_vscale(tp, lambda, ag));
}

static int build_rhs(nhref_tape_t *tp)
{
    aff_v3 M = aff_states(tp, M1), g = aff_states(tp, GA1), omega;
    nhref_node_t D;

    omega = cbcat_omega(tp, M, g, &D);
    aff_set_outputs(tp, M1, aff_cross(tp, M, omega)); /* (4.2) */
    aff_set_outputs(tp, GA1, aff_cross(tp, g, omega));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    aff_v3 M = aff_states(tp, M1), g = aff_states(tp, GA1);
    nhref_node_t m = nhref_tape_param(tp, PM), r = nhref_tape_param(tp, PR);
    nhref_node_t i3 = nhref_tape_param(tp, PI3), sigma = nhref_tape_param(tp, PSIGMA);
    nhref_node_t mr2 = nhref_tape_mul(tp, m, nhref_tape_sqr(tp, r)), D, X, lambda, f;

    (void)cbcat_omega(tp, M, g, &D);
    lambda = aff_dot(tp, M, g);
    /* X = lambda (I3 + m r^2) + m r^2 sigma I3 gamma3 */
    X = nhref_tape_add(tp, nhref_tape_mul(tp, lambda, nhref_tape_add(tp, i3, mr2)),
                       nhref_tape_mul(tp, nhref_tape_mul(tp, mr2, nhref_tape_mul(tp, sigma, i3)), g.c[2]));
    /* f = exp(-(m r^2/I3) log|X|) / sqrt(D), log|X| = log(X^2)/2 */
    f = nhref_tape_exp(tp, nhref_tape_neg(tp, nhref_tape_mul(tp, aff_half(tp, nhref_tape_div(tp, mr2, i3)),
                                                             nhref_tape_log(tp, nhref_tape_sqr(tp, X)))));
    f = nhref_tape_div(tp, f, nhref_tape_sqrt(tp, D));
    nhref_tape_set_output(tp, MSQ, aff_dot(tp, M, M));
    nhref_tape_set_output(tp, M_GAMMA, lambda);
    nhref_tape_set_output(tp, GA2M1, nhref_tape_sub(tp, aff_dot(tp, g, g), nhref_tape_const(tp, "1")));
    nhref_tape_set_output(tp, F_PAR, f);
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

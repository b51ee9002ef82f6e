/* red.c -- model RED: the SE(2)-reduced equations of a convex body rolling on
 * the plane when V = 0 (spec §3, paper Prop. 2.2): (M, gamma) evolve on their own.
 *
 * Spec: shared/models/affine-rolling.md §3, equation (3.1) with (1.3);
 * reconstruction alpha' = alpha x Omega, beta' = beta x Omega,
 * u' = B (rho x Omega + W) is model GEN's.  Shape: the `ellipsoid` of spec §1
 * (as in gen.c: it contains the sphere, the Routh ball and the spheroid on
 * |gamma| = 1).  W(rho) = sigma rho x E3, the cat's toy (a body of revolution
 * about E3 through C is required when sigma != 0).
 * Source: Costa Villegas & García-Naranjo (seed 001), Prop. 2.2, eq. (2.22)
 * with erratum 3 (+m rho x W).
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, GA1, GA2, GA3, NSTATE };
enum { PM, PI1, PI2, PI3, PG, PA1, PA2, PA3, PD1, PD2, PD3, PSIGMA, NPARAM };
enum { E, E_CAT, MSQ, M_GAMMA, GA2M1, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point (1.2), body frame", "0.5"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "-0.3"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "0.8"},
    {"gamma1", "1", "the vertical e3 in the body frame", "0"},
    {"gamma2", "1", "the vertical e3 in the body frame", "0.6"},
    {"gamma3", "1", "the vertical e3 in the body frame", "0.8"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass", "1.5", "m > 0"},
    {"I1", "kg m^2", "principal moment of inertia about C along E1", "0.6", "I1 > 0"},
    {"I2", "kg m^2", "principal moment of inertia about C along E2", "0.6", "I2 > 0"},
    {"I3", "kg m^2", "principal moment of inertia about C along E3", "0.86", "I3 > 0"},
    {"g", "m/s^2", "gravitational acceleration", "9.81", "g >= 0"},
    {"a1", "m", "ellipsoid semi-axis along E1", "1.2", "a1 > 0"},
    {"a2", "m", "ellipsoid semi-axis along E2", "1.2", "a2 > 0"},
    {"a3", "m", "ellipsoid semi-axis along E3", "0.7", "a3 > 0"},
    {"d1", "m", "geometric centre of the ellipsoid from C, along E1", "0", "any; 0 if sigma != 0"},
    {"d2", "m", "geometric centre from C, along E2", "0", "any; 0 if sigma != 0"},
    {"d3", "m", "geometric centre from C, along E3", "0.2", "any"},
    {"sigma", "rad/s", "cat's-toy spin rate about E3, W = sigma rho x E3", "1.7",
     "any; sigma != 0 needs a body of revolution about E3 through C (a1 = a2, d1 = d2 = 0)"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy 1/2<I Omega,Omega> + 1/2 m|rho x Omega|^2 - m g <rho,gamma>",
     "sigma = 0; NaN otherwise"},
    {"E_cat", "J", "moving energy of the cat's toy (2.5)", "sigma = 0 or I1 = I2; NaN otherwise"},
    {"M_norm2", "kg^2 m^4/s^2", "|M|^2", "sphere centred at C (a1 = a2 = a3, d = 0); NaN otherwise"},
    {"M_gamma", "kg m^2/s", "<M, gamma>", "sphere centred at C; NaN otherwise"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
};

static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const size_t pos[] = {PM, PI1, PI2, PI3, PA1, PA2, PA3};
    static const char *const names[] = {"m", "I1", "I2", "I3", "a1", "a2", "a3"};
    int status = nhref_aff_check_positive(p, pos, names, 7, why, len);

    if (status != NHREF_OK)
        return status;
    if (mpfr_sgn(p + PG) < 0) {
        snprintf(why, len, "parameter g must be >= 0 (admissible range: g >= 0)");
        return NHREF_EPARAM;
    }
    if (!mpfr_zero_p(p + PSIGMA) &&
        (!mpfr_equal_p(p + PA1, p + PA2) || !mpfr_zero_p(p + PD1) || !mpfr_zero_p(p + PD2))) {
        snprintf(why, len,
                 "the cat's-toy field W = sigma rho x E3 (sigma != 0) is tangent only to a body "
                 "of revolution about E3 through C: needs a1 = a2 and d1 = d2 = 0 (admissible: "
                 "sigma = 0 for this shape)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    (void)p;
    return nhref_aff_check_dot(x + GA1, x + GA1, 1, "|gamma|^2", why, len);
}

static void red_shape(nhref_tape_t *tp, nhref_aff_shape_t *sh)
{
    sh->kind = NHREF_AFF_ELLIPSOID;
    for (int i = 0; i < 6; i++)
        sh->p[i] = PARAM(PA1 + (size_t)i);
}

/* (3.1): rho = rho(gamma), q = W(rho), Omega from (1.3) */
static void red_eval(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t *M,
                     nhref_v3_t *gamma, nhref_v3_t *rho, nhref_v3_t *W, nhref_v3_t *omega)
{
    nhref_v3_t e3 = V3(ZERO, ZERO, CONST("1"));
    *M = STATES3(M1);
    *gamma = STATES3(GA1);
    *rho = nhref_aff_rho(tp, sh, *gamma);
    *W = VSCALE(PARAM(PSIGMA), CROSS(*rho, e3));
    *omega = nhref_aff_omega(tp, *M, *rho, *W, PARAM(PM), PARAMS3(PI1, PI2, PI3));
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_aff_shape_t sh;
    nhref_v3_t M, gamma, rho, W, omega, w;

    red_shape(tp, &sh);
    red_eval(tp, &sh, &M, &gamma, &rho, &W, &omega);
    w = CROSS(gamma, omega);
    OUT3(M1, nhref_aff_mdot(tp, M, omega, rho, nhref_aff_rho_dot(tp, &sh, gamma, w), gamma, W,
                            PARAM(PM), PARAM(PG)));
    OUT3(GA1, w);
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_aff_shape_t sh;
    nhref_aff_full_params_t P = {0};
    nhref_aff_full_state_t S = {0};
    nhref_node_t e[4], sig2, asym, sph = ZERO;

    red_shape(tp, &sh);
    red_eval(tp, &sh, &S.M, &S.gamma, &S.rho, &S.W, &S.omega);
    S.u = V3(ZERO, ZERO, ZERO);
    /* the energies of §2 with V = 0 (eta = 0: u does not enter) */
    P.m = PARAM(PM);
    P.g = PARAM(PG);
    P.sigma = PARAM(PSIGMA);
    P.eta = ZERO;
    P.inertia = PARAMS3(PI1, PI2, PI3);
    P.shape = sh;
    nhref_aff_full_energies(tp, &P, &S, e);
    sig2 = SQR(P.sigma);
    asym = MUL(sig2, SQR(SUB(P.inertia.c[0], P.inertia.c[1])));
    sph = ADD(SQR(SUB(sh.p[0], sh.p[1])), SQR(SUB(sh.p[1], sh.p[2])));
    for (int i = 0; i < 3; i++)
        sph = ADD(sph, SQR(sh.p[3 + i]));
    OUT(E, ADD(e[0], nhref_aff_gate(tp, sig2)));
    OUT(E_CAT, ADD(e[2], nhref_aff_gate(tp, asym)));
    OUT(MSQ, ADD(DOT(S.M, S.M), nhref_aff_gate(tp, sph)));
    OUT(M_GAMMA, ADD(DOT(S.M, S.gamma), nhref_aff_gate(tp, sph)));
    OUT(GA2M1, SUB(DOT(S.gamma, S.gamma), CONST("1")));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_red = {
    .name = "red",
    .title = "convex body rolling with the cat's toy, SE(2)-reduced (M, gamma) equations (V = 0)",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), Prop. 2.2, eq. (2.22) (erratum 3); spec §3",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "Model GEN with V = 0 is invariant under the SE(2) symmetry of the plane, and the "
        "generalised momentum M and the vertical gamma (body frame) evolve on their own "
        "(3.1).  The shape is the ellipsoid of GEN (semi-axes a_i, centre at d from C); W = "
        "sigma rho x E3 is the cat's toy (sigma != 0 needs a1 = a2, d1 = d2 = 0).  With the "
        "sphere (a_i = r, d = 0) it is model CBCAT; with a1 = a2 and I1 = I2 it is REVCAT.  "
        "Initial states need |gamma| = 1 within max(1e-20, 2^(16-prec)).  Default: the body "
        "and initial (M, gamma) of GEN's default without the turntable.  "
        "Notation (docs/models/affine-rolling.md §1): Omega is the body angular velocity "
        "(from M by (1.3)), rho = rho(gamma) the vector from C to the contact point, <.,.> "
        "and x the dot and cross products.",
    .closed_form = NULL,
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

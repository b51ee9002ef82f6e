/* cbv.c -- model CBV: the Chaplygin ball (a sphere of radius r whose mass
 * centre is its geometric centre, any principal moments I1, I2, I3) rolling on
 * a plane whose contact-point velocity is a plane field V (W = 0), in the full
 * 15-dimensional phase space (M, alpha, beta, gamma, u).
 *
 * Spec: shared/models/affine-rolling.md §5 (GEN with the `sphere` shape, rho =
 * -r gamma, linear in gamma, and W = 0); equations (1.2), (1.3), (2.1)-(2.3);
 * integrals §2 items 2, 4 and 7; invariant measure §2 (Prop. 3.2 and erratum 5).
 * V(x) = (v1, v2) + eta e3 x x + K x: translation, turntable and a linear field
 * (the shear and hyperbolic fields of erratum 5 are K = [[0,1],[0,0]] and
 * K = diag(1, -1)).
 * Source: Costa Villegas & García-Naranjo (seed 001), §3.2, Prop. 3.1, 3.2.
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, AL1, AL2, AL3, BE1, BE2, BE3, GA1, GA2, GA3, U1, U2, U3, NSTATE };
enum { PM, PI1, PI2, PI3, PG, PR, PETA, PV1, PV2, PK11, PK12, PK21, PK22, NPARAM };
enum { E, E_ROT, M_ALPHA, M_BETA, M_GAMMA, AL2M1, BE2M1, GA2M1, ALBE, ALGA, BEGA, X3, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point (1.2), body frame", "30"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "-20"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "40"},
    {"alpha1", "1", "row 1 of B: e1 in the body frame", "1"},
    {"alpha2", "1", "row 1 of B", "0"},
    {"alpha3", "1", "row 1 of B", "0"},
    {"beta1", "1", "row 2 of B: e2 in the body frame", "0"},
    {"beta2", "1", "row 2 of B", "0.8"},
    {"beta3", "1", "row 2 of B", "-0.6"},
    {"gamma1", "1", "row 3 of B: the vertical e3 in the body frame", "0"},
    {"gamma2", "1", "row 3 of B", "0.6"},
    {"gamma3", "1", "row 3 of B", "0.8"},
    {"u1", "m", "centre of the ball, space frame", "1.5"},
    {"u2", "m", "centre of the ball, space frame", "-0.5"},
    {"u3", "m", "height of the centre, u3 = r", "5"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass", "1", "m > 0"},
    {"I1", "kg m^2", "principal moment of inertia about the centre, E1", "0.5", "I1 > 0"},
    {"I2", "kg m^2", "principal moment of inertia about the centre, E2", "2.5", "I2 > 0"},
    {"I3", "kg m^2", "principal moment of inertia about the centre, E3", "3", "I3 > 0"},
    {"g", "m/s^2", "gravitational acceleration (drops out: rho x gamma = 0)", "9.81", "g >= 0"},
    {"r", "m", "radius of the ball", "5", "r > 0"},
    {"eta", "rad/s", "angular velocity of the turntable, V = eta e3 x x", "0.9", "any"},
    {"v1", "m/s", "constant translation velocity of the plane, e1 component", "0", "any"},
    {"v2", "m/s", "constant translation velocity of the plane, e2 component", "0", "any"},
    {"k11", "1/s", "linear plane field V += K x, entry (1,1)", "0", "any"},
    {"k12", "1/s", "linear plane field, entry (1,2)", "0", "any"},
    {"k21", "1/s", "linear plane field, entry (2,1)", "0", "any"},
    {"k22", "1/s", "linear plane field, entry (2,2)", "0", "any"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy 1/2<I Omega,Omega> + 1/2 m r^2 |gamma x Omega|^2 (spec §2 item 2, 3)",
     "eta = 0 and K = 0 (V constant); NaN otherwise"},
    {"E_rot", "J", "moving energy of the rotating plane (2.4)",
     "v = 0 and K = 0 (V = eta e3 x x); NaN otherwise"},
    {"M_alpha", "kg m^2/s", "<M, alpha> (Prop. 3.1)", "always (any V)"},
    {"M_beta", "kg m^2/s", "<M, beta> (Prop. 3.1)", "always (any V)"},
    {"M_gamma", "kg m^2/s", "<M, gamma> (Prop. 3.1)", "always (any V)"},
    {"alpha2_m1", "1", "|alpha|^2 - 1 (geometric)", "always (= 0)"},
    {"beta2_m1", "1", "|beta|^2 - 1 (geometric)", "always (= 0)"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
    {"alpha_beta", "1", "<alpha, beta> (geometric)", "always (= 0)"},
    {"alpha_gamma", "1", "<alpha, gamma> (geometric)", "always (= 0)"},
    {"beta_gamma", "1", "<beta, gamma> (geometric)", "always (= 0)"},
    {"x3", "m", "height of the contact point, u3 - r |gamma|^2 (geometric)", "always (= 0)"},
};

static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const size_t pos[] = {PM, PI1, PI2, PI3, PR};
    static const char *const names[] = {"m", "I1", "I2", "I3", "r"};
    int status = nhref_aff_check_positive(p, pos, names, 5, why, len);

    if (status == NHREF_OK && mpfr_sgn(p + PG) < 0) {
        snprintf(why, len, "parameter g must be >= 0 (admissible range: g >= 0)");
        status = NHREF_EPARAM;
    }
    return status;
}

/* (alpha, beta, gamma) a right-handed orthonormal frame; the ball touches the
 * plane: u3 = -<rho, gamma> = r */
static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    mpfr_t t, tol;
    int status = nhref_aff_check_frame(x + AL1, x + BE1, x + GA1, why, len);

    if (status != NHREF_OK)
        return status;
    mpfr_inits2(mpfr_get_prec(x) + 32, t, tol, (mpfr_ptr)0);
    mpfr_sub(t, x + U3, p + PR, MPFR_RNDN);
    nhref_aff_init_tol(tol, mpfr_get_prec(x));
    if (mpfr_cmp_ui(p + PR, 1) > 0)
        mpfr_mul(tol, tol, p + PR, MPFR_RNDN);
    if (!(mpfr_cmpabs(t, tol) <= 0)) {
        snprintf(why, len,
                 "initial state: u3 is inconsistent with the shape: the ball's centre must be at "
                 "height u3 = r (u3 - r = %.3g, tolerance %.3g)",
                 mpfr_get_d(t, MPFR_RNDN), mpfr_get_d(tol, MPFR_RNDN));
        status = NHREF_EPARAM;
    }
    mpfr_clears(t, tol, (mpfr_ptr)0);
    return status;
}

static void cbv_params(nhref_tape_t *tp, nhref_aff_full_params_t *P)
{
    P->m = PARAM(PM);
    P->g = PARAM(PG);
    P->sigma = ZERO;
    P->eta = PARAM(PETA);
    P->v[0] = PARAM(PV1);
    P->v[1] = PARAM(PV2);
    for (int i = 0; i < 4; i++)
        P->k[i] = PARAM(PK11 + (size_t)i);
    P->inertia = PARAMS3(PI1, PI2, PI3);
    P->shape.kind = NHREF_AFF_SPHERE;
    P->shape.p[0] = PARAM(PR);
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_aff_full_params_t P;
    cbv_params(tp, &P);
    nhref_aff_full_rhs(tp, &P);
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_aff_full_params_t P;
    nhref_aff_full_state_t S;
    nhref_node_t e[4], k2 = ZERO, v2;

    cbv_params(tp, &P);
    nhref_aff_full_eval(tp, &P, &S);
    nhref_aff_full_energies(tp, &P, &S, e);
    for (int i = 0; i < 4; i++)
        k2 = ADD(k2, SQR(P.k[i]));
    v2 = ADD(SQR(P.v[0]), SQR(P.v[1]));
    OUT(E, ADD(e[0], nhref_aff_gate(tp, ADD(SQR(P.eta), k2))));
    OUT(E_ROT, ADD(e[1], nhref_aff_gate(tp, ADD(v2, k2))));
    nhref_aff_full_invariants(tp, &S, M_ALPHA, ZERO); /* M_ALPHA..X3 */
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_cbv = {
    .name = "cbv",
    .title = "Chaplygin ball on a plane with a prescribed field V (turntable, translation, linear)",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), §3.2, Prop. 3.1, 3.2; spec §5",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "A ball of radius r with its mass centre at the geometric centre and any principal "
        "moments (the Chaplygin ball) rolls on the plane; the contact point of the ball moves "
        "with the plane field V(x) = v + eta e3 x x + K x (W = 0).  Model GEN with the sphere "
        "shape rho = -r gamma (linear in gamma: the extension used by the invariant-measure "
        "test).  <M,alpha>, <M,beta>, <M,gamma> are conserved for every V; the density "
        "(1 - m r^2 <gamma, A gamma>)^(-1/2), A = diag(1/(I_i + m r^2)), is invariant for V "
        "= const + eta e3 x x but not for a general divergence-free V (erratum 5).  Default: "
        "spec §11 P5 with theta0 = asin(0.6).  "
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
    .default_t_end = "10",
    .default_dt_out = "1",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
};

/* gen.c -- model GEN: a convex body rolling on a plane under the affine
 * constraint "velocity of the contact material point = V(x) + B W(rho)", in the
 * full 15-dimensional phase space (M, alpha, beta, gamma, u).
 *
 * Spec: shared/models/affine-rolling.md §2, equations (1.2), (1.3), (2.1)-(2.3);
 * first integrals §2 items 1-7, (2.4)-(2.6).
 * Shape: the `ellipsoid` of spec §1 (semi-axes a1, a2, a3 along E_i, geometric
 * centre at d from C), rho_i = d_i - a_i^2 gamma_i / h, h = sqrt(sum a_j^2 gamma_j^2).
 * On |gamma| = 1 it is the `sphere` (a_i = r, d = 0), the `routh` ball (a_i = R,
 * d = (0, 0, s)) and the `spheroid` (a1 = a2 = a, a3 = c, d = (0, 0, s)) of the spec.
 * Fields: V(x) = (v1, v2) + eta e3 x x + K x (translation, turntable, a linear
 * field K = [[k11, k12], [k21, k22]]), W(rho) = sigma rho x E3 (cat's toy; only on
 * a body of revolution about E3 through C: a1 = a2, d1 = d2 = 0).
 * Source: M. Costa Villegas & L. C. García-Naranjo, affine generalizations of the
 * nonholonomic problem of a convex body rolling without slipping on the plane
 * (seed 001), Prop. 2.1, eq. (2.18), (2.26), (2.27).
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, AL1, AL2, AL3, BE1, BE2, BE3, GA1, GA2, GA3, U1, U2, U3, NSTATE };
enum { PM, PI1, PI2, PI3, PG, PA1, PA2, PA3, PD1, PD2, PD3, PSIGMA, PETA, PV1, PV2, PK11, PK12,
       PK21, PK22, NPARAM };
enum { E, E_ROT, E_CAT, E_MOV, M_ALPHA, M_BETA, M_GAMMA, AL2M1, BE2M1, GA2M1, ALBE, ALGA, BEGA,
       X3, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point (1.2), body frame", "0.5"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "-0.3"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "0.8"},
    {"alpha1", "1", "row 1 of B: e1 in the body frame", "1"},
    {"alpha2", "1", "row 1 of B", "0"},
    {"alpha3", "1", "row 1 of B", "0"},
    {"beta1", "1", "row 2 of B: e2 in the body frame", "0"},
    {"beta2", "1", "row 2 of B", "0.8"},
    {"beta3", "1", "row 2 of B", "-0.6"},
    {"gamma1", "1", "row 3 of B: the vertical e3 in the body frame", "0"},
    {"gamma2", "1", "row 3 of B", "0.6"},
    {"gamma3", "1", "row 3 of B", "0.8"},
    {"u1", "m", "mass centre, space frame", "0.3"},
    {"u2", "m", "mass centre, space frame", "-0.2"},
    {"u3", "m", "height of the mass centre, u3 = -<rho(gamma), gamma>",
     "0.7521403400793103833088392204534035832608"},
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
    {"sigma", "rad/s", "cat's-toy spin rate of the shell about E3, W = sigma rho x E3", "1.7",
     "any; sigma != 0 needs a body of revolution about E3 through C (a1 = a2, d1 = d2 = 0)"},
    {"eta", "rad/s", "angular velocity of the turntable, V = eta e3 x x", "-0.4", "any"},
    {"v1", "m/s", "constant translation velocity of the plane, e1 component", "0", "any"},
    {"v2", "m/s", "constant translation velocity of the plane, e2 component", "0", "any"},
    {"k11", "1/s", "linear plane field V += K x, entry (1,1)", "0", "any"},
    {"k12", "1/s", "linear plane field, entry (1,2)", "0", "any"},
    {"k21", "1/s", "linear plane field, entry (2,1)", "0", "any"},
    {"k22", "1/s", "linear plane field, entry (2,2)", "0", "any"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy 1/2<I Omega,Omega> + 1/2 m|rho x Omega|^2 - m g <rho,gamma> (spec §2 item 2)",
     "sigma = 0, eta = 0, K = 0 (V constant, W = 0); NaN otherwise"},
    {"E_rot", "J", "moving energy of the rotating plane (2.4), corrected sign (erratum 1)",
     "sigma = 0, v = 0, K = 0 (V = eta e3 x x, W = 0), any shape and inertia; NaN otherwise"},
    {"E_cat", "J", "moving energy of the cat's toy (2.5)",
     "eta = 0, K = 0 and (sigma = 0 or I1 = I2); NaN otherwise"},
    {"E_mov", "J", "moving energy of cat's toy + turntable (2.6)",
     "K = 0, eta (v1, v2) = 0 and (sigma = 0 or I1 = I2); NaN otherwise"},
    {"M_alpha", "kg m^2/s", "<M, alpha>: space-frame momentum, e1 (Prop. 3.1)",
     "sphere centred at C (a1 = a2 = a3, d = 0), any V, W; NaN otherwise"},
    {"M_beta", "kg m^2/s", "<M, beta>: space-frame momentum, e2 (Prop. 3.1)",
     "sphere centred at C; NaN otherwise"},
    {"M_gamma", "kg m^2/s", "<M, gamma>: space-frame momentum, e3 (Prop. 3.1)",
     "sphere centred at C; NaN otherwise"},
    {"alpha2_m1", "1", "|alpha|^2 - 1 (geometric)", "always (= 0)"},
    {"beta2_m1", "1", "|beta|^2 - 1 (geometric)", "always (= 0)"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
    {"alpha_beta", "1", "<alpha, beta> (geometric)", "always (= 0)"},
    {"alpha_gamma", "1", "<alpha, gamma> (geometric)", "always (= 0)"},
    {"beta_gamma", "1", "<beta, gamma> (geometric)", "always (= 0)"},
    {"x3", "m", "height of the contact point, u3 + <rho(gamma), gamma> (geometric)",
     "always (= 0)"},
};

/* spec §1 and §12 "errors on bad input" */
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

/* the initial state lies on the phase manifold: (alpha, beta, gamma) a right-handed
 * orthonormal frame, and the body touches the plane, u3 = -<rho(gamma), gamma>
 * = h(gamma) - <d, gamma> for the ellipsoid */
static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(x) + 32;
    mpfr_t h, t, tol;
    int status = nhref_aff_check_frame(x + AL1, x + BE1, x + GA1, why, len);

    if (status != NHREF_OK)
        return status;
    mpfr_inits2(prec, h, t, tol, (mpfr_ptr)0);
    mpfr_set_zero(h, 1);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(t, p + PA1 + i, x + GA1 + i, MPFR_RNDN);
        mpfr_sqr(t, t, MPFR_RNDN);
        mpfr_add(h, h, t, MPFR_RNDN);
    }
    mpfr_sqrt(h, h, MPFR_RNDN);
    for (int i = 0; i < 3; i++) { /* h - <d, gamma> */
        mpfr_mul(t, p + PD1 + i, x + GA1 + i, MPFR_RNDN);
        mpfr_sub(h, h, t, MPFR_RNDN);
    }
    mpfr_sub(t, x + U3, h, MPFR_RNDN); /* x3 = u3 + <rho, gamma> */
    nhref_aff_init_tol(tol, mpfr_get_prec(x));
    mpfr_abs(h, h, MPFR_RNDN);
    if (mpfr_cmp_ui(h, 1) > 0)
        mpfr_mul(tol, tol, h, MPFR_RNDN);
    if (!(mpfr_cmpabs(t, tol) <= 0)) {
        snprintf(why, len,
                 "initial state: u3 is inconsistent with the shape: the contact height "
                 "x3 = u3 + <rho(gamma),gamma> = %.3g, not 0 (tolerance %.3g; set u3 = "
                 "-<rho(gamma),gamma>)",
                 mpfr_get_d(t, MPFR_RNDN), mpfr_get_d(tol, MPFR_RNDN));
        status = NHREF_EPARAM;
    }
    mpfr_clears(h, t, tol, (mpfr_ptr)0);
    return status;
}

static void gen_params(nhref_tape_t *tp, nhref_aff_full_params_t *P)
{
    P->m = PARAM(PM);
    P->g = PARAM(PG);
    P->sigma = PARAM(PSIGMA);
    P->eta = PARAM(PETA);
    P->v[0] = PARAM(PV1);
    P->v[1] = PARAM(PV2);
    for (int i = 0; i < 4; i++)
        P->k[i] = PARAM(PK11 + (size_t)i);
    P->inertia = PARAMS3(PI1, PI2, PI3);
    P->shape.kind = NHREF_AFF_ELLIPSOID;
    for (int i = 0; i < 6; i++)
        P->shape.p[i] = PARAM(PA1 + (size_t)i);
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_aff_full_params_t P;
    gen_params(tp, &P);
    nhref_aff_full_rhs(tp, &P);
    return nhref_tape_status(tp);
}

/* sum of squares of parameters FIRST..FIRST+N-1 */
static nhref_node_t sumsq(nhref_tape_t *tp, size_t first, size_t n)
{
    nhref_node_t s = ZERO;
    for (size_t i = 0; i < n; i++)
        s = ADD(s, SQR(PARAM(first + i)));
    return s;
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_aff_full_params_t P;
    nhref_aff_full_state_t S;
    nhref_node_t e[4], sig2, eta2, k2, v2, asym, sph;

    gen_params(tp, &P);
    nhref_aff_full_eval(tp, &P, &S);
    nhref_aff_full_energies(tp, &P, &S, e);
    sig2 = SQR(P.sigma);
    eta2 = SQR(P.eta);
    k2 = sumsq(tp, PK11, 4);
    v2 = sumsq(tp, PV1, 2);
    /* sigma^2 (I1 - I2)^2: the cat's toy needs I1 = I2 for E_cat, E_mov */
    asym = MUL(sig2, SQR(SUB(P.inertia.c[0], P.inertia.c[1])));
    /* a sphere centred at C: a1 = a2 = a3, d = 0 */
    sph = ADD(SQR(SUB(P.shape.p[0], P.shape.p[1])), SQR(SUB(P.shape.p[1], P.shape.p[2])));
    sph = ADD(sph, sumsq(tp, PD1, 3));

    OUT(E, ADD(e[0], nhref_aff_gate(tp, ADD(ADD(sig2, eta2), k2))));
    OUT(E_ROT, ADD(e[1], nhref_aff_gate(tp, ADD(ADD(sig2, k2), v2))));
    OUT(E_CAT, ADD(e[2], nhref_aff_gate(tp, ADD(ADD(asym, eta2), k2))));
    OUT(E_MOV, ADD(e[3], nhref_aff_gate(tp, ADD(ADD(asym, k2), MUL(eta2, v2)))));
    nhref_aff_full_invariants(tp, &S, M_ALPHA, nhref_aff_gate(tp, sph)); /* M_ALPHA..X3 */
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_gen = {
    .name = "gen",
    .title = "convex body rolling on a plane with affine constraints V + W (full phase space)",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), Prop. 2.1 eq. (2.18), (2.26), (2.27); spec §2",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "A rigid body with a strictly convex surface (an ellipsoid with semi-axes a_i along "
        "the principal axes E_i, its centre at d from the mass centre C) rolls on the plane "
        "x3 = 0; the velocity of its contact material point is prescribed, V(x) + B W(rho): V "
        "a field on the plane (translation v, turntable eta e3 x x, linear field K x), W = "
        "sigma rho x E3 the cat's toy (a shell spinning about E3 relative to the body).  State: "
        "the generalised momentum M about the contact point (1.2), the attitude B = (alpha; "
        "beta; gamma) by rows and the mass centre u.  The sphere (a_i = r, d = 0), the Routh "
        "ball (d = (0,0,s)) and the spheroid (a1 = a2) of the spec are special cases.  "
        "Initial states must lie on the phase manifold (B orthonormal right-handed, u3 = "
        "-<rho(gamma),gamma>) within max(1e-20, 2^(16-prec)).  Default: spec §11 P4 with "
        "theta0 = asin(0.6) (spheroid a = 1.2, c = 0.7, s = 0.2, cat's toy + turntable).  "
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

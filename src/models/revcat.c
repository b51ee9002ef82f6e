/* revcat.c -- model REVCAT: an axisymmetric body of revolution (I1 = I2, the
 * shape a surface of revolution about E3 through the mass centre C) rolling on
 * the plane, driven by the cat's-toy mechanism W = sigma rho x E3 (V = 0).
 *
 * Spec: shared/models/affine-rolling.md §6, equation (6.1) with (1.3); first
 * integrals E_cat (2.5) and the generalised Jellett/Routh quantities K1, K2 of
 * (6.2); invariant density 1/mu(gamma3) (paper Prop. 4.1).
 * Shape: the `spheroid` of spec §1 with semi-axes a, a, c and centre at s E3 from
 * C: h = sqrt(a^2 + (c^2 - a^2) gamma3^2), f1 = -a^2/h, f2 = s - c^2 gamma3/h,
 * rho = (f1 gamma1, f1 gamma2, f2), depending on gamma3 as written (the
 * `revolution` extension of the spec, used by the measure test).  a = c = R is
 * the `routh` ball (f1 = -R, f2 = s - R gamma3).
 * Source: Costa Villegas & García-Naranjo (seed 001), §4, Prop. 4.1, 4.2.
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, GA1, GA2, GA3, NSTATE };
enum { PM, PI1, PI2, PI3, PG, PA, PC, PS, PSIGMA, NPARAM };
enum { E_CAT, K1, K2, GA2M1, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point (1.2), body frame", "0.3"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "-0.4"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "1"},
    {"gamma1", "1", "the vertical e3 in the body frame", "0.6"},
    {"gamma2", "1", "the vertical e3 in the body frame", "0"},
    {"gamma3", "1", "the vertical e3 in the body frame", "0.8"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass", "1", "m > 0"},
    {"I1", "kg m^2", "principal moment of inertia about C, E1", "0.4", "I1 > 0, I1 = I2"},
    {"I2", "kg m^2", "principal moment of inertia about C, E2", "0.4", "I2 > 0, I2 = I1"},
    {"I3", "kg m^2", "principal moment of inertia about C, E3 (the symmetry axis)", "0.6",
     "I3 > 0"},
    {"g", "m/s^2", "gravitational acceleration", "9.81", "g >= 0"},
    {"a", "m", "equatorial semi-axis of the spheroid (a = c = R: the Routh ball)", "1", "a > 0"},
    {"c", "m", "polar semi-axis of the spheroid (along E3)", "1", "c > 0"},
    {"s", "m", "geometric centre at s E3 from C", "0.3", "any (physically |s| < c)"},
    {"sigma", "rad/s", "cat's-toy spin rate about E3, W = sigma rho x E3", "2", "any"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E_cat", "J", "moving energy 1/2<I(Omega+sigma E3),Omega+sigma E3> + 1/2 m|rho x (Omega+sigma "
     "E3)|^2 - m g <rho,gamma> (2.5)", "always"},
    {"K1", "kg m^2/s",
     "<M, rho>/f1 (6.2), rho = (f1 gamma1, f1 gamma2, f2) the contact point from C (f1, f2 "
     "the profile of the spheroid, f1 < 0); for the Routh ball the Jellett integral J1 = "
     "-<M,rho>/R",
     "a = c (Routh ball), any sigma; NaN otherwise (spheroid: see the oracle's J1, J2)"},
    {"K2", "kg m^2/s",
     "mu(gamma3) Omega3 (6.2), mu = sqrt(I1 I3 + m I1 f1^2 (1 - gamma3^2) + m I3 f2^2), Omega "
     "the body angular velocity; for the Routh ball and sigma = 0 the Routh integral J2",
     "a = c and sigma = 0; NaN otherwise (sigma != 0: J2 = K2 - sigma y2, see the oracle)"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
};

static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const size_t pos[] = {PM, PI1, PI2, PI3, PA, PC};
    static const char *const names[] = {"m", "I1", "I2", "I3", "a", "c"};
    int status = nhref_aff_check_positive(p, pos, names, 6, why, len);

    if (status != NHREF_OK)
        return status;
    if (mpfr_sgn(p + PG) < 0) {
        snprintf(why, len, "parameter g must be >= 0 (admissible range: g >= 0)");
        return NHREF_EPARAM;
    }
    if (!mpfr_equal_p(p + PI1, p + PI2)) {
        snprintf(why, len,
                 "REVCAT is an axisymmetric body: parameters I1 and I2 must be equal "
                 "(admissible: I1 = I2; use model red or gen otherwise)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    (void)p;
    return nhref_aff_check_dot(x + GA1, x + GA1, 1, "|gamma|^2", why, len);
}

typedef struct {
    nhref_aff_shape_t sh;
    nhref_v3_t M, gamma, rho, W, omega, inertia;
    nhref_node_t m;
} rev_t;

static void rev_eval(nhref_tape_t *tp, rev_t *R)
{
    nhref_v3_t e3 = V3(ZERO, ZERO, CONST("1"));
    R->sh.kind = NHREF_AFF_SPHEROID;
    R->sh.p[0] = PARAM(PA);
    R->sh.p[1] = PARAM(PC);
    R->sh.p[2] = PARAM(PS);
    R->m = PARAM(PM);
    R->inertia = PARAMS3(PI1, PI2, PI3);
    R->M = STATES3(M1);
    R->gamma = STATES3(GA1);
    R->rho = nhref_aff_rho(tp, &R->sh, R->gamma);
    R->W = VSCALE(PARAM(PSIGMA), CROSS(R->rho, e3));
    R->omega = nhref_aff_omega(tp, R->M, R->rho, R->W, R->m, R->inertia);
}

static int build_rhs(nhref_tape_t *tp)
{
    rev_t R;
    nhref_v3_t w;

    rev_eval(tp, &R);
    w = CROSS(R.gamma, R.omega);
    OUT3(M1, nhref_aff_mdot(tp, R.M, R.omega, R.rho, nhref_aff_rho_dot(tp, &R.sh, R.gamma, w),
                            R.gamma, R.W, R.m, PARAM(PG)));
    OUT3(GA1, w);
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    rev_t R;
    nhref_aff_full_params_t P = {0};
    nhref_aff_full_state_t S = {0};
    nhref_node_t e[4], f[4], mu, g3, one = CONST("1"), routh, i1 = PARAM(PI1);

    rev_eval(tp, &R);
    P.m = R.m;
    P.g = PARAM(PG);
    P.sigma = PARAM(PSIGMA);
    P.eta = ZERO;
    P.inertia = R.inertia;
    P.shape = R.sh;
    S.M = R.M;
    S.gamma = R.gamma;
    S.rho = R.rho;
    S.omega = R.omega;
    S.u = V3(ZERO, ZERO, ZERO);
    nhref_aff_full_energies(tp, &P, &S, e);
    g3 = R.gamma.c[2];
    nhref_aff_spheroid_profile(tp, &R.sh, g3, f);
    /* mu(gamma3) = sqrt(I1 I3 + m I1 f1^2 (1 - gamma3^2) + m I3 f2^2) */
    mu = MUL(i1, PARAM(PI3));
    mu = ADD(mu, MUL(MUL(R.m, i1), MUL(SQR(f[0]), SUB(one, SQR(g3)))));
    mu = ADD(mu, MUL(MUL(R.m, PARAM(PI3)), SQR(f[1])));
    mu = SQRT(mu);
    routh = SQR(SUB(R.sh.p[0], R.sh.p[1]));
    OUT(E_CAT, e[2]);
    OUT(K1, ADD(DIV(DOT(R.M, R.rho), f[0]), nhref_aff_gate(tp, routh)));
    OUT(K2, ADD(MUL(mu, R.omega.c[2]), nhref_aff_gate(tp, ADD(routh, SQR(P.sigma)))));
    OUT(GA2M1, SUB(DOT(R.gamma, R.gamma), one));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_revcat = {
    .name = "revcat",
    .title = "body of revolution (spheroid, Routh ball) rolling with the cat's-toy mechanism",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), §4, Prop. 4.1, 4.2; spec §6 eq. (6.1)",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "An axisymmetric body (I1 = I2) whose surface is a spheroid with semi-axes a, a, c, its "
        "centre at s E3 from the mass centre, rolls on the plane while a motor spins its "
        "outer shell about the symmetry axis E3 at the rate sigma relative to the body (the "
        "cat's toy, W = sigma rho x E3, V = 0).  a = c = R is the Routh ball (a sphere with "
        "its mass centre off the centre).  Conserved: E_cat (2.5) and the generalised "
        "Jellett/Routh integrals J1, J2 of Prop. 4.2 (closed forms for the Routh ball in the "
        "oracle; the tape monitors K1 = <M,rho>/f1 and K2 = mu Omega3, which are J1 and (sigma "
        "= 0) J2 for the Routh ball).  Invariant density 1/mu(gamma3).  Initial states need "
        "|gamma| = 1 within max(1e-20, 2^(16-prec)).  Default: spec §11 P2 (Routh ball R = 1, "
        "s = 0.3, sigma = 2) with gamma0 = (0.6, 0, 0.8).  "
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

/* hcat.c -- model HCAT: a homogeneous ball (I1 = I2 = I3 = I) of radius r with
 * the cat's-toy mechanism (rate sigma about E3) rolling on a uniformly rotating
 * plane (turntable rate eta), in the reduced variables (M, gamma, U = B^T u).
 *
 * Spec: shared/models/affine-rolling.md §7a, equations (7.1)-(7.2) in the
 * component form (|gamma|^2 = n and <gamma,U> = p left unsubstituted, as the
 * spec's reference values); first integrals |M|^2, <M,gamma>, E_H (7.3),
 * |gamma|^2, <U,gamma> and, for eta = 0, Omega3 - sigma m r^2 gamma3^2/(2(I + m r^2)).
 * Source: Costa Villegas & García-Naranjo (seed 001), §5, eq. (5.6), (5.9).
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_model.h"

enum { M1, M2, M3, GA1, GA2, GA3, UU1, UU2, UU3, NSTATE };
enum { PM, PI1, PI2, PI3, PR, PSIGMA, PETA, NPARAM };
enum { MSQ, M_GAMMA, E_H, GA2M1, U_GAMMA, OMEGA3_S, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"M1", "kg m^2/s", "generalised momentum about the contact point, body frame", "1.28"},
    {"M2", "kg m^2/s", "generalised momentum, body frame", "1.2"},
    {"M3", "kg m^2/s", "generalised momentum, body frame", "0.96"},
    {"gamma1", "1", "the vertical e3 in the body frame", "0.6"},
    {"gamma2", "1", "the vertical e3 in the body frame", "0"},
    {"gamma3", "1", "the vertical e3 in the body frame", "-0.8"},
    {"U1", "m", "centre of the ball in body coordinates, U = B^T u", "0.9"},
    {"U2", "m", "U = B^T u", "0.5"},
    {"U3", "m", "U = B^T u", "-1.825"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass", "1", "m > 0"},
    {"I1", "kg m^2", "moment of inertia about the centre (homogeneous: I1 = I2 = I3 = I)", "1",
     "I1 > 0, I1 = I2 = I3"},
    {"I2", "kg m^2", "moment of inertia about the centre", "1", "I2 = I1"},
    {"I3", "kg m^2", "moment of inertia about the centre", "1", "I3 = I1"},
    {"r", "m", "radius of the ball", "2", "r > 0"},
    {"sigma", "rad/s", "cat's-toy spin rate about E3, W = sigma rho x E3", "1", "any"},
    {"eta", "rad/s", "angular velocity of the turntable, V = eta e3 x x", "1", "any"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"M_norm2", "kg^2 m^4/s^2", "|M|^2", "always"},
    {"M_gamma", "kg m^2/s", "<M, gamma>", "always"},
    {"E_H", "J", "moving energy (I/2)|Omega + sigma E3|^2 + (m r^2/2)|gamma x (Omega + sigma "
     "E3)|^2 - (m/2) eta^2 |U|^2 (7.3)", "always"},
    {"gamma2_m1", "1", "|gamma|^2 - 1 (geometric)", "always (= 0)"},
    {"U_gamma", "m", "<U, gamma> = r (geometric)", "always (= r)"},
    {"Omega3_s", "rad/s", "Omega3 - sigma m r^2 gamma3^2 / (2 (I + m r^2)) (§7 limit eta = 0)",
     "eta = 0; NaN otherwise"},
};

static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const size_t pos[] = {PM, PI1, PI2, PI3, PR};
    static const char *const names[] = {"m", "I1", "I2", "I3", "r"};
    int status = nhref_aff_check_positive(p, pos, names, 5, why, len);

    if (status == NHREF_OK && (!mpfr_equal_p(p + PI1, p + PI2) || !mpfr_equal_p(p + PI1, p + PI3))) {
        snprintf(why, len,
                 "HCAT is a homogeneous ball: parameters I1, I2, I3 must be equal (admissible: "
                 "I1 = I2 = I3 = I > 0; use model gen for unequal moments)");
        status = NHREF_EPARAM;
    }
    return status;
}

/* the phase manifold M7: |gamma| = 1 and <U, gamma> = r */
static int check_init(mpfr_srcptr p, mpfr_srcptr x, char *why, size_t len)
{
    int status = nhref_aff_check_dot(x + GA1, x + GA1, 1, "|gamma|^2", why, len);
    mpfr_t d, t, tol;

    if (status != NHREF_OK)
        return status;
    mpfr_inits2(mpfr_get_prec(x) + 32, d, t, tol, (mpfr_ptr)0);
    mpfr_mul(d, x + UU1, x + GA1, MPFR_RNDN);
    mpfr_mul(t, x + UU2, x + GA2, MPFR_RNDN);
    mpfr_add(d, d, t, MPFR_RNDN);
    mpfr_mul(t, x + UU3, x + GA3, MPFR_RNDN);
    mpfr_add(d, d, t, MPFR_RNDN);
    mpfr_sub(d, d, p + PR, MPFR_RNDN);
    nhref_aff_init_tol(tol, mpfr_get_prec(x));
    if (mpfr_cmp_ui(p + PR, 1) > 0)
        mpfr_mul(tol, tol, p + PR, MPFR_RNDN);
    if (!(mpfr_cmpabs(d, tol) <= 0)) {
        snprintf(why, len,
                 "initial state: <U, gamma> = r is violated by %.3g (tolerance %.3g): the ball "
                 "must touch the plane (U = B^T u with u3 = r)",
                 mpfr_get_d(d, MPFR_RNDN), mpfr_get_d(tol, MPFR_RNDN));
        status = NHREF_EPARAM;
    }
    mpfr_clears(d, t, tol, (mpfr_ptr)0);
    return status;
}

/* (7.1), component form: f = <M,gamma>, n = |gamma|^2, p = <gamma,U>,
 * c = 1/(I + m r^2), k1 = m r^2/I, k2 = m r eta, k3 = m r^2 sigma */
static nhref_v3_t hcat_omega(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t g, nhref_v3_t U)
{
    nhref_node_t m = PARAM(PM), r = PARAM(PR), I = PARAM(PI1);
    nhref_node_t mr2 = MUL(m, SQR(r));
    nhref_node_t c = DIV(CONST("1"), ADD(I, mr2));
    nhref_node_t k1 = DIV(mr2, I);
    nhref_node_t k2 = MUL(MUL(m, r), PARAM(PETA));
    nhref_node_t k3 = MUL(mr2, PARAM(PSIGMA));
    nhref_node_t f = DOT(M, g), n = DOT(g, g), p = DOT(g, U);
    nhref_node_t k1f = MUL(k1, f);
    nhref_v3_t w;

    for (int i = 0; i < 3; i++) {
        nhref_node_t s = ADD(M.c[i], MUL(k1f, g.c[i]));
        nhref_node_t toy = i < 2 ? MUL(g.c[i], g.c[2]) : SUB(SQR(g.c[2]), n);
        s = ADD(s, MUL(k2, SUB(MUL(U.c[i], n), MUL(g.c[i], p))));
        s = ADD(s, MUL(k3, toy));
        w.c[i] = MUL(c, s);
    }
    return w;
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_v3_t M = STATES3(M1), g = STATES3(GA1), U = STATES3(UU1);
    nhref_v3_t omega = hcat_omega(tp, M, g, U);
    nhref_node_t r = PARAM(PR);
    nhref_node_t rs = MUL(r, PARAM(PSIGMA));
    nhref_v3_t gxe3 = V3(g.c[1], NEG(g.c[0]), ZERO); /* gamma x E3 */
    nhref_v3_t gw = CROSS(g, omega), dU;

    OUT3(M1, CROSS(M, omega));
    OUT3(GA1, gw);
    /* U' = -r gamma x Omega + U x Omega - r sigma gamma x E3 - eta U x gamma */
    dU = VSUB(CROSS(U, omega), VSCALE(r, gw));
    dU = VSUB(dU, VSCALE(rs, gxe3));
    dU = VSUB(dU, VSCALE(PARAM(PETA), CROSS(U, g)));
    OUT3(UU1, dU);
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_v3_t M = STATES3(M1), g = STATES3(GA1), U = STATES3(UU1);
    nhref_v3_t omega = hcat_omega(tp, M, g, U);
    nhref_node_t m = PARAM(PM), r = PARAM(PR), I = PARAM(PI1);
    nhref_node_t sigma = PARAM(PSIGMA), eta = PARAM(PETA);
    nhref_node_t mr2 = MUL(m, SQR(r)), eh, o3;
    nhref_v3_t ws = V3(omega.c[0], omega.c[1], ADD(omega.c[2], sigma));
    nhref_v3_t gws = CROSS(g, ws);

    /* E_H = (I/2)|Omega + sigma E3|^2 + (m r^2/2)|gamma x (Omega + sigma E3)|^2 - (m/2) eta^2 |U|^2 */
    eh = ADD(MUL(I, DOT(ws, ws)), MUL(mr2, DOT(gws, gws)));
    eh = SUB(eh, MUL(MUL(m, SQR(eta)), DOT(U, U)));
    eh = MUL(CONST("0.5"), eh);
    /* Omega3 - sigma m r^2 gamma3^2 / (2 (I + m r^2)) */
    o3 = SUB(omega.c[2], DIV(MUL(MUL(sigma, mr2), SQR(g.c[2])), MUL(CONST("2"), ADD(I, mr2))));
    OUT(MSQ, DOT(M, M));
    OUT(M_GAMMA, DOT(M, g));
    OUT(E_H, eh);
    OUT(GA2M1, SUB(DOT(g, g), CONST("1")));
    OUT(U_GAMMA, DOT(U, g));
    OUT(OMEGA3_S, ADD(o3, nhref_aff_gate(tp, SQR(eta))));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_hcat = {
    .name = "hcat",
    .title = "homogeneous ball with the cat's toy on a uniformly rotating plane (M, gamma, U)",
    .source = "M. Costa Villegas and L. C. García-Naranjo, Affine generalizations of the "
              "nonholonomic problem of a convex body rolling without slipping on the plane, "
              "arXiv:2409.08072 (2024), §5, eq. (5.6), (5.9); spec §7a (7.1)-(7.3)",
    .spec = "docs/models/affine-rolling.md",
    .description =
        "A homogeneous ball (I1 = I2 = I3 = I) of radius r, spun by the cat's-toy mechanism "
        "at the rate sigma about E3, rolls on a turntable rotating at the rate eta about the "
        "vertical through the origin.  State: M, the vertical gamma and the centre U = B^T u, "
        "all in the body frame (the reduced system (7.1)-(7.2); the full system is model gen "
        "with a_i = r, d = 0).  Conserved: |M|^2, <M,gamma>, the moving energy E_H, and the "
        "geometric |gamma|^2 = 1, <U,gamma> = r; the volume dM dgamma dU is invariant.  "
        "Reconstruction: u = B U, x = u - r e3.  Initial states need |gamma| = 1 and "
        "<U,gamma> = r within max(1e-20, 2^(16-prec)).  Default: spec §11 P3 (the paper's "
        "Fig. 8 parameters, G = 2, f = 0).  "
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
    .default_t_end = "20",
    .default_dt_out = "1",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
};

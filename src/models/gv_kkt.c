/* gv_kkt.c -- internal: the tape of the general vehicle with two rotating
 * wheel pairs, full (wheels) and skate model (spec shared/models/
 * wheeled-vehicles.md §2.3-§2.7; Borisov, Kilin & Mamaev 2015, eqs. 1.1-1.4,
 * 3.10-3.13).  See gv_kkt.h.
 *
 * Both models: T = 1/2 w^T M(psi) w, constraints A(psi) w = 0, Hamel
 * equations (spec §0 (H)), solved as the KKT system of spec §2.5:
 *     M w' = h + A^T lambda,   A w' = -b,
 *     h = G - sum_k psi_k' (dM/dpsi_k) w,   b = sum_k psi_k' (dA/dpsi_k) w.
 * Full model: w = (v1, v2, omega, psi1', psi2', chi11', chi12', chi21',
 * chi22'), M = blockdiag(M5, diag(i1, i1, i2, i2)), rows f_k, g_k1, g_k2 (a
 * 15 x 15 system); skate model: w = (v1, v2, omega, psi1', psi2'), the skate
 * masses in M5, rows f_k (7 x 7).  The whole system [M A^T; A 0] is one tape
 * SOLVE (nhref_tape_solve: Gaussian elimination with partial pivoting, which
 * the zero block needs).  It is nonsingular wherever A has full rank and M is
 * positive definite on ker A: off the singular set of spec §2.8, for every
 * i_k >= 0 (also i_k = 0, where M itself is singular: each g_kj fixes chi_kj').
 * Off the constraint manifold the field keeps A w constant (spec §2.7).
 */
#include <math.h>
#include <stdio.h>

#include "models/build.h"
#include "models/gv_kkt.h"

/* ------------------------------------------------------------------ parameters */
#define LINK_PARAMS(k, m, j, ra, rb, rn, rt, h, l, i)                                            \
    {"m_" #k, "kg", "mass of link " #k " including its two wheels", m, "> 0"},                  \
    {"j_" #k, "kg m^2",                                                                         \
     "moment of inertia of link " #k " (with wheels, spin excluded) about the vertical through " \
     "its hinge O_" #k,                                                                         \
     j, "> m_" #k " |R0_" #k "|^2"},                                                            \
    {"R0_" #k "n", "m", "centre of mass of link " #k " relative to O_" #k ", along the axle n_" #k, \
     ra, "any"},                                                                                \
    {"R0_" #k "tau", "m",                                                                       \
     "centre of mass of link " #k " relative to O_" #k ", along the rolling direction tau_" #k, rb, \
     "any"},                                                                                    \
    {"rho_" #k "n", "m", "centre of wheel pair " #k " relative to O_" #k ", along the axle", rn,   \
     "any"},                                                                                    \
    {"rho_" #k "tau", "m",                                                                      \
     "centre of wheel pair " #k " relative to O_" #k ", along the rolling direction (caster "    \
     "offset)",                                                                                 \
     rt, "any"},                                                                                \
    {"h_" #k, "m", "wheel radius of pair " #k, h, "> 0"},                                       \
    {"l_" #k, "m", "half the distance between the two wheels of pair " #k, l, ">= 0"},          \
    {"i_" #k, "kg m^2", "axial moment of inertia of ONE wheel of pair " #k, i, ">= 0"}

/* defaults: case GV-1 of spec §7.4 */
const nhref_param_desc_t nhref_gv_param[GV_NPARAM] = {
    {"m_f", "kg", "platform mass", "3", "> 0"},
    {"I_f", "kg m^2", "platform moment of inertia about the vertical through the body origin o",
     "2", "> m_f |R_f|^2"},
    {"R_f1", "m", "platform centre of mass, body x", "0.2", "any"},
    {"R_f2", "m", "platform centre of mass, body y", "-0.1", "any"},
    {"r_11", "m", "hinge O_1 of link 1, body x", "0.3", "any; r_1 != r_2"},
    {"r_12", "m", "hinge O_1 of link 1, body y", "1", "any; r_1 != r_2"},
    {"r_21", "m", "hinge O_2 of link 2, body x", "-0.2", "any; r_1 != r_2"},
    {"r_22", "m", "hinge O_2 of link 2, body y", "-0.8", "any; r_1 != r_2"},
    LINK_PARAMS(1, "0.5", "0.1", "0.05", "-0.1", "0.02", "-0.15", "0.2", "0.25", "0.01"),
    LINK_PARAMS(2, "0.6", "0.15", "-0.04", "0.125", "-0.025", "0.2", "0.3", "0.2", "0.015"),
};

static int fail(char *why, size_t len, const char *msg)
{
    snprintf(why, len, "%s", msg);
    return NHREF_EPARAM;
}

int nhref_gv_check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t a, b;
    int bad = 0;
    char msg[200];

    if (mpfr_sgn(p + GV_MF) <= 0)
        return fail(why, len, "parameter m_f must be > 0 (admissible range: m_f > 0)");
    mpfr_inits2(mpfr_get_prec(p) + 16, a, b, (mpfr_ptr)0);
    /* I_f > m_f |R_f|^2 (parallel axes; strict: the mass matrix is then positive definite) */
    mpfr_sqr(a, p + GV_RF1, MPFR_RNDN);
    mpfr_sqr(b, p + GV_RF2, MPFR_RNDN);
    mpfr_add(a, a, b, MPFR_RNDN);
    mpfr_mul(a, a, p + GV_MF, MPFR_RNDN);
    if (mpfr_cmp(p + GV_IF, a) <= 0) {
        bad = fail(why, len,
                   "parameter I_f must exceed m_f |R_f|^2 (admissible range: I_f > m_f |R_f|^2, "
                   "otherwise the mass matrix and the KKT matrix are singular)");
        goto out;
    }
    if (mpfr_equal_p(p + GV_R11, p + GV_R21) && mpfr_equal_p(p + GV_R12, p + GV_R22)) {
        bad = fail(why, len, "hinges r_1 = r_2 coincide (admissible: r_1 != r_2)");
        goto out;
    }
    for (int k = 1; k <= 2; k++) {
        mpfr_srcptr q = p + GV_LINK(k);
        if (mpfr_sgn(q + GV_M) <= 0) {
            snprintf(msg, sizeof msg, "parameter m_%d must be > 0 (admissible range: m_%d > 0)", k, k);
            bad = fail(why, len, msg);
            goto out;
        }
        mpfr_sqr(a, q + GV_R0A, MPFR_RNDN);
        mpfr_sqr(b, q + GV_R0B, MPFR_RNDN);
        mpfr_add(a, a, b, MPFR_RNDN);
        mpfr_mul(a, a, q + GV_M, MPFR_RNDN);
        if (mpfr_sgn(q + GV_J) <= 0 || mpfr_cmp(q + GV_J, a) <= 0) {
            snprintf(msg, sizeof msg,
                     "parameter j_%d must be > 0 and exceed m_%d |R0_%d|^2 (admissible range: "
                     "j_%d > m_%d |R0_%d|^2, otherwise the KKT matrix is singular)",
                     k, k, k, k, k, k);
            bad = fail(why, len, msg);
            goto out;
        }
        if (mpfr_sgn(q + GV_H) <= 0) {
            snprintf(msg, sizeof msg, "parameter h_%d must be > 0 (admissible range: h_%d > 0)", k, k);
            bad = fail(why, len, msg);
            goto out;
        }
        if (mpfr_sgn(q + GV_L) < 0) {
            snprintf(msg, sizeof msg, "parameter l_%d must be >= 0 (admissible range: l_%d >= 0)", k, k);
            bad = fail(why, len, msg);
            goto out;
        }
        if (mpfr_sgn(q + GV_I) < 0) {
            snprintf(msg, sizeof msg, "parameter i_%d must be >= 0 (admissible range: i_%d >= 0)", k, k);
            bad = fail(why, len, msg);
            goto out;
        }
    }
out:
    mpfr_clears(a, b, (mpfr_ptr)0);
    return bad ? NHREF_EPARAM : NHREF_OK;
}

/* The checks are made in MPFR at the precision of X0 for the constraint values
 * (their cancellation is the point), the rank test in double. */
int nhref_gv_check_init(mpfr_srcptr p, mpfr_srcptr x0, int full, size_t ipsi, size_t iv,
                        size_t ic, char *why, size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(x0);
    double tol = fmax(1e-40, ldexp(1.0, 14 - (int)(prec > 1000 ? 1000 : prec)));
    mpfr_t c, s, acc, sum, term;
    double af[2][5], nrm[2], gram[3];
    int status = NHREF_OK;

    mpfr_inits2(prec + 32, c, s, acc, sum, term, (mpfr_ptr)0);
    for (int k = 1; k <= 2 && status == NHREF_OK; k++) {
        mpfr_srcptr q = p + GV_LINK(k);
        mpfr_srcptr r1 = p + (k == 1 ? GV_R11 : GV_R21), r2 = p + (k == 1 ? GV_R12 : GV_R22);
        mpfr_srcptr w = x0 + iv;
        mpfr_sin_cos(s, c, x0 + ipsi + (k - 1), MPFR_RNDN);
        /* the f_k row in double for the rank test */
        af[k - 1][0] = mpfr_get_d(c, MPFR_RNDN);
        af[k - 1][1] = mpfr_get_d(s, MPFR_RNDN);
        af[k - 1][2] = mpfr_get_d(r1, MPFR_RNDN) * af[k - 1][1] -
                       mpfr_get_d(r2, MPFR_RNDN) * af[k - 1][0] - mpfr_get_d(q + GV_RHOT, MPFR_RNDN);
        af[k - 1][3] = k == 1 ? -mpfr_get_d(q + GV_RHOT, MPFR_RNDN) : 0;
        af[k - 1][4] = k == 2 ? -mpfr_get_d(q + GV_RHOT, MPFR_RNDN) : 0;
        /* rows f_k (sigma = 0) and g_k1, g_k2 (sigma = +-1) in MPFR */
        for (int row = 0; row < (full ? 3 : 1) && status == NHREF_OK; row++) {
            int sigma = row == 0 ? 0 : row == 1 ? 1 : -1;
            mpfr_t co[5];
            for (int i = 0; i < 5; i++)
                mpfr_init2(co[i], prec + 32);
            if (row == 0) {
                mpfr_set(co[0], c, MPFR_RNDN);
                mpfr_set(co[1], s, MPFR_RNDN);
                mpfr_mul(co[2], r1, s, MPFR_RNDN);
                mpfr_mul(term, r2, c, MPFR_RNDN);
                mpfr_sub(co[2], co[2], term, MPFR_RNDN);
                mpfr_sub(co[2], co[2], q + GV_RHOT, MPFR_RNDN);
                mpfr_neg(co[3 + (k - 1)], q + GV_RHOT, MPFR_RNDN);
                mpfr_set_zero(co[3 + (2 - k)], 1);
            } else {
                mpfr_neg(co[0], s, MPFR_RNDN);
                mpfr_set(co[1], c, MPFR_RNDN);
                mpfr_set(co[3 + (k - 1)], q + GV_L, MPFR_RNDN);
                if (sigma < 0)
                    mpfr_neg(co[3 + (k - 1)], co[3 + (k - 1)], MPFR_RNDN);
                mpfr_add(co[3 + (k - 1)], co[3 + (k - 1)], q + GV_RHON, MPFR_RNDN);
                mpfr_set_zero(co[3 + (2 - k)], 1);
                mpfr_mul(co[2], r1, c, MPFR_RNDN);
                mpfr_fma(co[2], r2, s, co[2], MPFR_RNDN);
                mpfr_add(co[2], co[2], co[3 + (k - 1)], MPFR_RNDN);
            }
            mpfr_set_zero(acc, 1);
            mpfr_set_zero(sum, 1);
            for (int i = 0; i < 5; i++) {
                mpfr_mul(term, co[i], w + i, MPFR_RNDN);
                mpfr_add(acc, acc, term, MPFR_RNDN);
                mpfr_abs(term, term, MPFR_RNDN);
                mpfr_add(sum, sum, term, MPFR_RNDN);
            }
            if (row > 0) {
                mpfr_mul(term, q + GV_H, x0 + ic + 2 * (k - 1) + (row - 1), MPFR_RNDN);
                mpfr_add(acc, acc, term, MPFR_RNDN);
                mpfr_abs(term, term, MPFR_RNDN);
                mpfr_add(sum, sum, term, MPFR_RNDN);
            }
            mpfr_abs(acc, acc, MPFR_RNDN);
            mpfr_mul_d(sum, sum, tol, MPFR_RNDN);
            if (mpfr_cmp(acc, sum) > 0) {
                if (row == 0)
                    snprintf(why, len,
                             "initial state violates the constraint f_%d = (v_%d, n_%d) - "
                             "rho_%dtau omega_%d = 0: |f_%d| = %.3g > %.1g relative",
                             k, k, k, k, k, k, mpfr_get_d(acc, MPFR_RNDN), tol);
                else
                    snprintf(why, len,
                             "initial state violates the rolling constraint g_%d%d = 0 (wheel "
                             "spin chi_%d%d' = -[(v_%d, tau_%d) + (rho_%dn %c l_%d) omega_%d]/h_%d): "
                             "|g_%d%d| = %.3g > %.1g relative",
                             k, row, k, row, k, k, k, row == 1 ? '+' : '-', k, k, k, k, row,
                             mpfr_get_d(acc, MPFR_RNDN), tol);
                status = NHREF_EPARAM;
            }
            for (int i = 0; i < 5; i++)
                mpfr_clear(co[i]);
        }
    }
    mpfr_clears(c, s, acc, sum, term, (mpfr_ptr)0);
    if (status != NHREF_OK)
        return status;
    /* rank of A(psi): Gram determinant of the two f rows relative to their norms */
    for (int k = 0; k < 2; k++) {
        nrm[k] = 0;
        for (int i = 0; i < 5; i++)
            nrm[k] += af[k][i] * af[k][i];
    }
    gram[0] = 0;
    for (int i = 0; i < 5; i++)
        gram[0] += af[0][i] * af[1][i];
    gram[1] = nrm[0] * nrm[1] - gram[0] * gram[0];
    if (gram[1] <= 1e-24 * nrm[0] * nrm[1])
        return fail(why, len,
                    "initial configuration on the singular set of spec §2.8: A(psi) is "
                    "rank-deficient (rho_1tau = rho_2tau = 0 and the two axle lines coincide, "
                    "n_1 || n_2 || r_2 - r_1); the KKT matrix is singular there");
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the vehicle */
typedef struct {
    nhref_node_t c[2], s[2];  /* cos, sin psi_k */
    nhref_node_t r[2][2];     /* hinge r_k */
    nhref_node_t S[2][2];     /* S_k = Q(psi_k) (first moment of link k), body frame */
    nhref_node_t M[25];       /* 5x5 mass matrix, (v1, v2, omega, psi1', psi2') */
    nhref_node_t af[2][5];    /* rows f_k */
    nhref_node_t ag[2][2][5]; /* rows g_kj restricted to the 5 velocities */
    nhref_node_t ik_h2[2];    /* i_k / h_k^2 */
} vehicle_t;

/* The mass matrix of spec §2.5 with link masses (mu_k, S_k, J_k): the full
 * model's (SKATE = 0) or the skate model's of spec §2.4 (SKATE = 1). */
static void vehicle_mass(nhref_tape_t *tp, vehicle_t *v, int skate)
{
    nhref_node_t mf = PARAM(GV_MF);
    nhref_node_t mtot = mf, Sc[2], I0 = PARAM(GV_IF), J[2];
    nhref_node_t two = CONST("2");

    Sc[0] = MUL(mf, PARAM(GV_RF1));
    Sc[1] = MUL(mf, PARAM(GV_RF2));
    for (int k = 0; k < 2; k++) {
        int b = GV_LINK(k + 1);
        nhref_node_t mu = PARAM(b + GV_M);
        nhref_node_t S0a = MUL(mu, PARAM(b + GV_R0A));
        nhref_node_t S0b = MUL(mu, PARAM(b + GV_R0B));
        J[k] = PARAM(b + GV_J);
        if (skate) { /* spec §2.4: the wheel pair's added mass 2 i / h^2 at rho_k */
            nhref_node_t rn = PARAM(b + GV_RHON), rt = PARAM(b + GV_RHOT), l = PARAM(b + GV_L);
            nhref_node_t add_m = MUL(two, v->ik_h2[k]);
            mu = ADD(mu, add_m);
            S0a = ADD(S0a, MUL(add_m, rn));
            S0b = ADD(S0b, MUL(add_m, rt));
            J[k] = ADD(J[k], MUL(add_m, ADD(ADD(SQR(rn), SQR(rt)), SQR(l))));
        }
        mtot = ADD(mtot, mu);
        Sc[0] = ADD(Sc[0], MUL(mu, v->r[k][0]));
        Sc[1] = ADD(Sc[1], MUL(mu, v->r[k][1]));
        I0 = ADD(I0, MUL(mu, ADD(SQR(v->r[k][0]), SQR(v->r[k][1]))));
        /* S_k = Q(psi_k) (S0a, S0b) */
        v->S[k][0] = SUB(MUL(v->c[k], S0a), MUL(v->s[k], S0b));
        v->S[k][1] = ADD(MUL(v->s[k], S0a), MUL(v->c[k], S0b));
    }
    for (int i = 0; i < 25; i++)
        v->M[i] = ZERO;
#define MM(i, j) v->M[(i) * 5 + (j)]
    MM(0, 0) = MM(1, 1) = mtot;
    MM(0, 2) = NEG(ADD(Sc[1], ADD(v->S[0][1], v->S[1][1])));
    MM(1, 2) = ADD(Sc[0], ADD(v->S[0][0], v->S[1][0]));
    MM(2, 2) = I0;
    for (int k = 0; k < 2; k++) {
        nhref_node_t SR = ADD(MUL(v->S[k][0], v->r[k][0]), MUL(v->S[k][1], v->r[k][1]));
        MM(0, 3 + k) = NEG(v->S[k][1]);
        MM(1, 3 + k) = v->S[k][0];
        MM(2, 2) = ADD(MM(2, 2), ADD(MUL(two, SR), J[k]));
        MM(2, 3 + k) = ADD(SR, J[k]);
        MM(3 + k, 3 + k) = J[k];
    }
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < i; j++)
            MM(i, j) = MM(j, i);
#undef MM
}

/* 1/2 w^T M w */
static nhref_node_t quad_form(nhref_tape_t *tp, const nhref_node_t *M, const nhref_node_t *w)
{
    nhref_node_t s = ZERO;
    for (int i = 0; i < 5; i++)
        s = ADD(s, MUL(w[i], DOTN(5, M + 5 * i, w)));
    return MUL(CONST("0.5"), s);
}

/* configuration-dependent quantities: angles, hinges, constraint rows */
static void vehicle_init(nhref_tape_t *tp, vehicle_t *v, nhref_node_t psi1, nhref_node_t psi2)
{
    nhref_node_t psi[2] = {psi1, psi2};
    v->r[0][0] = PARAM(GV_R11);
    v->r[0][1] = PARAM(GV_R12);
    v->r[1][0] = PARAM(GV_R21);
    v->r[1][1] = PARAM(GV_R22);
    for (int k = 0; k < 2; k++) {
        int b = GV_LINK(k + 1);
        nhref_node_t rn = PARAM(b + GV_RHON), rt = PARAM(b + GV_RHOT);
        nhref_node_t l = PARAM(b + GV_L), h = PARAM(b + GV_H);
        nhref_node_t c, s, rr;
        c = v->c[k] = COS(psi[k]);
        s = v->s[k] = SIN(psi[k]);
        v->ik_h2[k] = DIV(PARAM(b + GV_I), SQR(h));
        /* f_k : [c, s, r_k1 s - r_k2 c - rho_ktau, -rho_ktau at psi_k'] */
        v->af[k][0] = c;
        v->af[k][1] = s;
        v->af[k][2] = SUB(SUB(MUL(v->r[k][0], s), MUL(v->r[k][1], c)), rt);
        v->af[k][3 + k] = NEG(rt);
        v->af[k][3 + 1 - k] = ZERO;
        /* g_kj : [-s, c, r_k1 c + r_k2 s + rho_kn +- l_k, (rho_kn +- l_k) at psi_k'] */
        rr = ADD(MUL(v->r[k][0], c), MUL(v->r[k][1], s));
        for (int j = 0; j < 2; j++) {
            nhref_node_t e = j == 0 ? ADD(rn, l) : SUB(rn, l);
            v->ag[k][j][0] = NEG(s);
            v->ag[k][j][1] = c;
            v->ag[k][j][2] = ADD(rr, e);
            v->ag[k][j][3 + k] = e;
            v->ag[k][j][3 + 1 - k] = ZERO;
        }
    }
}

/* the integral tape (nhref_gv_build, INTEGRALS = 1) */
static int build_integrals(nhref_tape_t *tp, int full, const vehicle_t *v0, const nhref_node_t *w)
{
    const size_t ipsi = 3, ichi = full ? 5 : 10, icd = 14;
    nhref_node_t phi = STATE(2);
    vehicle_t v = *v0, vs = *v0;
    nhref_node_t T;
    size_t o = 0;

    vehicle_mass(tp, &v, 0);
    vehicle_mass(tp, &vs, 1);
    if (full) {
        T = quad_form(tp, v.M, w);
        for (int k = 0; k < 2; k++) {
            nhref_node_t i = PARAM(GV_LINK(k + 1) + GV_I);
            for (int j = 0; j < 2; j++)
                T = ADD(T, MUL(MUL(CONST("0.5"), i), SQR(STATE(icd + 2 * (size_t)k + (size_t)j))));
        }
        OUT(o++, T);
    } else {
        OUT(o++, quad_form(tp, vs.M, w));
    }
    for (int k = 0; k < 2; k++)
        OUT(o++, DOTN(5, v.af[k], w));
    if (full)
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < 2; j++) {
                nhref_node_t h = PARAM(GV_LINK(k + 1) + GV_H);
                nhref_node_t cd = STATE(icd + 2 * (size_t)k + (size_t)j);
                OUT(o++, ADD(DOTN(5, v.ag[k][j], w), MUL(h, cd)));
            }
    /* eta_k = h_k (chi_k1 - chi_k2)/2 + l_k (phi + psi_k) (spec 2.4, paper 3.9) */
    for (int k = 0; k < 2; k++) {
        int b = GV_LINK(k + 1);
        nhref_node_t d = SUB(STATE(ichi + 2 * (size_t)k), STATE(ichi + 2 * (size_t)k + 1));
        nhref_node_t e = MUL(PARAM(b + GV_H), MUL(CONST("0.5"), d));
        OUT(o++, ADD(e, MUL(PARAM(b + GV_L), ADD(phi, STATE(ipsi + (size_t)k)))));
    }
    if (full)
        OUT(o++, quad_form(tp, vs.M, w));
    return nhref_tape_status(tp);
}

int nhref_gv_build(nhref_tape_t *tp, int full, int integrals)
{
    /* state layout */
    const size_t ipsi = 3, iv = full ? 9 : 5, ichi = full ? 5 : 10, icd = 14;
    /* the KKT system: nw velocities, nc constraints */
    const size_t nw = full ? 9 : 5, nc = full ? 6 : 2, n = nw + nc;
    nhref_node_t phi = STATE(2);
    nhref_node_t w[5], hv[5], bf[2], bg[2][2], K[15 * 15], rhs[15], y[15];
    vehicle_t v;

    for (int i = 0; i < 5; i++)
        w[i] = STATE(iv + (size_t)i);
    vehicle_init(tp, &v, STATE(ipsi), STATE(ipsi + 1));
    if (integrals)
        return build_integrals(tp, full, &v, w);

    vehicle_mass(tp, &v, !full);
    /* h = G - sum_k psi_k' (dM/dpsi_k) w (gv_kkt.h derivation, spec §2.5):
     *   h1 =  omega P2 + sum psi_k' S_k1 omega_k
     *   h2 = -omega P1 + sum psi_k' S_k2 omega_k
     *   h3 = -(v1 P2 - v2 P1) - sum psi_k' (q_k + (S_k x r_k)(2 omega + psi_k'))
     *   h_{3+k} = omega (q_k + omega (S_k x r_k)),   P = M w,  q_k = -(S_k, v).
     * The wheel block diag(i_k) is constant: its entries of h are 0. */
    {
        nhref_node_t v1 = w[0], v2 = w[1], om = w[2];
        nhref_node_t P0 = DOTN(5, v.M, w), P1 = DOTN(5, v.M + 5, w);
        hv[0] = MUL(om, P1);
        hv[1] = NEG(MUL(om, P0));
        hv[2] = NEG(SUB(MUL(v1, P1), MUL(v2, P0)));
        for (int k = 0; k < 2; k++) {
            nhref_node_t pd = w[3 + k], omk = ADD(om, pd);
            nhref_node_t q = NEG(ADD(MUL(v.S[k][0], v1), MUL(v.S[k][1], v2)));
            nhref_node_t sxr = SUB(MUL(v.S[k][0], v.r[k][1]), MUL(v.S[k][1], v.r[k][0]));
            nhref_node_t pdok = MUL(pd, omk);
            hv[0] = ADD(hv[0], MUL(pdok, v.S[k][0]));
            hv[1] = ADD(hv[1], MUL(pdok, v.S[k][1]));
            hv[2] = SUB(hv[2], MUL(pd, ADD(q, MUL(sxr, ADD(ADD(om, om), pd)))));
            hv[3 + k] = MUL(om, ADD(q, MUL(om, sxr)));
        }
    }
    /* b rows: psi_k' (d row / d psi_k) . w */
    for (int k = 0; k < 2; k++) {
        nhref_node_t pd = w[3 + k], c = v.c[k], s = v.s[k];
        nhref_node_t rr = ADD(MUL(v.r[k][0], c), MUL(v.r[k][1], s));
        nhref_node_t rs = SUB(MUL(v.r[k][1], c), MUL(v.r[k][0], s));
        /* d f_k: [-s, c, r_k1 c + r_k2 s] */
        bf[k] = MUL(pd, ADD(SUB(MUL(c, w[1]), MUL(s, w[0])), MUL(rr, w[2])));
        /* d g_kj: [-c, -s, -r_k1 s + r_k2 c] (the same for j = 1, 2) */
        bg[k][0] = bg[k][1] = MUL(pd, ADD(NEG(ADD(MUL(c, w[0]), MUL(s, w[1]))), MUL(rs, w[2])));
    }
    /* the KKT system of spec §2.5 with mu = -lambda, one SOLVE (partial pivoting
     * handles the zero block; nonsingular off the singular set of spec §2.8, also
     * for i_k = 0):
     *     [ M  A^T ] [ w' ]   [  h ]
     *     [ A   0  ] [ mu ] = [ -b ],
     * w = (v1, v2, omega, psi1', psi2'[, chi11', chi12', chi21', chi22']),
     * M = M5 [+ diag(i1, i1, i2, i2)], A rows f_1, f_2 [, g_11, g_12, g_21, g_22]. */
    for (size_t i = 0; i < n * n; i++)
        K[i] = ZERO;
    for (size_t i = 0; i < n; i++)
        rhs[i] = ZERO;
#define KK(i, j) K[(i)*n + (j)]
    for (size_t i = 0; i < 5; i++) {
        for (size_t j = 0; j < 5; j++)
            KK(i, j) = v.M[i * 5 + j];
        rhs[i] = hv[i];
    }
    for (size_t k = 0; k < 2; k++) {
        for (size_t i = 0; i < 5; i++)
            KK(nw + k, i) = KK(i, nw + k) = v.af[k][i];
        rhs[nw + k] = NEG(bf[k]);
    }
    if (full)
        for (size_t k = 0; k < 2; k++) {
            nhref_node_t h = PARAM(GV_LINK(k + 1) + GV_H), ik = PARAM(GV_LINK(k + 1) + GV_I);
            for (size_t j = 0; j < 2; j++) {
                size_t col = 5 + 2 * k + j, row = nw + 2 + 2 * k + j;
                KK(col, col) = ik;
                for (size_t i = 0; i < 5; i++)
                    KK(row, i) = KK(i, row) = v.ag[k][j][i];
                KK(row, col) = KK(col, row) = h;
                rhs[row] = NEG(bg[k][j]);
            }
        }
#undef KK
    SOLVE(n, K, rhs, y);
    /* kinematics (R) */
    {
        nhref_node_t cp = COS(phi), sp = SIN(phi);
        OUT(0, SUB(MUL(w[0], cp), MUL(w[1], sp)));
        OUT(1, ADD(MUL(w[0], sp), MUL(w[1], cp)));
        OUT(2, w[2]);
        OUT(ipsi, w[3]);
        OUT(ipsi + 1, w[4]);
    }
    for (size_t i = 0; i < 5; i++)
        OUT(iv + i, y[i]);
    /* wheel spins: full model chi_kj' (state) and chi_kj'' (the solve); skate
     * model chi_kj' = -(g5_kj . w)/h_k (spec 2.6) */
    for (size_t k = 0; k < 2; k++) {
        nhref_node_t h = PARAM(GV_LINK(k + 1) + GV_H);
        for (size_t j = 0; j < 2; j++) {
            size_t ij = 2 * k + j;
            if (full) {
                OUT(ichi + ij, STATE(icd + ij));
                OUT(icd + ij, y[5 + ij]);
            } else {
                OUT(ichi + ij, NEG(DIV(DOTN(5, v.ag[k][j], w), h)));
            }
        }
    }
    return nhref_tape_status(tp);
}

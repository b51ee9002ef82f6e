/* suslov_servo.c -- the generalized Suslov problem: a rigid body about a fixed
 * point O with the servo-constraint omega3 = 0 enforced by a control torque
 * lambda b about a body-fixed axis b, free or in uniform gravity (model M3).
 *
 * Spec: shared/models/servoconstraints.md §4.  Equations (spec §4.2, component
 * form; paper (5.1)/(8.1)):
 *   omega1' = (A1 w1^2 + B1 w1 w2 + C1 w2^2)/D + g1(tau),
 *   omega2' = (A2 w1^2 + B2 w1 w2 + C2 w2^2)/D + g2(tau),
 *   lambda  = (L1 w1^2 + L2 w1 w2 + L3 w2^2)/D + gl(tau),
 *   gamma'  = gamma x omega,  W' = lambda (b1 w1 + b2 w2),
 * tau = gamma x c, D = (adj(I) e3, b) != 0 (realizability).  b1 = b2 = 0 is
 * the classical (nonholonomic) Suslov problem.
 * Source: V. V. Kozlov, "The Dynamics of Systems with Servoconstraints. I",
 * Regul. Chaotic Dyn. 20(3) (2015) 205-224, §5 and §8, eqs. (5.1)-(5.7), (8.1).
 */
#include <stdio.h>

#include "models/build.h"
#include "nhref_model.h"

enum { W1, W2, G1, G2, G3, WORK, NSTATE };
enum { I11, I12, I13, I22, I23, I33, B1, B2, B3, C1, C2, C3, NPARAM };
enum { GAMMA2, TKIN, EN, ENW, FI, JI, G2I, HI, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"omega1", "rad/s", "angular velocity, body axis e1", "0.5"},
    {"omega2", "rad/s", "angular velocity, body axis e2 (omega3 = 0 by the servo-constraint)",
     "-0.4"},
    {"gamma1", "1", "upward unit vertical in the body frame, component 1", "0.6"},
    {"gamma2", "1", "upward unit vertical in the body frame, component 2", "0"},
    {"gamma3", "1", "upward unit vertical in the body frame, component 3", "0.8"},
    {"W", "J", "work of the servo torque, W' = lambda (b1 omega1 + b2 omega2)", "0"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"I11", "kg m^2", "inertia tensor entry", "2", "I11 > 0 and I11 I22 - I12^2 > 0"},
    {"I12", "kg m^2", "inertia tensor entry", "0.3", "I11 I22 - I12^2 > 0"},
    {"I13", "kg m^2", "inertia tensor entry", "0.2", "any real (det I > 0 if I33 is given)"},
    {"I22", "kg m^2", "inertia tensor entry", "1.5", "I22 > 0 and I11 I22 - I12^2 > 0"},
    {"I23", "kg m^2", "inertia tensor entry", "-0.25", "any real (det I > 0 if I33 is given)"},
    {"I33", "kg m^2", "inertia tensor entry; never enters the equations (0 = not given)", "0",
     "0 (not given), or > 0 with the full tensor I positive definite"},
    {"b1", "1", "direction of the control torque, component 1", "0.2", "b != 0, D != 0"},
    {"b2", "1", "direction of the control torque, component 2", "0.5", "b != 0, D != 0"},
    {"b3", "1", "direction of the control torque, component 3", "1", "b != 0, D != 0"},
    {"c1", "N m", "weight times the centre-of-mass vector, component 1 (0: free body)", "0",
     "any real"},
    {"c2", "N m", "weight times the centre-of-mass vector, component 2", "0", "any real"},
    {"c3", "N m", "weight times the centre-of-mass vector, component 3", "0", "any real"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"gamma_sq", "1", "|gamma|^2 = gamma1^2 + gamma2^2 + gamma3^2 (= 1)", "always"},
    {"T", "J", "kinetic energy (I11 w1^2 + 2 I12 w1 w2 + I22 w2^2)/2, w1 = omega1, w2 = omega2",
     "conserved in the free nonholonomic case b1 = b2 = 0, c = 0"},
    {"E", "J", "energy T + (c, gamma)", "nonholonomic case b1 = b2 = 0 (any I, c)"},
    {"E_minus_W", "J", "work-energy balance T + (c, gamma) - W", "always"},
    {"F", "N kg m^3/s", "(I omega, c) (Theorem 7 / Kharlamova)",
     "I13 = I23 = 0, c3 = 0 and b1 c1 + b2 c2 = 0 (spec §4.3, §4.7)"},
    {"J", "kg m^2/s",
     "linear integral (b2 I11 - b1 I12) omega1 + (b2 I12 - b1 I22) omega2",
     "case S1: I13 = I23 = 0, c = 0 (spec §4.5)"},
    {"G2", "kg^2 m^4/s^2",
     "quadratic integral (5.11): I11 [b2 (I11 - I22) - b3 I23] omega1^2 - I23 (b3 I22 - b2 "
     "I23) omega2^2",
     "case S2: b1 = 0, I12 = I13 = 0, c = 0 (spec §4.5)"},
    {"H", "rad^3/s^3",
     "cubic integral (A2 w1^3 - 3 A1 w1^2 w2 - (3/2) B1 w1 w2^2 - C1 w2^3)/(3 D), with the "
     "coefficients A1, B1, C1, A2 of omega' and D of spec §4.2 (w1 = omega1, w2 = omega2)",
     "case S3: divergence-free (C_1 = C_2 = 0, spec §4.6), c = 0"},
};

/* |x| <= 2^-200 * scale counts as zero: parameters arrive as decimal strings
 * rounded to 256 bits, so an exact 0 of a polynomial in them may round to a
 * tiny non-zero value */
static int negligible(mpfr_srcptr x, mpfr_srcptr scale)
{
    mpfr_t e;
    int r;
    if (mpfr_zero_p(x))
        return 1;
    mpfr_init2(e, 64);
    mpfr_mul_2si(e, scale, -200, MPFR_RNDN);
    r = mpfr_cmpabs(x, e) <= 0;
    mpfr_clear(e);
    return r;
}

/* spec §10 item 1 for M3: positive definite 2x2 block (and full I if I33 is
 * given), b != 0, realizability D != 0 */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t det2, t, u, k1, k2, k3, D, s;
    int status = NHREF_OK;

    mpfr_inits2(320, det2, t, u, k1, k2, k3, D, s, (mpfr_ptr)0);
    /* Delta = I11 I22 - I12^2 */
    mpfr_mul(det2, p + I11, p + I22, MPFR_RNDN);
    mpfr_sqr(t, p + I12, MPFR_RNDN);
    mpfr_sub(det2, det2, t, MPFR_RNDN);
    if (mpfr_sgn(p + I11) <= 0 || mpfr_sgn(det2) <= 0) {
        snprintf(why, len,
                 "the block [[I11, I12], [I12, I22]] must be positive definite: I11 > 0 and "
                 "I11 I22 - I12^2 > 0 (admissible range, spec §4.1)");
        status = NHREF_EPARAM;
        goto out;
    }
    /* k = adj(I) e3 */
    mpfr_mul(k1, p + I12, p + I23, MPFR_RNDN);
    mpfr_mul(t, p + I13, p + I22, MPFR_RNDN);
    mpfr_sub(k1, k1, t, MPFR_RNDN);
    mpfr_mul(k2, p + I12, p + I13, MPFR_RNDN);
    mpfr_mul(t, p + I11, p + I23, MPFR_RNDN);
    mpfr_sub(k2, k2, t, MPFR_RNDN);
    mpfr_set(k3, det2, MPFR_RNDN);
    if (mpfr_sgn(p + I33) < 0) {
        snprintf(why, len, "parameter I33 must be >= 0 (admissible: 0 = not given, or > 0 with "
                           "det I > 0)");
        status = NHREF_EPARAM;
        goto out;
    }
    if (mpfr_sgn(p + I33) > 0) {
        /* det I = I33 Delta + I13 k1 + I23 k2 (expansion along the third row) */
        mpfr_mul(D, p + I33, det2, MPFR_RNDN);
        mpfr_mul(t, p + I13, k1, MPFR_RNDN);
        mpfr_add(D, D, t, MPFR_RNDN);
        mpfr_mul(t, p + I23, k2, MPFR_RNDN);
        mpfr_add(D, D, t, MPFR_RNDN);
        mpfr_mul(s, p + I33, det2, MPFR_RNDN);
        if (mpfr_sgn(D) <= 0 || negligible(D, s)) {
            snprintf(why, len,
                     "the inertia tensor I (with the given I33) must be positive definite: "
                     "det I > 0 (admissible range, spec §10 item 1)");
            status = NHREF_EPARAM;
            goto out;
        }
    }
    if (mpfr_zero_p(p + B1) && mpfr_zero_p(p + B2) && mpfr_zero_p(p + B3)) {
        snprintf(why, len, "the servo direction b = (b1, b2, b3) must be != 0 (spec §4.1)");
        status = NHREF_EPARAM;
        goto out;
    }
    /* D = (k, b); scale = sum |b_i| (|first product| + |second product|) of k_i,
     * the size of the terms that cancel when D = 0 */
    {
        static const int kk[3][4] = {{I12, I23, I13, I22}, {I12, I13, I11, I23},
                                     {I11, I22, I12, I12}};
        mpfr_set_zero(D, 1);
        mpfr_set_zero(s, 1);
        for (int i = 0; i < 3; i++) {
            mpfr_mul(t, p + kk[i][0], p + kk[i][1], MPFR_RNDN);
            mpfr_mul(u, p + kk[i][2], p + kk[i][3], MPFR_RNDN);
            mpfr_sub(k1, t, u, MPFR_RNDN);
            mpfr_fma(D, k1, p + B1 + i, D, MPFR_RNDN);
            mpfr_abs(t, t, MPFR_RNDN);
            mpfr_abs(u, u, MPFR_RNDN);
            mpfr_add(t, t, u, MPFR_RNDN);
            mpfr_mul(t, t, p + B1 + i, MPFR_RNDN);
            mpfr_abs(t, t, MPFR_RNDN);
            mpfr_add(s, s, t, MPFR_RNDN);
        }
    }
    if (negligible(D, s)) {
        snprintf(why, len,
                 "realizability: D = b1 (I12 I23 - I13 I22) + b2 (I12 I13 - I11 I23) + "
                 "b3 (I11 I22 - I12^2) must be != 0 (the torque axis b is orthogonal to e3 "
                 "in the metric I^-1; spec §4.2, paper (5.5))");
        status = NHREF_EPARAM;
    }
out:
    mpfr_clears(det2, t, u, k1, k2, k3, D, s, (mpfr_ptr)0);
    return status;
}

/* the initial vertical must be a unit vector (to 1e-9): the model's gravity
 * torque and the integral |gamma|^2 = 1 assume it */
static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    mpfr_t n;
    int bad;
    (void)p;
    mpfr_init2(n, mpfr_get_prec(x0) + 16);
    mpfr_sqr(n, x0 + G1, MPFR_RNDN);
    mpfr_fma(n, x0 + G2, x0 + G2, n, MPFR_RNDN);
    mpfr_fma(n, x0 + G3, x0 + G3, n, MPFR_RNDN);
    mpfr_sub_ui(n, n, 1, MPFR_RNDN);
    bad = mpfr_cmp_d(n, 1e-9) > 0 || mpfr_cmp_d(n, -1e-9) < 0;
    mpfr_clear(n);
    if (bad) {
        snprintf(why, len, "the initial vertical gamma must be a unit vector: "
                           "|gamma1^2 + gamma2^2 + gamma3^2 - 1| <= 1e-9 (spec §4.1)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ tape builders */
/* the constant coefficients of spec §4.2 */
typedef struct {
    nhref_node_t k1, k2, k3, D;
    nhref_node_t A1, B1, C1, A2, B2, C2, L1, L2, L3;
} coef_t;

static void coefficients(nhref_tape_t *tp, coef_t *k)
{
    nhref_node_t i11 = PARAM(I11), i12 = PARAM(I12), i13 = PARAM(I13), i22 = PARAM(I22),
                 i23 = PARAM(I23);
    nhref_node_t b1 = PARAM(B1), b2 = PARAM(B2), b3 = PARAM(B3);
    nhref_node_t delta = SUB(MUL(i11, i22), SQR(i12));
    nhref_node_t i12s = SQR(i12), i13s = SQR(i13);
    nhref_node_t i22s = SQR(i22), i23s = SQR(i23);
    nhref_node_t i11s = SQR(i11);

    k->k1 = SUB(MUL(i12, i23), MUL(i13, i22));
    k->k2 = SUB(MUL(i12, i13), MUL(i11, i23));
    k->k3 = delta;
    k->D = ADD(ADD(MUL(b1, k->k1), MUL(b2, k->k2)), MUL(b3, k->k3));
    /* A1 = b1 (I12 I22 + I13 I23) - b2 I12^2 - b3 I12 I13 */
    k->A1 = SUB(SUB(MUL(b1, ADD(MUL(i12, i22), MUL(i13, i23))), MUL(b2, i12s)),
                MUL(b3, MUL(i12, i13)));
    /* B1 = b1 (I22^2 + I23^2 - I11 I22) + b2 (I11 I12 - I12 I22 + I13 I23) - b3 (I12 I23 + I13 I22) */
    k->B1 = SUB(ADD(MUL(b1, SUB(ADD(i22s, i23s), MUL(i11, i22))),
                    MUL(b2, ADD(SUB(MUL(i11, i12), MUL(i12, i22)), MUL(i13, i23)))),
                MUL(b3, ADD(MUL(i12, i23), MUL(i13, i22))));
    /* C1 = -b1 I12 I22 + b2 (I12^2 + I23^2) - b3 I22 I23 */
    k->C1 = SUB(SUB(MUL(b2, ADD(i12s, i23s)), MUL(b1, MUL(i12, i22))), MUL(b3, MUL(i22, i23)));
    /* A2 = -b1 (I12^2 + I13^2) + b2 I11 I12 + b3 I11 I13 */
    k->A2 = SUB(ADD(MUL(b2, MUL(i11, i12)), MUL(b3, MUL(i11, i13))), MUL(b1, ADD(i12s, i13s)));
    /* B2 = b1 (I11 I12 - I12 I22 - I13 I23) + b2 (I11 I22 - I11^2 - I13^2) + b3 (I11 I23 + I12 I13) */
    k->B2 = ADD(ADD(MUL(b1, SUB(SUB(MUL(i11, i12), MUL(i12, i22)), MUL(i13, i23))),
                    MUL(b2, SUB(SUB(MUL(i11, i22), i11s), i13s))),
                MUL(b3, ADD(MUL(i11, i23), MUL(i12, i13))));
    /* C2 = b1 I12^2 - b2 (I11 I12 + I13 I23) + b3 I12 I23 */
    k->C2 = ADD(SUB(MUL(b1, i12s), MUL(b2, ADD(MUL(i11, i12), MUL(i13, i23)))),
                MUL(b3, MUL(i12, i23)));
    /* L1 = I12 Delta + I13 (I11 I23 - I12 I13) */
    k->L1 = ADD(MUL(i12, delta), MUL(i13, SUB(MUL(i11, i23), MUL(i12, i13))));
    /* L2 = (I22 - I11) Delta + I11 I23^2 - I13^2 I22 */
    k->L2 = SUB(ADD(MUL(SUB(i22, i11), delta), MUL(i11, i23s)), MUL(i13s, i22));
    /* L3 = -I12 Delta + I23 (I12 I23 - I13 I22) */
    k->L3 = SUB(MUL(i23, SUB(MUL(i12, i23), MUL(i13, i22))), MUL(i12, delta));
}

/* (X q11 + Y q12 + Z q22) / D */
static nhref_node_t form(nhref_tape_t *tp, nhref_node_t X, nhref_node_t Y, nhref_node_t Z,
                         nhref_node_t q11, nhref_node_t q12, nhref_node_t q22, nhref_node_t D)
{
    return DIV(ADD(ADD(MUL(X, q11), MUL(Y, q12)), MUL(Z, q22)), D);
}

static int build_rhs(nhref_tape_t *tp)
{
    coef_t k;
    nhref_node_t w1 = STATE(W1), w2 = STATE(W2);
    nhref_node_t g1 = STATE(G1), g2 = STATE(G2);
    nhref_node_t g3 = STATE(G3);
    nhref_node_t c1 = PARAM(C1), c2 = PARAM(C2), c3 = PARAM(C3);
    nhref_node_t b1 = PARAM(B1), b2 = PARAM(B2), b3 = PARAM(B3);
    nhref_node_t i11 = PARAM(I11), i12 = PARAM(I12), i13 = PARAM(I13), i22 = PARAM(I22),
                 i23 = PARAM(I23);
    nhref_node_t q11, q12, q22, tau1, tau2, tau3, lambda, grav1, grav2, gravl;

    coefficients(tp, &k);
    q11 = SQR(w1);
    q12 = MUL(w1, w2);
    q22 = SQR(w2);
    /* tau = gamma x c */
    tau1 = SUB(MUL(g2, c3), MUL(g3, c2));
    tau2 = SUB(MUL(g3, c1), MUL(g1, c3));
    tau3 = SUB(MUL(g1, c2), MUL(g2, c1));
    /* g1 = [(I22 b3 - I23 b2) tau1 + (I23 b1 - I12 b3) tau2 + (I12 b2 - I22 b1) tau3] / D */
    grav1 = DIV(ADD(ADD(MUL(SUB(MUL(i22, b3), MUL(i23, b2)), tau1),
                        MUL(SUB(MUL(i23, b1), MUL(i12, b3)), tau2)),
                    MUL(SUB(MUL(i12, b2), MUL(i22, b1)), tau3)),
                k.D);
    /* g2 = [(I13 b2 - I12 b3) tau1 + (I11 b3 - I13 b1) tau2 + (I12 b1 - I11 b2) tau3] / D */
    grav2 = DIV(ADD(ADD(MUL(SUB(MUL(i13, b2), MUL(i12, b3)), tau1),
                        MUL(SUB(MUL(i11, b3), MUL(i13, b1)), tau2)),
                    MUL(SUB(MUL(i12, b1), MUL(i11, b2)), tau3)),
                k.D);
    /* gl = -(k1 tau1 + k2 tau2 + k3 tau3) / D */
    gravl = NEG(DIV(ADD(ADD(MUL(k.k1, tau1), MUL(k.k2, tau2)), MUL(k.k3, tau3)), k.D));
    lambda = ADD(form(tp, k.L1, k.L2, k.L3, q11, q12, q22, k.D), gravl);

    OUT(W1, ADD(form(tp, k.A1, k.B1, k.C1, q11, q12, q22, k.D), grav1));
    OUT(W2, ADD(form(tp, k.A2, k.B2, k.C2, q11, q12, q22, k.D), grav2));
    /* gamma' = gamma x omega, omega = (w1, w2, 0) */
    OUT(G1, NEG(MUL(g3, w2)));
    OUT(G2, MUL(g3, w1));
    OUT(G3, SUB(MUL(g1, w2), MUL(g2, w1)));
    OUT(WORK, MUL(lambda, ADD(MUL(b1, w1), MUL(b2, w2))));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    coef_t k;
    nhref_node_t w1 = STATE(W1), w2 = STATE(W2);
    nhref_node_t g1 = STATE(G1), g2 = STATE(G2);
    nhref_node_t g3 = STATE(G3), W = STATE(WORK);
    nhref_node_t c1 = PARAM(C1), c2 = PARAM(C2), c3 = PARAM(C3);
    nhref_node_t b1 = PARAM(B1), b2 = PARAM(B2), b3 = PARAM(B3);
    nhref_node_t i11 = PARAM(I11), i12 = PARAM(I12), i13 = PARAM(I13), i22 = PARAM(I22),
                 i23 = PARAM(I23);
    nhref_node_t q11, q12, q22, m1, m2, m3, T, V, cube;

    coefficients(tp, &k);
    q11 = SQR(w1);
    q12 = MUL(w1, w2);
    q22 = SQR(w2);
    /* I omega */
    m1 = ADD(MUL(i11, w1), MUL(i12, w2));
    m2 = ADD(MUL(i12, w1), MUL(i22, w2));
    m3 = ADD(MUL(i13, w1), MUL(i23, w2));
    T = MUL(CONST("0.5"), ADD(MUL(m1, w1), MUL(m2, w2)));
    V = ADD(ADD(MUL(c1, g1), MUL(c2, g2)), MUL(c3, g3));

    OUT(GAMMA2, ADD(ADD(SQR(g1), SQR(g2)), SQR(g3)));
    OUT(TKIN, T);
    OUT(EN, ADD(T, V));
    OUT(ENW, SUB(ADD(T, V), W));
    OUT(FI, ADD(ADD(MUL(m1, c1), MUL(m2, c2)), MUL(m3, c3)));
    OUT(JI,
        ADD(MUL(SUB(MUL(b2, i11), MUL(b1, i12)), w1), MUL(SUB(MUL(b2, i12), MUL(b1, i22)), w2)));
    OUT(G2I, SUB(MUL(MUL(i11, SUB(MUL(b2, SUB(i11, i22)), MUL(b3, i23))), q11),
                 MUL(MUL(i23, SUB(MUL(b3, i22), MUL(b2, i23))), q22)));
    /* H = (A2 w1^3 - 3 A1 w1^2 w2 - (3/2) B1 w1 w2^2 - C1 w2^3) / (3 D) */
    cube = SUB(SUB(SUB(MUL(k.A2, MUL(q11, w1)), MUL(MUL(CONST("3"), k.A1), MUL(q11, w2))),
                   MUL(MUL(CONST("1.5"), k.B1), MUL(w1, q22))),
               MUL(k.C1, MUL(q22, w2)));
    OUT(HI, DIV(cube, MUL(CONST("3"), k.D)));
    (void)q12;
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_suslov_servo = {
    .name = "suslov_servo",
    .title = "Generalized Suslov problem: rigid body with the servo-constraint omega3 = 0",
    .source = "V. V. Kozlov, The Dynamics of Systems with Servoconstraints. I, Regul. Chaotic "
              "Dyn. 20(3) (2015) 205-224, §5, §8, eqs. (5.1)-(5.7), (8.1); spec §4.2",
    .spec = "docs/models/servoconstraints.md",
    .description =
        "A rigid body turns about a fixed point O.  A control torque lambda b about the "
        "body-fixed axis b keeps the projection omega3 of the angular velocity on the body "
        "axis e3 at zero (Béghin servo-constraint); lambda is whatever the constraint needs, "
        "which requires the realizability condition D = (adj(I) e3, b) != 0.  With c != 0 the "
        "body is heavy: potential (c, gamma), gamma the upward vertical in the body frame.  "
        "b1 = b2 = 0 is the classical nonholonomic Suslov problem (energy conserved, a line of "
        "equilibria); a genuine servo-constraint generally breaks energy conservation and can "
        "blow up in finite time (spec §4.8; public case P2 at t ~ 14.71689).  I33 never "
        "enters the equations.  Default: the spec's public case P1 (free body, generic b).",
    .closed_form = "oracle (oracle/oracle_servo.h): S0 sech/tanh law (b1 = b2 = 0, c = 0), S1 "
                   "Riccati law (I13 = I23 = 0, c = 0) and its blow-up time, invariant-ray "
                   "solutions; the first integrals of spec §4.3 (omega only; gamma and W by "
                   "integration)",
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

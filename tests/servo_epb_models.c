/* servo_epb_models.c -- test-only models (compiled into tests/check_servo, not
 * into libnhref): the generic Euler–Poincaré–Béghin tape builder (spec §2, M1)
 * with the so(3) and se(2) structure constants, and the test models of
 * shared/models/servoconstraints.md §2-§3: M1 on so(3) and se(2), and the
 * reduced quadratic systems Q1-Q4 (spec §3.2).  See servo_epb_models.h.
 * Written in the vocabulary of src/models/build.h, as every model.
 *
 * These models are not in the registry (models.def): they exist to show, in
 * tests/check_servo.c, that M1 with so(3) constants reproduces suslov_servo
 * (M3) and with se(2) constants the level servosleigh (M4).
 * Source: V. V. Kozlov, Regul. Chaotic Dyn. 20(3) (2015) 205-224, §2-§4,
 * eqs. (2.4), (2.5), (4.1).
 */
#include <stdio.h>

#include "models/build.h"
#include "servo_epb_models.h"

/* c^i_{jk} at index (i n + j) n + k */
static const int so3_c[27] = {
    /* i = 1: c^1_{23} = 1, c^1_{32} = -1 */
    0,
    0,
    0,
    0,
    0,
    1,
    0,
    -1,
    0,
    /* i = 2: c^2_{31} = 1, c^2_{13} = -1 */
    0,
    0,
    -1,
    0,
    0,
    0,
    1,
    0,
    0,
    /* i = 3: c^3_{12} = 1, c^3_{21} = -1 */
    0,
    1,
    0,
    -1,
    0,
    0,
    0,
    0,
    0,
};
/* basis (u, v, w) = (0, 1, 2) */
static const int se2_c[27] = {
    /* i = u: [e_w, e_v] = -e_u: c^u_{wv} = -1, c^u_{vw} = 1 */
    0,
    0,
    0,
    0,
    0,
    1,
    0,
    -1,
    0,
    /* i = v: [e_w, e_u] = e_v: c^v_{wu} = 1, c^v_{uw} = -1 */
    0,
    0,
    -1,
    0,
    0,
    0,
    1,
    0,
    0,
    /* i = w: none */
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
};

const nhref_servo_algebra_t nhref_servo_so3 = {"so(3)", 3, so3_c};
const nhref_servo_algebra_t nhref_servo_se2 = {"se(2)", 3, se2_c};

int nhref_servo_epb_build(nhref_tape_t *tp, const nhref_servo_algebra_t *alg, const nhref_node_t *I,
                          const nhref_node_t *a, const nhref_node_t *b, const nhref_node_t *omega,
                          nhref_node_t *omegadot, nhref_node_t *lambda)
{
    size_t n = alg->n;
    nhref_node_t m[NHREF_SERVO_EPB_NMAX], K[NHREF_SERVO_EPB_NMAX], y[NHREF_SERVO_EPB_NMAX];
    nhref_node_t z[NHREF_SERVO_EPB_NMAX], lam;

    if (n == 0 || n > NHREF_SERVO_EPB_NMAX)
        return NHREF_EINVAL;
    /* m = I omega */
    for (size_t i = 0; i < n; i++)
        m[i] = DOTN(n, I + i * n, omega);
    /* K_k = sum_{i,j} c^i_{jk} m_i omega_j */
    for (size_t k = 0; k < n; k++) {
        K[k] = ZERO;
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++) {
                int c = alg->c[(i * n + j) * n + k];
                nhref_node_t term = c == 0 ? ZERO : MUL(m[i], omega[j]);
                if (c != 0 && c != 1 && c != -1)
                    term = MUL(CONST(c == 2 ? "2" : "-2"), term);
                K[k] = c < 0 ? SUB(K[k], term) : ADD(K[k], term);
            }
    }
    /* y = I^-1 K, z = I^-1 b, lambda = -(a, y)/(a, z), omega' = y + lambda z */
    SOLVE(n, I, K, y);
    SOLVE(n, I, b, z);
    lam = NEG(DIV(DOTN(n, a, y), DOTN(n, a, z)));
    for (size_t k = 0; k < n; k++)
        omegadot[k] = ADD(y[k], MUL(lam, z[k]));
    if (lambda != NULL)
        *lambda = lam;
    return nhref_tape_status(tp);
}

/* ------------------------------------------------------------------ M1 test models */
enum { EI11, EI12, EI13, EI22, EI23, EI33, EA1, EA2, EA3, EB1, EB2, EB3, ENPARAM };

static const nhref_param_desc_t epb_param[ENPARAM] = {
    {"I11", "kg m^2", "inertia (metric) entry", "2", "I positive definite"},
    {"I12", "kg m^2", "inertia entry", "0.3", "I positive definite"},
    {"I13", "kg m^2", "inertia entry", "0.2", "I positive definite"},
    {"I22", "kg m^2", "inertia entry", "1.5", "I positive definite"},
    {"I23", "kg m^2", "inertia entry", "-0.25", "I positive definite"},
    {"I33", "kg m^2", "inertia entry", "1", "I positive definite"},
    {"a1", "1", "constraint covector a, (a, omega) = 0", "0", "a != 0"},
    {"a2", "1", "constraint covector", "0", "a != 0"},
    {"a3", "1", "constraint covector", "1", "a != 0"},
    {"b1", "1", "control covector b", "0.2", "b != 0, (a, I^-1 b) != 0"},
    {"b2", "1", "control covector", "0.5", "b != 0, (a, I^-1 b) != 0"},
    {"b3", "1", "control covector", "1", "b != 0, (a, I^-1 b) != 0"},
};

static const nhref_state_desc_t so3_state[3] = {
    {"omega1", "rad/s", "body angular velocity 1", "0.5"},
    {"omega2", "rad/s", "body angular velocity 2", "-0.4"},
    {"omega3", "rad/s", "body angular velocity 3", "0"},
};
static const nhref_state_desc_t se2_state[3] = {
    {"u", "m/s", "body velocity along e_u", "0.4"},
    {"v", "m/s", "body velocity along e_v", "0"},
    {"w", "rad/s", "angular velocity", "-0.3"},
};
static const nhref_integral_desc_t epb_integral[2] = {
    {"a_omega", "1/s", "(a, omega)", "always (physical motions: 0)"},
    {"T", "J", "kinetic energy (I omega, omega)/2", "b parallel to a (nonholonomic)"},
};

/* I as a 3x3 node array from the parameters */
static void epb_inertia(nhref_tape_t *tp, nhref_node_t *I)
{
    static const int idx[9] = {EI11, EI12, EI13, EI12, EI22, EI23, EI13, EI23, EI33};
    for (int i = 0; i < 9; i++)
        I[i] = PARAM((size_t)idx[i]);
}

static int epb_build(nhref_tape_t *tp, const nhref_servo_algebra_t *alg)
{
    nhref_node_t I[9], a[3], b[3], w[3], wd[3];
    epb_inertia(tp, I);
    for (size_t i = 0; i < 3; i++) {
        a[i] = PARAM(EA1 + i);
        b[i] = PARAM(EB1 + i);
        w[i] = STATE(i);
    }
    nhref_servo_epb_build(tp, alg, I, a, b, w, wd, NULL);
    for (size_t i = 0; i < 3; i++)
        OUT(i, wd[i]);
    return nhref_tape_status(tp);
}

static int so3_rhs(nhref_tape_t *tp)
{
    return epb_build(tp, &nhref_servo_so3);
}

static int se2_rhs(nhref_tape_t *tp)
{
    return epb_build(tp, &nhref_servo_se2);
}

static int epb_integrals(nhref_tape_t *tp)
{
    nhref_node_t I[9], a[3], w[3], m[3];
    epb_inertia(tp, I);
    for (size_t i = 0; i < 3; i++) {
        a[i] = PARAM(EA1 + i);
        w[i] = STATE(i);
    }
    for (size_t i = 0; i < 3; i++)
        m[i] = DOTN(3, I + 3 * i, w);
    OUT(0, DOTN(3, a, w));
    OUT(1, MUL(CONST("0.5"), DOTN(3, m, w)));
    return nhref_tape_status(tp);
}

/* spec §10 item 1 for M1: I positive definite, a != 0, b != 0, realizability
 * (a, I^-1 b) != 0 (paper (2.5)), evaluated as (a, adj(I) b) with det I > 0 */
static int epb_check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t adj[9], t, d2, det, q, s;
    const mpfr_srcptr i11 = p + EI11, i12 = p + EI12, i13 = p + EI13, i22 = p + EI22,
                      i23 = p + EI23, i33 = p + EI33;
    int status = NHREF_OK;

    for (int i = 0; i < 9; i++)
        mpfr_init2(adj[i], 320);
    mpfr_inits2(320, t, d2, det, q, s, (mpfr_ptr)0);
    /* adjugate of the symmetric I */
#define CO(r, x1, y1, x2, y2)                                                                      \
    (mpfr_mul(r, x1, y1, MPFR_RNDN), mpfr_mul(t, x2, y2, MPFR_RNDN), mpfr_sub(r, r, t, MPFR_RNDN))
    CO(adj[0], i22, i33, i23, i23);
    CO(adj[1], i13, i23, i12, i33);
    CO(adj[2], i12, i23, i13, i22);
    CO(adj[4], i11, i33, i13, i13);
    CO(adj[5], i12, i13, i11, i23);
    CO(adj[8], i11, i22, i12, i12);
#undef CO
    mpfr_set(adj[3], adj[1], MPFR_RNDN);
    mpfr_set(adj[6], adj[2], MPFR_RNDN);
    mpfr_set(adj[7], adj[5], MPFR_RNDN);
    mpfr_set(d2, adj[8], MPFR_RNDN);
    mpfr_mul(det, i11, adj[0], MPFR_RNDN);
    mpfr_fma(det, i12, adj[1], det, MPFR_RNDN);
    mpfr_fma(det, i13, adj[2], det, MPFR_RNDN);
    if (mpfr_sgn(i11) <= 0 || mpfr_sgn(d2) <= 0 || mpfr_sgn(det) <= 0) {
        snprintf(why, len,
                 "the inertia I must be positive definite: I11 > 0, I11 I22 - I12^2 "
                 "> 0, det I > 0 (spec §2.1)");
        status = NHREF_EPARAM;
        goto out;
    }
    if (mpfr_zero_p(p + EA1) && mpfr_zero_p(p + EA2) && mpfr_zero_p(p + EA3)) {
        snprintf(why, len, "the constraint covector a must be != 0 (spec §2.1)");
        status = NHREF_EPARAM;
        goto out;
    }
    if (mpfr_zero_p(p + EB1) && mpfr_zero_p(p + EB2) && mpfr_zero_p(p + EB3)) {
        snprintf(why, len, "the control covector b must be != 0 (spec §2.1)");
        status = NHREF_EPARAM;
        goto out;
    }
    mpfr_set_zero(q, 1);
    mpfr_set_zero(s, 1);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfr_mul(t, p + EA1 + i, adj[3 * i + j], MPFR_RNDN);
            mpfr_mul(t, t, p + EB1 + j, MPFR_RNDN);
            mpfr_add(q, q, t, MPFR_RNDN);
            mpfr_abs(t, t, MPFR_RNDN);
            mpfr_add(s, s, t, MPFR_RNDN);
        }
    mpfr_mul_2si(s, s, -200, MPFR_RNDN);
    if (mpfr_cmpabs(q, s) <= 0) {
        snprintf(why, len,
                 "realizability: (a, I^-1 b) must be != 0 (a and b orthogonal in the "
                 "metric I^-1; spec §2.2, paper (2.5))");
        status = NHREF_EPARAM;
    }
out:
    for (int i = 0; i < 9; i++)
        mpfr_clear(adj[i]);
    mpfr_clears(t, d2, det, q, s, (mpfr_ptr)0);
    return status;
}

#define EPB_MODEL(sym, nm, alg, desc, st, rhs)                                                  \
    const nhref_model_t sym = {                                                                \
        .name = nm,                                                                            \
        .title = "Euler-Poincare-Beghin equations on " alg " (test model, spec §2)",           \
        .source = "V. V. Kozlov, Regul. Chaotic Dyn. 20(3) (2015), eq. (2.4); spec §2.2",       \
        .spec = "docs/models/servoconstraints.md",                                             \
        .description = desc,                                                                   \
        .nstate = 3,                                                                           \
        .state = st,                                                                           \
        .nparam = ENPARAM,                                                                     \
        .param = epb_param,                                                                    \
        .nintegral = 2,                                                                        \
        .integral = epb_integral,                                                              \
        .default_t_end = "10",                                                                 \
        .default_dt_out = "1",                                                                 \
        .check = epb_check,                                                                    \
        .build_rhs = rhs,                                                                      \
        .build_integrals = epb_integrals,                                                      \
    }

EPB_MODEL(nhref_model_servo_epb_so3, "servo_epb_so3", "so(3)",
          "M1 with so(3) structure constants: a rigid body with a general linear "
          "servo-constraint (a, omega) = 0 and control torque lambda b.",
          so3_state, so3_rhs);
EPB_MODEL(nhref_model_servo_epb_se2, "servo_epb_se2", "se(2)",
          "M1 with se(2) structure constants, basis (e_u, e_v, e_w): a planar rigid body with a "
          "servo-constraint (a, omega) = 0 and control lambda b.",
          se2_state, se2_rhs);

/* ------------------------------------------------------------------ Q1-Q4 */
static const nhref_state_desc_t q_state[2] = {
    {"x1", "1", "first coordinate", "0.3"},
    {"x2", "1", "second coordinate", "-0.2"},
};
static const nhref_param_desc_t q1_param[1] = {
    {"k", "1", "parameter of (4.1)", "2", "any real"},
};

static int q1_rhs(nhref_tape_t *tp)
{
    nhref_node_t x1 = STATE(0), x2 = STATE(1);
    nhref_node_t k = PARAM(0), one = CONST("1");
    nhref_node_t s1 = SQR(x1), s2 = SQR(x2);
    OUT(0, ADD(s1, s2));
    OUT(1, SUB(ADD(MUL(ADD(k, one), s1), MUL(SUB(CONST("2"), k), MUL(x1, x2))), s2));
    return nhref_tape_status(tp);
}

static int q2_rhs(nhref_tape_t *tp)
{
    nhref_node_t x1 = STATE(0), x2 = STATE(1);
    OUT(0, MUL(x1, x2));
    OUT(1, NEG(SQR(x1)));
    return nhref_tape_status(tp);
}

static int q2_integrals(nhref_tape_t *tp)
{
    nhref_node_t x1 = STATE(0), x2 = STATE(1);
    OUT(0, ADD(SQR(x1), SQR(x2)));
    return nhref_tape_status(tp);
}

static int q3_rhs(nhref_tape_t *tp)
{
    nhref_node_t x2 = STATE(1);
    OUT(0, SQR(x2));
    OUT(1, CONST("0"));
    return nhref_tape_status(tp);
}

static int q3_integrals(nhref_tape_t *tp)
{
    OUT(0, STATE(1));
    return nhref_tape_status(tp);
}

static int q4_rhs(nhref_tape_t *tp)
{
    nhref_node_t x1 = STATE(0), x2 = STATE(1);
    OUT(0, SQR(x2));
    OUT(1, SQR(x1));
    return nhref_tape_status(tp);
}

static int q4_integrals(nhref_tape_t *tp)
{
    nhref_node_t x1 = STATE(0), x2 = STATE(1);
    OUT(0, DIV(SUB(POWI(x1, 3), POWI(x2, 3)), CONST("3")));
    return nhref_tape_status(tp);
}

static const nhref_integral_desc_t q2_int[1] = {{"R2", "1", "x1^2 + x2^2", "always"}};
static const nhref_integral_desc_t q3_int[1] = {{"x2", "1", "x2", "always"}};
static const nhref_integral_desc_t q4_int[1] = {
    {"H", "1", "Hamiltonian (x1^3 - x2^3)/3", "always"}};

#define Q_MODEL(sym, nm, ttl, np, par, ni, integ, rhs, bint)                                       \
    const nhref_model_t sym = {                                                                    \
        .name = nm,                                                                                \
        .title = ttl,                                                                              \
        .source = "V. V. Kozlov, Regul. Chaotic Dyn. 20(3) (2015), §3-§4; spec §3.2",              \
        .spec = "docs/models/servoconstraints.md",                                                 \
        .description = "a planar homogeneous quadratic (reduced) system of spec §3.2",             \
        .nstate = 2,                                                                               \
        .state = q_state,                                                                          \
        .nparam = np,                                                                              \
        .param = par,                                                                              \
        .nintegral = ni,                                                                           \
        .integral = integ,                                                                         \
        .default_t_end = "1",                                                                      \
        .default_dt_out = "0.1",                                                                   \
        .build_rhs = rhs,                                                                          \
        .build_integrals = bint,                                                                   \
    }

Q_MODEL(nhref_model_servo_q1, "servo_q1", "Q1 = paper (4.1)", 1, q1_param, 0, NULL, q1_rhs, NULL);
Q_MODEL(nhref_model_servo_q2, "servo_q2", "Q2: x1' = x1 x2, x2' = -x1^2", 0, NULL, 1, q2_int,
        q2_rhs, q2_integrals);
Q_MODEL(nhref_model_servo_q3, "servo_q3", "Q3: x1' = x2^2, x2' = 0", 0, NULL, 1, q3_int, q3_rhs,
        q3_integrals);
Q_MODEL(nhref_model_servo_q4, "servo_q4", "Q4: x1' = x2^2, x2' = x1^2", 0, NULL, 1, q4_int, q4_rhs,
        q4_integrals);

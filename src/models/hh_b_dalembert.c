/* hh_b_dalembert.c -- Hadamard-Hamel test system HH-B, correct form: the
 * one-wheeled vehicle in full, with the wheel spin as a state and both
 * constraints (no side slip F1 = v1 = 0, rolling F2 = v2 + h chi' = 0) kept
 * with Lagrange multipliers (Lagrange-d'Alembert / Hamel equations).
 *
 * Spec: shared/models/wheeled-vehicles.md §1.6 (explicit full-model ODE, the
 * solved KKT system, valid also off the constraint manifold):
 *   X' = v1 cos phi - v2 sin phi,  Y' = v1 sin phi + v2 cos phi,
 *   phi' = omega,  chi' = chidot,  v1' = 0,
 *   v2'    =  m omega [Rtau j omega + m Rn Rtau v2 - (j - m Rn^2) v1] / D,
 *   omega' = -m omega [Rtau (M' v2 + m Rn omega) + (i/h^2) Rn v1] / D,
 *   chidot' = -v2'/h.
 * Source: Borisov, Kilin & Mamaev (2015), §2 (Theorems 1, 2) and §4.1.
 */
#include <stdio.h>

#include "models/ow_common.h"
#include "models/build.h"

enum { X, Y, PHI, CHI, V1, V2, OMEGA, CHID, NSTATE };
enum { E, F1, F2, NINTEGRAL };

/* default: case OW-1 of spec §7.2 on the constraint manifold (chidot = -v2/h) */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the contact point", "0"},
    {"Y", "m", "fixed-frame y of the contact point", "0"},
    {"phi", "rad", "angle from the fixed X axis to the wheel axle n", "0"},
    {"chi", "rad", "wheel spin angle", "0"},
    {"v1", "m/s", "velocity of the contact point along the axle n (side slip; 0 for physical motions)", "0"},
    {"v2", "m/s", "velocity of the contact point along the rolling direction tau (= v_tau)", "0.2"},
    {"omega", "rad/s", "angular velocity of the vehicle", "1.5"},
    {"chidot", "rad/s", "wheel spin rate chi' (= -v2/h for physical motions)", "-2"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "T = m (v1^2 + v2^2)/2 + m omega (Rn v2 - Rtau v1) + j omega^2/2 + i chidot^2/2", "where v1 = 0 (the KKT field conserves T only on v1 = 0)"},
    {"F1", "m/s", "no-side-slip constraint F1 = v1", "always (exact integral); 0 for physical motions"},
    {"F2", "m/s", "rolling constraint F2 = v2 + h chidot", "always (exact integral); 0 for physical motions"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t h = PARAM(OW_H), mp = nhref_ow_mass(tp), d = nhref_ow_det(tp);
    nhref_node_t cp = COS(phi), sp = SIN(phi), mrn = MUL(m, rn);
    nhref_node_t i_h2 = DIV(PARAM(OW_I), SQR(h));
    nhref_node_t v2d, omd;

    /* v2' = m omega [Rtau j omega + m Rn Rtau v2 - (j - m Rn^2) v1] / D */
    v2d = DIV(MUL(MUL(m, om), SUB(MUL(rt, ADD(MUL(j, om), MUL(mrn, v2))),
                                  MUL(SUB(j, MUL(mrn, rn)), v1))),
              d);
    /* omega' = -m omega [Rtau (M' v2 + m Rn omega) + (i/h^2) Rn v1] / D */
    omd = NEG(DIV(MUL(MUL(m, om), ADD(MUL(rt, ADD(MUL(mp, v2), MUL(mrn, om))), MUL(MUL(i_h2, rn), v1))),
                  d));
    OUT(X, SUB(MUL(v1, cp), MUL(v2, sp)));
    OUT(Y, ADD(MUL(v1, sp), MUL(v2, cp)));
    OUT(PHI, om);
    OUT(CHI, STATE(CHID));
    OUT(V1, CONST("0"));
    OUT(V2, v2d);
    OUT(OMEGA, omd);
    OUT(CHID, NEG(DIV(v2d, h)));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA), cd = STATE(CHID);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t half = CONST("0.5");

    OUT(E, ADD(ADD(MUL(half, MUL(m, ADD(SQR(v1), SQR(v2)))),
                   MUL(MUL(m, om), SUB(MUL(rn, v2), MUL(rt, v1)))),
               MUL(half, ADD(MUL(j, SQR(om)), MUL(PARAM(OW_I), SQR(cd))))));
    OUT(F1, v1);
    OUT(F2, ADD(v2, MUL(PARAM(OW_H), cd)));
    return nhref_tape_status(tp);
}

/* spec §8: constraints at t = 0 within max(1e-40, 2^(14 - prec)) relative */
static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(x0);
    double tol = nhref_wheeled_init_tol(prec);
    mpfr_t a, s;
    int st = NHREF_OK;

    mpfr_inits2(prec + 32, a, s, (mpfr_ptr)0);
    /* |F1| = |v1| relative to |v2| + |h chidot| + |v1| */
    mpfr_abs(s, x0 + V2, MPFR_RNDN);
    mpfr_mul(a, p + OW_H, x0 + CHID, MPFR_RNDN);
    mpfr_abs(a, a, MPFR_RNDN);
    mpfr_add(s, s, a, MPFR_RNDN);
    mpfr_mul_d(s, s, tol, MPFR_RNDN);
    mpfr_abs(a, x0 + V1, MPFR_RNDN);
    if (mpfr_cmp(a, s) > 0 && !mpfr_zero_p(a)) {
        snprintf(why, len, "initial state violates the no-side-slip constraint F1 = v1 = 0 (|v1| = %.3g)",
                 mpfr_get_d(a, MPFR_RNDN));
        st = NHREF_EPARAM;
    } else {
        mpfr_fma(a, p + OW_H, x0 + CHID, x0 + V2, MPFR_RNDN);
        mpfr_abs(a, a, MPFR_RNDN);
        if (mpfr_cmp(a, s) > 0) {
            snprintf(why, len,
                     "initial state violates the rolling constraint F2 = v2 + h chidot = 0 "
                     "(|F2| = %.3g)",
                     mpfr_get_d(a, MPFR_RNDN));
            st = NHREF_EPARAM;
        }
    }
    mpfr_clears(a, s, (mpfr_ptr)0);
    return st;
}

const nhref_model_t nhref_model_hh_b_dalembert = {
    .name = "hh_b_dalembert",
    .title = "HH-B, correct: one-wheeled vehicle in full (wheel spin as state, two multipliers)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§2, §4.1; "
              "spec §1.6",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "Hadamard-Hamel test system HH-B in its CORRECT form (Lagrange-d'Alembert): the "
        "one-wheeled vehicle with quasi-velocities (v1, v2, omega, chi'), kinetic energy "
        "T = m|v|^2/2 + m omega (Rn v2 - Rtau v1) + j omega^2/2 + i chi'^2/2 and BOTH constraints "
        "F1 = v1 = 0 (no side slip) and F2 = v2 + h chi' = 0 (rolling) kept with multipliers; "
        "the KKT system is solved in closed form (valid also off the constraint manifold; F1 and "
        "F2 are exact integrals).  Compare: hh_b_spin_substituted (the wheel-spin constraint "
        "substituted into T -- quasi-holonomic, so the SAME motion) and hh_b_knife_substituted "
        "(the knife-edge constraint substituted -- not quasi-holonomic, a DIFFERENT, wrong "
        "motion: uniform rotation).  Default: case OW-1 with chi' = -v2/h.",
    .closed_form = NULL,
    .nstate = NSTATE,
    .state = state,
    .nparam = OW_NPARAM,
    .param = nhref_ow_param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "5",
    .default_dt_out = "0.5",
    .check = nhref_ow_check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
};

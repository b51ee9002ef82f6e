/* hh_b_spin_substituted.c -- Hadamard-Hamel test system HH-B with the
 * wheel-spin constraint chi' = -v2/h substituted into the kinetic energy
 * (CORRECT substitution: the constraint is quasi-holonomic).
 *
 * Spec: shared/models/wheeled-vehicles.md §1.4 (table row "one wheel"), §1.6,
 * §3.1.  Substituting chi' = -v2/h into T gives
 *   T* = m (v1^2 + v2^2)/2 + (i/h^2) v2^2/2 + m omega (Rn v2 - Rtau v1) + j omega^2/2,
 * momenta P1 = m v1 - m Rtau omega, P2 = M' v2 + m Rn omega,
 * P_omega = -m Rtau v1 + m Rn v2 + j omega, and the remaining constraint
 * v1 = 0 keeps its multiplier.  Hamel equations (spec §0 (H)):
 *   d/dt P1 - omega P2 = lambda,   d/dt P2 + omega P1 = 0,
 *   d/dt P_omega + v1 P2 - v2 P1 = 0,   v1' = 0  (from d/dt v1 = 0),
 * so  M' v2' + m Rn omega' = -omega P1,  m Rn v2' + j omega' = -(v1 P2 - v2 P1),
 * solved with D = M' j - m^2 Rn^2; chi' = -v2/h.
 * Source: Borisov, Kilin & Mamaev (2015), §2, Remark 2, §4.1.
 */
#include "models/ow_common.h"
#include "models/build.h"

enum { X, Y, PHI, CHI, V1, V2, OMEGA, NSTATE };
enum { E, F1, NINTEGRAL };

/* default: case OW-1 of spec §7.2 */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the contact point", "0"},
    {"Y", "m", "fixed-frame y of the contact point", "0"},
    {"phi", "rad", "angle from the fixed X axis to the wheel axle n", "0"},
    {"chi", "rad", "wheel spin angle (chi' = -v2/h substituted)", "0"},
    {"v1", "m/s", "velocity of the contact point along the axle n (0 for physical motions)", "0"},
    {"v2", "m/s", "velocity of the contact point along the rolling direction tau", "0.2"},
    {"omega", "rad/s", "angular velocity of the vehicle", "1.5"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "T* = M' v2^2/2 + m v1^2/2 + m omega (Rn v2 - Rtau v1) + j omega^2/2", "where v1 = 0"},
    {"F1", "m/s", "no-side-slip constraint v1", "always (exact integral); 0 for physical motions"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t mp = nhref_ow_mass(tp), d = nhref_ow_det(tp), mrn = MUL(m, rn);
    nhref_node_t cp = COS(phi), sp = SIN(phi);
    /* momenta of T* */
    nhref_node_t p1 = SUB(MUL(m, v1), MUL(MUL(m, rt), om));
    nhref_node_t p2 = ADD(MUL(mp, v2), MUL(mrn, om));
    /* right-hand sides of the v2 and omega rows */
    nhref_node_t b2 = NEG(MUL(om, p1));
    nhref_node_t b3 = NEG(SUB(MUL(v1, p2), MUL(v2, p1)));

    OUT(X, SUB(MUL(v1, cp), MUL(v2, sp)));
    OUT(Y, ADD(MUL(v1, sp), MUL(v2, cp)));
    OUT(PHI, om);
    OUT(CHI, NEG(DIV(v2, PARAM(OW_H))));
    OUT(V1, CONST("0"));
    /* [[M', m Rn], [m Rn, j]] (v2', omega') = (b2, b3) */
    OUT(V2, DIV(SUB(MUL(j, b2), MUL(mrn, b3)), d));
    OUT(OMEGA, DIV(SUB(MUL(mp, b3), MUL(mrn, b2)), d));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t half = CONST("0.5");

    OUT(E, ADD(ADD(MUL(half, ADD(MUL(nhref_ow_mass(tp), SQR(v2)), MUL(m, SQR(v1)))),
                   MUL(MUL(m, om), SUB(MUL(rn, v2), MUL(rt, v1)))),
               MUL(half, MUL(j, SQR(om)))));
    OUT(F1, v1);
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_hh_b_spin_substituted = {
    .name = "hh_b_spin_substituted",
    .title = "HH-B, wheel-spin constraint substituted into T (correct: quasi-holonomic)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, §2 "
              "Theorem 1, "
              "Remark 2, §4.1; spec §1.4, §1.6",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "Hadamard-Hamel test system HH-B with the wheel-spin (rolling) constraint chi' = -v2/h "
        "substituted into the kinetic energy, and the knife-edge constraint v1 = 0 kept with a "
        "multiplier.  The rolling constraint passes the Hadamard-Hamel criterion "
        "(quasi-holonomic, spec §1.4: N = -(i u phi'/h^2) df/dz'), so this gives exactly the "
        "motion of hh_b_dalembert (and of one_wheel, of which it is the un-reduced form).  "
        "Default: case OW-1.",
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
};

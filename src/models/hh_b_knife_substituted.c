/* hh_b_knife_substituted.c -- Hadamard-Hamel test system HH-B with the
 * knife-edge constraint v1 = 0 (and chi' = -v2/h) substituted into the
 * kinetic energy: a WRONG substitution (the knife-edge constraint is not
 * quasi-holonomic), kept as a model to show how wrong.
 *
 * Spec: shared/models/wheeled-vehicles.md §1.6 "Incorrect alternative":
 *   T* = M' v_tau^2/2 + m Rn omega v_tau + j omega^2/2,
 * v_tau- and omega-rows of (H) without multiplier (P_v1 = d(T*)/d(v1) = 0):
 *   d/dt (M' v_tau + m Rn omega) = 0,  d/dt (m Rn v_tau + j omega) = 0
 *   => v_tau, omega constant: uniform motion on a circle.
 * Source: Borisov, Kilin & Mamaev (2015), §2 (the Hadamard-Hamel problem).
 */
#include "models/ow_common.h"
#include "models/build.h"

enum { X, Y, PHI, CHI, V, OMEGA, NSTATE };
enum { E, P2, POMEGA, NINTEGRAL };

/* default: case OW-1 of spec §7.2 (the state of one_wheel) */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the contact point", "0"},
    {"Y", "m", "fixed-frame y of the contact point", "0"},
    {"phi", "rad", "angle from the fixed X axis to the wheel axle n", "0"},
    {"chi", "rad", "wheel spin angle", "0"},
    {"v_tau", "m/s", "velocity of the contact point along the rolling direction tau", "0.2"},
    {"omega", "rad/s", "angular velocity of the vehicle", "1.5"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "T* = (M' v_tau^2 + 2 m Rn v_tau omega + j omega^2)/2", "always"},
    {"P2", "kg m/s", "momentum M' v_tau + m Rn omega (conserved in this wrong model only)", "always"},
    {"Pomega", "kg m^2/s", "momentum m Rn v_tau + j omega (conserved in this wrong model only)", "always"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v = STATE(V), om = STATE(OMEGA);

    OUT(X, NEG(MUL(v, SIN(phi))));
    OUT(Y, MUL(v, COS(phi)));
    OUT(PHI, om);
    OUT(CHI, NEG(DIV(v, PARAM(OW_H))));
    /* d/dt of the two momenta vanish and their matrix [[M', m Rn], [m Rn, j]]
     * is regular (D > 0): v_tau' = omega' = 0 */
    OUT(V, CONST("0"));
    OUT(OMEGA, CONST("0"));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t v = STATE(V), om = STATE(OMEGA);
    nhref_node_t mp = nhref_ow_mass(tp), mrn = MUL(PARAM(OW_M), PARAM(OW_RN)), j = PARAM(OW_J);

    OUT(E, MUL(CONST("0.5"), ADD(ADD(MUL(mp, SQR(v)), MUL(MUL(CONST("2"), mrn), MUL(v, om))),
                                 MUL(j, SQR(om)))));
    OUT(P2, ADD(MUL(mp, v), MUL(mrn, om)));
    OUT(POMEGA, ADD(MUL(mrn, v), MUL(j, om)));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_hh_b_knife_substituted = {
    .name = "hh_b_knife_substituted",
    .title = "HH-B, knife-edge constraint substituted into T (WRONG: uniform rotation)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§2; spec §1.6",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "Hadamard-Hamel test system HH-B with the knife-edge (no-side-slip) constraint v1 = 0 "
        "substituted into the kinetic energy together with chi' = -v_tau/h, and the Lagrange "
        "equations of the result written without multiplier.  This substitution is NOT "
        "legitimate (the knife-edge constraint is not quasi-holonomic): the model predicts "
        "uniform motion on a circle (v_tau, omega constant), whereas the true motion "
        "(one_wheel, hh_b_dalembert) has omega decaying like sech.  Kept as a model to "
        "measure the error: case OW-1 gives omega(5) = 1.5 instead of 0.3278.  Same state as "
        "one_wheel.  Default: case OW-1.",
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

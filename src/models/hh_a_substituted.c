/* hh_a_substituted.c -- Hadamard-Hamel test system HH-A ("nonholonomic
 * particle") with the constraint s' = q2 q1' substituted into the Lagrangian:
 * a WRONG substitution, kept as a model to show how wrong.
 *
 * Spec: shared/models/wheeled-vehicles.md §1.5 (substituted-Lagrangian dynamics):
 *   L* = ((1 + q2^2) q1'^2 + q2'^2)/2, Euler-Lagrange:
 *   q1' = q1dot,  q2' = q2dot,  s' = q2 q1dot,
 *   q1dot' = -2 q2 q1dot q2dot / (1 + q2^2),  q2dot' = q2 q1dot^2.
 * First integrals: E, the cyclic momentum p1 = (1 + q2^2) q1dot.
 * Source: Borisov, Kilin & Mamaev (2015), §2.
 */
#include "nhref_model.h"
#include "models/build.h"

enum { Q1, Q2, S, Q1D, Q2D, NSTATE };
enum { E, P1, NINTEGRAL };

/* default: case HH-2 of spec §7.1 */
static const nhref_state_desc_t state[NSTATE] = {
    {"q1", "1", "coordinate q1", "0"},
    {"q2", "1", "coordinate q2", "1"},
    {"s", "1", "constrained coordinate s (s' = q2 q1')", "0"},
    {"q1dot", "1", "q1'", "2"},
    {"q2dot", "1", "q2'", "0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "1", "energy ((1 + q2^2) q1dot^2 + q2dot^2)/2", "always"},
    {"p1", "1", "cyclic momentum (1 + q2^2) q1dot of L*", "always"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t q2 = STATE(Q2), q1d = STATE(Q1D), q2d = STATE(Q2D);

    OUT(Q1, q1d);
    OUT(Q2, q2d);
    OUT(S, MUL(q2, q1d));
    OUT(Q1D, NEG(DIV(MUL(CONST("2"), MUL(q2, MUL(q1d, q2d))), ADD(CONST("1"), SQR(q2)))));
    OUT(Q2D, MUL(q2, SQR(q1d)));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t q2 = STATE(Q2), q1d = STATE(Q1D), q2d = STATE(Q2D);
    nhref_node_t g = ADD(CONST("1"), SQR(q2));

    OUT(E, MUL(CONST("0.5"), ADD(MUL(g, SQR(q1d)), SQR(q2d))));
    OUT(P1, MUL(g, q1d));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_hh_a_substituted = {
    .name = "hh_a_substituted",
    .title = "HH-A nonholonomic particle, constraint substituted into L (WRONG equations)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§2; spec §1.5",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "Hadamard-Hamel test system HH-A with the constraint s' = q2 q1' SUBSTITUTED into the "
        "Lagrangian, L* = ((1 + q2^2) q1'^2 + q2'^2)/2, and the Euler-Lagrange equations of L* "
        "used as if they were the dynamics.  This is wrong (the constraint is not "
        "quasi-holonomic): q2' is no longer constant and the particle runs away in q2 "
        "(case HH-2: q2(3) = 7.90 instead of 1).  Energy and the cyclic momentum "
        "(1 + q2^2) q1' are conserved.  Compare hh_a_dalembert.  Default: case HH-2.",
    .closed_form = NULL,
    .nstate = NSTATE,
    .state = state,
    .nparam = 0,
    .param = NULL,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "3",
    .default_dt_out = "0.5",
    .check = NULL,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
};

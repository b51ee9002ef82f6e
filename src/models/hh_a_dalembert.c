/* hh_a_dalembert.c -- Hadamard-Hamel test system HH-A ("nonholonomic
 * particle"), correct form: L = (q1'^2 + q2'^2 + s'^2)/2 with the constraint
 * s' = q2 q1' kept with a multiplier (Lagrange-d'Alembert).
 *
 * Spec: shared/models/wheeled-vehicles.md §1.5 (true dynamics):
 *   q1' = q1dot,  q2' = q2dot,  s' = q2 q1dot,
 *   q1dot' = -q2 q1dot q2dot / (1 + q2^2),  q2dot' = 0.
 * First integrals: E = ((1 + q2^2) q1dot^2 + q2dot^2)/2, p = q1dot sqrt(1 + q2^2),
 * q2dot.  Dimensionless.
 * Source: Borisov, Kilin & Mamaev (2015), §2 (the Hadamard-Hamel problem;
 * the constraint s' = q2 q1' is not integrable and no f-constraints exist,
 * so it is not quasi-holonomic).
 */
#include "nhref_model.h"
#include "models/build.h"

enum { Q1, Q2, S, Q1D, Q2D, NSTATE };
enum { E, P, C, NINTEGRAL };

/* default: case HH-2 of spec §7.1 (q2dot = 0: the decisive case) */
static const nhref_state_desc_t state[NSTATE] = {
    {"q1", "1", "coordinate q1", "0"},
    {"q2", "1", "coordinate q2", "1"},
    {"s", "1", "constrained coordinate s (s' = q2 q1')", "0"},
    {"q1dot", "1", "q1'", "2"},
    {"q2dot", "1", "q2'", "0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "1", "energy ((1 + q2^2) q1dot^2 + q2dot^2)/2", "always"},
    {"p", "1", "q1dot sqrt(1 + q2^2) (true model only)", "always"},
    {"c", "1", "q2dot (constant in the true model only)", "always"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t q2 = STATE(Q2), q1d = STATE(Q1D), q2d = STATE(Q2D);

    OUT(Q1, q1d);
    OUT(Q2, q2d);
    OUT(S, MUL(q2, q1d));
    OUT(Q1D, NEG(DIV(MUL(q2, MUL(q1d, q2d)), ADD(CONST("1"), SQR(q2)))));
    OUT(Q2D, CONST("0"));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t q2 = STATE(Q2), q1d = STATE(Q1D), q2d = STATE(Q2D);
    nhref_node_t g = ADD(CONST("1"), SQR(q2));

    OUT(E, MUL(CONST("0.5"), ADD(MUL(g, SQR(q1d)), SQR(q2d))));
    OUT(P, MUL(q1d, SQRT(g)));
    OUT(C, q2d);
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_hh_a_dalembert = {
    .name = "hh_a_dalembert",
    .title = "HH-A nonholonomic particle, correct (Lagrange-d'Alembert) equations",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, §2 "
              ""
              "(Theorem 1, Hadamard's remark); spec §1.5",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "Hadamard-Hamel test system HH-A in its CORRECT form: a unit-mass particle in "
        "(q1, q2, s) with L = (q1'^2 + q2'^2 + s'^2)/2 and the nonintegrable constraint "
        "s' = q2 q1', kept with a Lagrange multiplier (Lagrange-d'Alembert principle).  "
        "q2' is constant and q1' sqrt(1 + q2^2) is conserved; closed form with asinh "
        "(spec §1.5).  Compare hh_a_substituted: substituting the constraint into L gives a "
        "DIFFERENT (wrong) motion, because the constraint fails the Hadamard-Hamel criterion "
        "(N = q2 q1' (q2', -q1') != 0 with nothing to absorb it).  Dimensionless.  "
        "Default: case HH-2.",
    .closed_form = "every component in closed form (spec §1.5: asinh / sqrt; c = q2dot = 0 "
                   "branch linear)",
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

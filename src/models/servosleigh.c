/* servosleigh.c -- the servosleigh: a balanced Chaplygin sleigh whose blade
 * constraint v = 0 is enforced by a controlled force lambda (a e_u + b e_v) and
 * torque lambda c, on a horizontal (g = 0) or inclined (g > 0) plane (model M4).
 *
 * Spec: shared/models/servoconstraints.md §5.  Equations (spec §5.3, paper
 * (6.3), (7.1) with alpha = a/b, beta = m c/(I b), g = p/m):
 *   Lambda = u omega + g cos theta,
 *   x' = u cos theta,  y' = u sin theta,  theta' = omega,
 *   u' = alpha Lambda - g sin theta,  omega' = beta Lambda,  Wn' = alpha u Lambda.
 * Source: V. V. Kozlov, "The Dynamics of Systems with Servoconstraints. I",
 * Regul. Chaotic Dyn. 20(3) (2015) 205-224, §6-§7, eqs. (6.3)-(6.5), (7.1)-(7.2).
 */
#include <stdio.h>

#include "models/build.h"
#include "nhref_model.h"

enum { X, Y, THETA, U, OMEGA, WN, NSTATE };
enum { ALPHA, BETA, G, NPARAM };
enum { GAM, UE, EB, EN, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"x", "m", "position of the body point O (fixed axes; on the incline x is horizontal)", "0"},
    {"y", "m", "position of O (on the incline: up the line of steepest ascent)", "0"},
    {"theta", "rad", "heading of the body axis e_u from the x axis (unwrapped)", "0"},
    {"u", "m/s", "velocity of O along e_u (the constraint keeps v = 0)", "0.4"},
    {"omega", "rad/s", "angular velocity theta'", "-0.3"},
    {"Wn", "m^2/s^2",
     "normalized servo work on u, Wn' = alpha u Lambda, Lambda = u omega + g cos theta", "0"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"alpha", "1", "longitudinal servo gain a/b", "0.8", "any real"},
    {"beta", "1/m", "torque servo gain m c/(I b)", "1.3", "any real"},
    {"g", "m/s^2", "along-slope gravity per unit mass p/m (0: horizontal plane)", "0", "g >= 0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"gam", "1/s", "linear integral (6.4) beta u - alpha omega", "horizontal plane g = 0"},
    {"u_exp", "m/s", "u exp(-alpha theta)", "horizontal plane g = 0"},
    {"Eb", "m^2/s^2", "energy balance u^2/2 + g y - Wn", "always"},
    {"E", "m^2/s^2", "energy u^2/2 + g y", "alpha = 0"},
};

/* spec §10 item 1 for M4 (normalized parameters): g >= 0.  (b != 0, m > 0 and
 * I > 0 are conditions on the physical parameters, checked where they are
 * the model's parameters: servosleigh_offset with l = 0.) */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    if (mpfr_sgn(p + G) < 0) {
        snprintf(why, len, "parameter g must be >= 0 (admissible range: g >= 0; g = 0 is the "
                           "horizontal plane; spec §5.2)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t th = STATE(THETA), u = STATE(U);
    nhref_node_t w = STATE(OMEGA);
    nhref_node_t al = PARAM(ALPHA), be = PARAM(BETA);
    nhref_node_t g = PARAM(G);
    nhref_node_t c = COS(th), s = SIN(th);
    /* Lambda = u omega + g cos theta  (= b lambda / m) */
    nhref_node_t lam = ADD(MUL(u, w), MUL(g, c));

    OUT(X, MUL(u, c));
    OUT(Y, MUL(u, s));
    OUT(THETA, w);
    OUT(U, SUB(MUL(al, lam), MUL(g, s)));
    OUT(OMEGA, MUL(be, lam));
    OUT(WN, MUL(al, MUL(u, lam)));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t y = STATE(Y), th = STATE(THETA);
    nhref_node_t u = STATE(U), w = STATE(OMEGA);
    nhref_node_t wn = STATE(WN);
    nhref_node_t al = PARAM(ALPHA), be = PARAM(BETA);
    nhref_node_t g = PARAM(G);
    nhref_node_t e = ADD(MUL(CONST("0.5"), SQR(u)), MUL(g, y));

    OUT(GAM, SUB(MUL(be, u), MUL(al, w)));
    OUT(UE, MUL(u, EXP(NEG(MUL(al, th)))));
    OUT(EB, SUB(e, wn));
    OUT(EN, e);
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_servosleigh = {
    .name = "servosleigh",
    .title = "Servosleigh: balanced Chaplygin sleigh with a servo-constraint, level or inclined",
    .source = "V. V. Kozlov, The Dynamics of Systems with Servoconstraints. I, Regul. Chaotic "
              "Dyn. 20(3) (2015) 205-224, §6-§7, eqs. (6.3)-(6.5), (7.1)-(7.2); spec §5.3",
    .spec = "docs/models/servoconstraints.md",
    .description =
        "A sleigh (centre of mass at the body point O, mass m, moment of inertia I) slides on "
        "a plane.  The constraint v = 0 (O moves along the body axis e_u) is enforced not by "
        "an ideal blade reaction but by a controlled force lambda (a e_u + b e_v) at O and a "
        "torque lambda c (Béghin servo-constraint); normalized gains alpha = a/b, beta = m "
        "c/(I b).  On an incline g = p/m is the along-slope gravity per unit mass, y points "
        "uphill.  alpha = beta = 0 is the classical balanced Chaplygin sleigh.  On the level "
        "plane (u, omega) solve a planar quadratic system in closed form (doubly asymptotic "
        "spiral (6.5), finite-time blow-up); on the incline beta > 0 makes the descent along "
        "theta = pi/2 stable (Theorem 6).  Default: the spec's public case P3 (the spiral).",
    .closed_form = "oracle (oracle/oracle_servo.h): u, omega, theta on the level plane for all "
                   "data (spec §5.5, branches gam = 0, alpha = 0, beta = 0, alpha = beta = 0), "
                   "positions by the centre integral Z (§5.4), exactly (beta = 0) or by "
                   "quadrature; on the incline the branches beta = 0 and alpha = beta = 0 "
                   "(§5.6); blow-up time",
    .nstate = NSTATE,
    .state = state,
    .nparam = NPARAM,
    .param = param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "10",
    .default_dt_out = "0.5",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
};

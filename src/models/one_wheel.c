/* one_wheel.c -- the one-wheeled vehicle: a platform with one vertical wheel
 * rigidly fixed to it, rolling without slipping (= a Chaplygin sleigh whose
 * skate mass is increased by i/h^2).  Reduced equations, wheel spin by
 * quadrature.
 *
 * Spec: shared/models/wheeled-vehicles.md §3.2:
 *   X' = -v_tau sin phi,  Y' = v_tau cos phi,  phi' = omega,  chi' = -v_tau/h,
 *   v_tau' =  m Rtau omega (j omega + m Rn v_tau) / D,
 *   omega' = -m Rtau omega (M' v_tau + m Rn omega) / D,
 *   M' = m + i/h^2,  D = M' j - m^2 Rn^2.
 * First integrals (spec §3.3, §3.4): E, the heading relation theta - (m Rtau/
 * sqrt(D)) phi, and the time shift s - lambda t of the closed form.
 * Source: Borisov, Kilin & Mamaev (2015), §4.1, eqs. (4.1)-(4.4).
 */
#include "models/ow_common.h"
#include "models/build.h"

enum { X, Y, PHI, CHI, V, OMEGA, NSTATE };
enum { E, THETA0, S0, NINTEGRAL };

/* default: case OW-1 of spec §7.2 */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the wheel's contact point", "0"},
    {"Y", "m", "fixed-frame y of the contact point", "0"},
    {"phi", "rad", "angle from the fixed X axis to the wheel axle n", "0"},
    {"chi", "rad", "wheel spin angle", "0"},
    {"v_tau", "m/s", "velocity of the contact point along the rolling direction tau", "0.2"},
    {"omega", "rad/s", "angular velocity of the vehicle", "1.5"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy (M' v_tau^2 + 2 m Rn v_tau omega + j omega^2)/2 (spec §3.3)", "always"},
    {"theta0", "rad",
     "theta - (m Rtau/sqrt(D)) phi, theta = atan((M' v_tau + m Rn omega)/(sqrt(D) omega)) the "
     "Gudermannian angle of the closed form (spec §3.4, heading-parametrised relation)",
     "omega != 0 (omega never changes sign)"},
    {"s0", "1", "s - lambda t: s = asinh((M' v_tau + m Rn omega)/(sqrt(D) omega)), lambda = m Rtau W/sqrt(D) (spec §3.4)",
     "omega != 0"},
};

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v = STATE(V), om = STATE(OMEGA);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t mp = nhref_ow_mass(tp), d = nhref_ow_det(tp);
    nhref_node_t g = DIV(MUL(m, rt), d); /* m Rtau / D */
    nhref_node_t mrn = MUL(m, rn);

    OUT(X, NEG(MUL(v, SIN(phi))));
    OUT(Y, MUL(v, COS(phi)));
    OUT(PHI, om);
    OUT(CHI, NEG(DIV(v, PARAM(OW_H))));
    OUT(V, MUL(g, MUL(om, ADD(MUL(j, om), MUL(mrn, v)))));
    OUT(OMEGA, NEG(MUL(g, MUL(om, ADD(MUL(mp, v), MUL(mrn, om))))));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v = STATE(V), om = STATE(OMEGA);
    nhref_node_t m = PARAM(OW_M), j = PARAM(OW_J), rn = PARAM(OW_RN), rt = PARAM(OW_RT);
    nhref_node_t mp = nhref_ow_mass(tp), sd = SQRT(nhref_ow_det(tp));
    nhref_node_t mrn = MUL(m, rn);
    nhref_node_t u = ADD(MUL(mp, v), MUL(mrn, om));   /* M' v + m Rn omega = W sqrt(D) tanh s */
    nhref_node_t q = DIV(u, MUL(sd, om));              /* sinh s = tan theta */
    nhref_node_t r = SQRT(ADD(CONST("1"), SQR(q)));    /* cosh s */
    nhref_node_t mrt_sd = DIV(MUL(m, rt), sd);

    OUT(E, MUL(CONST("0.5"), ADD(ADD(MUL(mp, SQR(v)), MUL(MUL(CONST("2"), mrn), MUL(v, om))),
                                 MUL(j, SQR(om)))));
    OUT(THETA0, SUB(ATAN(q), MUL(mrt_sd, phi)));
    /* lambda = m Rtau W / sqrt(D) with W = omega cosh s */
    OUT(S0, SUB(ATANH(DIV(q, r)), MUL(MUL(mrt_sd, MUL(om, r)), TIME())));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_one_wheel = {
    .name = "one_wheel",
    .title = "one-wheeled vehicle: platform with one fixed rolling wheel (sleigh with mass m + i/h^2)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§4.1, eqs. "
              "(4.1)-(4.4); spec §3",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "A platform with one vertical wheel (radius h, axial inertia i) rigidly fixed to it rolls "
        "on a plane without slipping.  Body frame at the contact point, x along the axle n, y "
        "along the rolling direction tau; the centre of mass is at (Rn, Rtau), j is the inertia "
        "about the contact point.  Substituting the (quasi-holonomic) wheel-spin constraint "
        "chi' = -v_tau/h into the Lagrangian is correct here (Hadamard-Hamel criterion): the "
        "result is a Chaplygin sleigh with skate mass M' = m + i/h^2.  This is also the "
        "HH-B 'wheel-spin substituted' form; see hh_b_dalembert for the full model and "
        "hh_b_knife_substituted for the wrong substitution.  The angular velocity decays like "
        "sech (closed form, spec §3.4).  Default: case OW-1.",
    .closed_form = "v_tau, omega, phi, chi in closed form (spec §3.4: sech/tanh law; branches "
                   "omega0 = 0 and Rtau = 0); X, Y by adaptive Gauss-Legendre quadrature",
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

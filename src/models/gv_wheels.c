/* gv_wheels.c -- the general vehicle with two rotating wheel pairs, full model
 * (wheels): platform + two links hinged at r_k, each carrying two coaxial
 * wheels that roll without slipping; 9 quasi-velocities, 6 constraints.
 *
 * Spec: shared/models/wheeled-vehicles.md §2.1-§2.3, §2.5, §2.7, §2.8.
 *   T = 1/2 m_f |v|^2 + m_f omega (R_f x v) + 1/2 I_f omega^2
 *       + sum_k [1/2 m_k |v_k|^2 + m_k omega_k (R_k x v_k) + 1/2 j_k omega_k^2
 *                + 1/2 i_k (chi_k1'^2 + chi_k2'^2)],
 *   f_k = (v_k, n_k) - rho_ktau omega_k = 0,
 *   g_kj = (v_k, tau_k) + (rho_kn +- l_k) omega_k + h_k chi_kj' = 0,
 * Hamel equations with multipliers (spec §0 (H)), explicit KKT solve
 * (gv_kkt.c).  Source: A. V. Borisov, A. A. Kilin, I. S. Mamaev, On the
 * Hadamard-Hamel problem and the dynamics of wheeled vehicles, Regul. Chaotic
 * Dyn. 20(6) (2015) 752-766, eqs. (1.1)-(1.4).
 */
#include "models/gv_kkt.h"

enum { NSTATE = 18, NINTEGRAL = 10 };

/* default: case GV-1 of spec §7.4 (v and the wheel spins to 62 digits, so that
 * the constraints hold to 1e-60) */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the body origin o", "0"},
    {"Y", "m", "fixed-frame y of the body origin o", "0"},
    {"phi", "rad", "platform heading (fixed X axis to body x axis)", "0"},
    {"psi1", "rad", "angle of link 1 relative to the platform", "0.4"},
    {"psi2", "rad", "angle of link 2 relative to the platform", "-0.7"},
    {"chi11", "rad", "spin angle of wheel 1 of pair 1 (at +l_1 n_1)", "0"},
    {"chi12", "rad", "spin angle of wheel 2 of pair 1 (at -l_1 n_1)", "0"},
    {"chi21", "rad", "spin angle of wheel 1 of pair 2 (at +l_2 n_2)", "0"},
    {"chi22", "rad", "spin angle of wheel 2 of pair 2 (at -l_2 n_2)", "0"},
    {"v1", "m/s", "velocity of o, body x", "0.13956262188395867972266215575145480941337033770063315867796275"},
    {"v2", "m/s", "velocity of o, body y", "0.79347984924443603034645004405948500105697201466628015740833267"},
    {"omega", "rad/s", "platform angular velocity", "0.6"},
    {"psi1dot", "rad/s", "psi1'", "-0.3"},
    {"psi2dot", "rad/s", "psi2'", "-0.4"},
    {"chi11dot", "rad/s", "chi11'", "-5.784685390548745433655192454737181211955910062384260772393671"},
    {"chi12dot", "rad/s", "chi12'", "-5.034685390548745433655192454737181211955910062384260772393671"},
    {"chi21dot", "rad/s", "chi21'", "-3.1641300011904863630821119048650913371115433615377428543848071"},
    {"chi22dot", "rad/s", "chi22'", "-2.8974633345238196964154452381984246704448766948710761877181404"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"T", "J", "kinetic energy of the wheeled vehicle (spec §2.3)", "always (on and off the constraints)"},
    {"f1", "m/s",
     "constraint f_1 = (v_1, n_1) - rho_1tau omega_1: v_1 the velocity of the hinge O_1, n_1 "
     "the axle direction of pair 1, omega_1 = omega + psi1' the link's absolute angular "
     "velocity",
     "always (exact integral of the KKT field); 0 for physical motions"},
    {"f2", "m/s", "constraint f_2", "always; 0 for physical motions"},
    {"g11", "m/s", "rolling constraint g_11 = (v_1, tau_1) + (rho_1n + l_1) omega_1 + h_1 chi11'", "always; 0 for physical motions"},
    {"g12", "m/s", "rolling constraint g_12", "always; 0 for physical motions"},
    {"g21", "m/s", "rolling constraint g_21", "always; 0 for physical motions"},
    {"g22", "m/s", "rolling constraint g_22", "always; 0 for physical motions"},
    {"eta1", "m", "h_1 eta_1 + l_1 (phi + psi1), eta_1 = (chi11 - chi12)/2 (holonomic, spec §2.4, paper 3.9)", "when g11 = g12 = 0"},
    {"eta2", "m", "h_2 eta_2 + l_2 (phi + psi2)", "when g21 = g22 = 0"},
    {"Ts", "J", "skate-model energy T^s at the same state (equals T on the constraint manifold, spec §2.4: T = T^s - sum (i_k/h_k^2) f_k^2 where g = 0)", "when g = 0 (then = T exactly where also f = 0)"},
};

static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    return nhref_gv_check_init(p, x0, 1, 3, 9, 14, why, len);
}

static int build_rhs(nhref_tape_t *tp)
{
    return nhref_gv_build(tp, 1, 0);
}

static int build_integrals(nhref_tape_t *tp)
{
    return nhref_gv_build(tp, 1, 1);
}

const nhref_model_t nhref_model_gv_wheels = {
    .name = "gv_wheels",
    .title = "general vehicle with two rotating wheel pairs, full model (9 velocities, 6 constraints)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§1, eqs. "
              "(1.1)-(1.4); spec §2.3, §2.5",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "A platform (mass m_f, inertia I_f about o, centre of mass R_f) carries two links hinged "
        "at r_1, r_2 that turn freely about vertical axes (angles psi_k).  Link k (mass m_k, "
        "inertia j_k about its hinge, centre of mass R0_k in link axes) carries a pair of equal "
        "coaxial wheels (radius h_k, axial inertia i_k each, half track l_k) centred at rho0_k.  "
        "All four wheels roll without slipping: six linear constraints (f_k: no side slip of "
        "pair k; g_kj: rolling of wheel j of pair k).  The equations are Hamel's with six "
        "multipliers, solved on the tape as a KKT system.  The wheel-spin constraints are "
        "quasi-holonomic (Hadamard-Hamel criterion): the platform motion equals that of "
        "gv_skates with the same parameters (`wheels = skates`).  Default: case GV-1 (two casters).",
    .closed_form = NULL,
    .nstate = NSTATE,
    .state = state,
    .nparam = GV_NPARAM,
    .param = nhref_gv_param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "3",
    .default_dt_out = "0.5",
    .check = nhref_gv_check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
};

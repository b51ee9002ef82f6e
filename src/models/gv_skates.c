/* gv_skates.c -- the general vehicle with two rotating links carrying skates
 * (the "sleigh" equivalent of gv_wheels): 5 quasi-velocities, 2 constraints,
 * plus the four wheel angles by quadrature.
 *
 * Spec: shared/models/wheeled-vehicles.md §2.4-§2.7.  Each wheel pair is
 * replaced by a skate at its centre rho_k (blade along tau_k) on a link with
 *   m^s_k = m_k + 2 i_k/h_k^2,  m^s_k R^s0_k = m_k R0_k + (2 i_k/h_k^2) rho0_k,
 *   j^s_k = j_k + (2 i_k/h_k^2)(|rho0_k|^2 + l_k^2)            (paper 3.13),
 *   T^s = 1/2 m_f |v|^2 + m_f omega (R_f x v) + 1/2 I_f omega^2
 *         + sum_k [1/2 m^s_k |v_k|^2 + omega_k (S_k x v_k) + 1/2 j^s_k omega_k^2],
 *   f_k = (v_k, n_k) - rho_ktau omega_k = 0,
 * and the wheel angles chi_kj' = -[(v_k, tau_k) + (rho_kn +- l_k) omega_k]/h_k
 * (spec 2.6).  Source: Borisov, Kilin & Mamaev (2015), §3, eqs. (3.10)-(3.13).
 */
#include "models/gv_kkt.h"

enum { NSTATE = 14, NINTEGRAL = 5 };

/* default: case GV-1 of spec §7.4 */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the body origin o", "0"},
    {"Y", "m", "fixed-frame y of the body origin o", "0"},
    {"phi", "rad", "platform heading (fixed X axis to body x axis)", "0"},
    {"psi1", "rad", "angle of link 1 relative to the platform", "0.4"},
    {"psi2", "rad", "angle of link 2 relative to the platform", "-0.7"},
    {"v1", "m/s", "velocity of o, body x", "0.13956262188395867972266215575145480941337033770063315867796275"},
    {"v2", "m/s", "velocity of o, body y", "0.79347984924443603034645004405948500105697201466628015740833267"},
    {"omega", "rad/s", "platform angular velocity", "0.6"},
    {"psi1dot", "rad/s", "psi1'", "-0.3"},
    {"psi2dot", "rad/s", "psi2'", "-0.4"},
    {"chi11", "rad", "spin angle of wheel 1 of pair 1 (quadrature, spec 2.6)", "0"},
    {"chi12", "rad", "spin angle of wheel 2 of pair 1 (quadrature)", "0"},
    {"chi21", "rad", "spin angle of wheel 1 of pair 2 (quadrature)", "0"},
    {"chi22", "rad", "spin angle of wheel 2 of pair 2 (quadrature)", "0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"Ts", "J", "kinetic energy T^s of the skate vehicle (spec §2.4)", "where f1 = f2 = 0"},
    {"f1", "m/s",
     "constraint f_1 = (v_1, n_1) - rho_1tau omega_1: v_1 the velocity of the hinge O_1, n_1 "
     "the blade normal of skate 1, omega_1 = omega + psi1' the link's absolute angular "
     "velocity",
     "always (exact integral of the KKT field); 0 for physical motions"},
    {"f2", "m/s", "constraint f_2", "always; 0 for physical motions"},
    {"eta1", "m", "h_1 (chi11 - chi12)/2 + l_1 (phi + psi1) (paper 3.9)", "always"},
    {"eta2", "m", "h_2 (chi21 - chi22)/2 + l_2 (phi + psi2)", "always"},
};

static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    return nhref_gv_check_init(p, x0, 0, 3, 5, 0, why, len);
}

static int build_rhs(nhref_tape_t *tp)
{
    return nhref_gv_build(tp, 0, 0);
}

static int build_integrals(nhref_tape_t *tp)
{
    return nhref_gv_build(tp, 0, 1);
}

const nhref_model_t nhref_model_gv_skates = {
    .name = "gv_skates",
    .title = "general vehicle with two rotating skates (the sleigh equivalent of gv_wheels)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§3, eqs. "
              "(3.10)-(3.13); spec §2.4-§2.6",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "The skate (sleigh) model of the general wheeled vehicle.  It takes the SAME parameters "
        "as gv_wheels: each wheel pair k is replaced by a skate at the pair's centre rho_k whose "
        "link gets the wheels' added mass 2 i_k/h_k^2 at rho_k and the added inertia "
        "(2 i_k/h_k^2) l_k^2 (spec §2.4, paper 3.13); the two no-side-slip constraints f_k remain.  "
        "By the Hadamard-Hamel criterion and Proposition 1 (paper §2-3) the evolution of "
        "(X, Y, phi, psi_k, v, omega, psi_k') is identical to that of gv_wheels.  The wheel "
        "angles follow by quadrature (spec 2.6).  With every i_k = 0 this is a plain vehicle "
        "with two rotating skates (then h_k, l_k only scale the wheel angles).  "
        "Default: case GV-1.",
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

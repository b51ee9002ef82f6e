/* servosleigh_offset.c -- extension X of the servosleigh: the centre of mass
 * lies on the body axis e_u at distance l from the constrained point O; the
 * constraint v = 0 at O is enforced by a controlled force lambda (a e_u + b e_v)
 * at O and a torque lambda c, on a horizontal plane.
 *
 * Spec: shared/models/servoconstraints.md §5.9 (derived for the spec; not in
 * the paper, its open Problem 5).  With I_O = I_C + m l^2 (spec §5.9):
 *   lambda  = m u omega I_C / (b I_O - m l c)      (realizability b I_O - m l c != 0),
 *   u'      = l omega^2 + lambda a / m,
 *   omega'  = m u omega (c - b l) / (b I_O - m l c),
 *   x' = u cos theta,  y' = u sin theta,  theta' = omega.
 * l = 0 is the servosleigh M4 (alpha = a/b, beta = m c/(I_C b), g = 0); a = c = 0
 * is the classical Chaplygin sleigh (tanh law; model chaplygin_sleigh with
 * J = I_C, a = l).
 * Source: spec §5.9; V. V. Kozlov, Regul. Chaotic Dyn. 20(3) (2015) 205-224, §6.
 */
#include <stdio.h>

#include "models/build.h"
#include "nhref_model.h"

enum { X, Y, THETA, U, OMEGA, NSTATE };
enum { M, IC, L, A, B, C, NPARAM };
enum { EN, NINTEGRAL };

static const nhref_state_desc_t state[NSTATE] = {
    {"x", "m", "position of the constrained body point O", "0"},
    {"y", "m", "position of O", "0"},
    {"theta", "rad", "heading of the body axis e_u (O -> centre of mass) from the x axis", "0"},
    {"u", "m/s", "velocity of O along e_u (the constraint keeps v = 0)", "0"},
    {"omega", "rad/s", "angular velocity theta'", "1"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "mass", "2", "m > 0"},
    {"IC", "kg m^2", "moment of inertia about the vertical through the centre of mass", "30",
     "IC > 0"},
    {"l", "m", "signed distance from O to the centre of mass along e_u", "1", "any real"},
    {"a", "1", "servo force component along e_u (per unit lambda)", "0", "any real"},
    {"b", "1", "servo force component along e_v (per unit lambda)", "1",
     "b I_O - m l c != 0 (l = 0: b != 0)"},
    {"c", "m", "servo torque (per unit lambda)", "0", "b I_O - m l c != 0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "kinetic energy (m u^2 + I_O omega^2)/2, I_O = IC + m l^2",
     "a = c = 0 (nonholonomic; in general dE/dt = lambda (a u + c omega))"},
};

/* spec §10 item 1 for X: m > 0, IC > 0, realizability b I_O - m l c != 0 */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t io, den, t, s;
    int status = NHREF_OK;

    if (mpfr_sgn(p + M) <= 0) {
        snprintf(why, len, "parameter m must be > 0 (admissible range: m > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + IC) <= 0) {
        snprintf(why, len, "parameter IC must be > 0 (admissible range: IC > 0)");
        return NHREF_EPARAM;
    }
    mpfr_inits2(320, io, den, t, s, (mpfr_ptr)0);
    mpfr_sqr(io, p + L, MPFR_RNDN);
    mpfr_mul(io, io, p + M, MPFR_RNDN);
    mpfr_add(io, io, p + IC, MPFR_RNDN);
    mpfr_mul(den, p + B, io, MPFR_RNDN);
    mpfr_abs(s, den, MPFR_RNDN);
    mpfr_mul(t, p + M, p + L, MPFR_RNDN);
    mpfr_mul(t, t, p + C, MPFR_RNDN);
    mpfr_sub(den, den, t, MPFR_RNDN);
    mpfr_abs(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
    mpfr_mul_2si(s, s, -200, MPFR_RNDN);
    if (mpfr_cmpabs(den, s) <= 0) {
        snprintf(why, len, "realizability: b I_O - m l c must be != 0, I_O = IC + m l^2 (for "
                           "l = 0: b != 0; spec §5.9, §10 item 1)");
        status = NHREF_EPARAM;
    }
    mpfr_clears(io, den, t, s, (mpfr_ptr)0);
    return status;
}

static nhref_node_t inertia_about_o(nhref_tape_t *tp)
{
    nhref_node_t m = PARAM(M), l = PARAM(L);
    return ADD(PARAM(IC), MUL(m, SQR(l)));
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t th = STATE(THETA), u = STATE(U);
    nhref_node_t w = STATE(OMEGA);
    nhref_node_t m = PARAM(M), ic = PARAM(IC);
    nhref_node_t l = PARAM(L), a = PARAM(A);
    nhref_node_t b = PARAM(B), c = PARAM(C);
    nhref_node_t io = inertia_about_o(tp);
    /* den = b I_O - m l c */
    nhref_node_t den = SUB(MUL(b, io), MUL(MUL(m, l), c));
    nhref_node_t muw = MUL(u, w);
    /* lambda / m = u omega I_C / den;  u' = l omega^2 + (lambda / m) a */
    nhref_node_t lam_m = MUL(muw, DIV(ic, den));
    /* omega' = u omega m (c - b l) / den */
    nhref_node_t kw = DIV(MUL(m, SUB(c, MUL(b, l))), den);

    OUT(X, MUL(u, COS(th)));
    OUT(Y, MUL(u, SIN(th)));
    OUT(THETA, w);
    OUT(U, ADD(MUL(l, SQR(w)), MUL(a, lam_m)));
    OUT(OMEGA, MUL(kw, muw));
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t u = STATE(U), w = STATE(OMEGA);
    nhref_node_t m = PARAM(M);
    nhref_node_t e = ADD(MUL(m, SQR(u)), MUL(inertia_about_o(tp), SQR(w)));
    OUT(EN, MUL(CONST("0.5"), e));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_servosleigh_offset = {
    .name = "servosleigh_offset",
    .title = "Servosleigh with offset centre of mass (extension X; a = c = 0: Chaplygin sleigh)",
    .source = "spec §5.9 (extension of V. V. Kozlov, The Dynamics of Systems with "
              "Servoconstraints. I, Regul. Chaotic Dyn. 20(3) (2015) "
              "205-224, §6; its open Problem 5)",
    .spec = "docs/models/servoconstraints.md",
    .description =
        "The servosleigh of model servosleigh with its centre of mass on the body axis e_u at "
        "distance l from the constrained point O (horizontal plane).  The constraint v = 0 at "
        "O is enforced by a controlled force lambda (a e_u + b e_v) at O and torque lambda c; "
        "realizability b I_O - m l c != 0.  l = 0 gives the servosleigh (alpha = a/b, beta = "
        "m c/(IC b)); a = c = 0 the classical Chaplygin sleigh with its tanh law (energy "
        "conserved).  Default: the Chaplygin sleigh of the paper's Figure 2 (m = 2, IC = 30, "
        "l = 1, omega0 = 1), the same motion as chaplygin_sleigh's default.",
    .closed_form = "oracle: the tanh law for a = c = 0 (spec §5.9); l = 0 reduces to the "
                   "servosleigh closed forms",
    .nstate = NSTATE,
    .state = state,
    .nparam = NPARAM,
    .param = param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "10",
    .default_dt_out = "1",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
};

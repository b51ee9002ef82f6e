/* two_links.c -- the vehicle with two symmetric rotating links (two rotating
 * wheel pairs, equivalently two rotating skates at the hinges): explicit
 * reduced field on M5 = {(v1, v2, omega, psi1, psi2)} with the conserved link
 * rates C_k = omega + psi_k' as parameters, plus the wheel angles.
 *
 * Spec: shared/models/wheeled-vehicles.md §4.1-§4.4, §4.7 (singular set).
 *   U = (v1, v2 + a omega),  e_k = (r_k - R_c, tau_k),  d_k = (r_k - R_c, n_k),
 *   beta_k = -C_k (U, tau_k) - omega (C_k - omega) d_k,
 *   K = [[1/m + e1^2/J_c, cos(psi1 - psi2)/m + e1 e2/J_c], [., 1/m + e2^2/J_c]],
 *   lambda = K^-1 beta,  J_c omega' = -(lambda1 e1 + lambda2 e2),
 *   v1' = omega U2 + (lambda1 c1 + lambda2 c2)/m,
 *   v2' = -omega U1 + (lambda1 s1 + lambda2 s2)/m - a omega',
 *   psi_k' = C_k - omega,  chi_kj' = -[(v_k, tau_k) +- l C_k]/h.
 * Source: Borisov, Kilin & Mamaev (2015), §4.2, eqs. (4.5)-(4.10).
 */
#include <math.h>
#include <stdio.h>

#include "models/ow_common.h"
#include "models/build.h"

enum { X, Y, PHI, PSI1, PSI2, V1, V2, OMEGA, CHI11, CHI12, CHI21, CHI22, NSTATE };
enum { M, JC, A, B1, B2, C1, C2, H, L, NPARAM };
enum { E, F1, F2, DELTA0, W1, W2, KK, NINTEGRAL };

/* default: case TL-1 of spec §7.3 ((v1, v2, omega) = u W(psi1, psi2), u = 1.2, to 62 digits) */
static const nhref_state_desc_t state[NSTATE] = {
    {"X", "m", "fixed-frame x of the body origin o (on the line of the hinges)", "0"},
    {"Y", "m", "fixed-frame y of o", "0"},
    {"phi", "rad", "platform heading", "0"},
    {"psi1", "rad", "angle of link 1 relative to the platform", "0.3"},
    {"psi2", "rad", "angle of link 2 relative to the platform", "-0.9"},
    {"v1", "m/s", "velocity of o, body x", "-0.2946978905283582952242645886148545736693109506107415868934797"},
    {"v2", "m/s", "velocity of o, body y", "-0.85513922595817334991311461529648548263698795383088568565739964"},
    {"omega", "rad/s", "platform angular velocity", "-1.1184469031606716196041613225937911944980847058504768824399175"},
    {"chi11", "rad", "spin angle of wheel 1 of pair 1 (quadrature)", "0"},
    {"chi12", "rad", "spin angle of wheel 2 of pair 1", "0"},
    {"chi21", "rad", "spin angle of wheel 1 of pair 2", "0"},
    {"chi22", "rad", "spin angle of wheel 2 of pair 2", "0"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "total mass including the wheels' added masses 2 i/h^2 (skate model)", "2", "> 0"},
    {"J_c", "kg m^2", "central moment of inertia without the links' own rotational inertia (J_c = I - m a^2 - 2 j)", "0.3", "> 0"},
    {"a", "m", "x-coordinate of the centre of mass R_c = (a, 0)", "0.4", "any"},
    {"b1", "m", "hinge of link 1 at (0, b1)", "0.5", "b1 + b2 != 0"},
    {"b2", "m", "hinge of link 2 at (0, -b2)", "0.7", "b1 + b2 != 0"},
    {"C1", "rad/s", "conserved absolute angular velocity omega + psi1' of link 1", "0.8", "any"},
    {"C2", "rad/s", "conserved absolute angular velocity omega + psi2' of link 2", "-0.5", "any"},
    {"h", "m", "wheel radius (wheel angles only)", "0.1", "> 0"},
    {"l", "m", "half track of each wheel pair (wheel angles only)", "0.2", ">= 0"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J", "energy m (v1^2 + (v2 + a omega)^2)/2 + J_c omega^2/2 (paper 4.10)", "where f1 = f2 = 0 (dE/dt = lambda1 f1 + lambda2 f2)"},
    {"f1", "m/s", "constraint (v1 - b1 omega) cos psi1 + v2 sin psi1", "always (exact integral of the M5 field); 0 for physical motions"},
    {"f2", "m/s", "constraint (v1 + b2 omega) cos psi2 + v2 sin psi2", "always; 0 for physical motions"},
    {"delta0", "rad", "psi1 - psi2 - (C1 - C2) t", "always"},
    {"w1", "rad", "chi11 - chi12 + 2 l C1 t/h", "always"},
    {"w2", "rad", "chi21 - chi22 + 2 l C2 t/h", "always"},
    {"K", "kg^(1/2) m/s",
     "omega sqrt(Q(psi1, psi2)), Q = m (W1^2 + (W2 + a W3)^2) + J_c W3^2, W = (b2 sin psi1 cos "
     "psi2 + b1 cos psi1 sin psi2, -(b1 + b2) cos psi1 cos psi2, sin(psi2 - psi1)) the "
     "direction of the admissible (v1, v2, omega) (spec §4.5, §4.6)",
     "C1 = C2 (and f = 0)"},
};

/* spec §4.1, §8: m > 0, J_c > 0, b1 + b2 != 0, h > 0, l >= 0 */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    mpfr_t s;
    int zero;
    if (mpfr_sgn(p + M) <= 0) {
        snprintf(why, len, "parameter m must be > 0 (admissible range: m > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + JC) <= 0) {
        snprintf(why, len, "parameter J_c must be > 0 (admissible range: J_c > 0)");
        return NHREF_EPARAM;
    }
    mpfr_init2(s, mpfr_get_prec(p) + 64);
    mpfr_add(s, p + B1, p + B2, MPFR_RNDN);
    zero = mpfr_zero_p(s);
    mpfr_clear(s);
    if (zero) {
        snprintf(why, len,
                 "parameters b1 + b2 = 0: the hinges coincide (admissible: b1 + b2 != 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + H) <= 0) {
        snprintf(why, len, "parameter h must be > 0 (admissible range: h > 0)");
        return NHREF_EPARAM;
    }
    if (mpfr_sgn(p + L) < 0) {
        snprintf(why, len, "parameter l must be >= 0 (admissible range: l >= 0)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

/* spec §4.7, §8: not on the singular set cos psi1 = cos psi2 = 0, and f1 = f2 = 0 */
static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(x0);
    double tol = nhref_wheeled_init_tol(prec);
    mpfr_t c[2], s[2], t, f, sum;
    int st = NHREF_OK;

    mpfr_inits2(prec + 32, c[0], c[1], s[0], s[1], t, f, sum, (mpfr_ptr)0);
    for (int k = 0; k < 2; k++)
        mpfr_sin_cos(s[k], c[k], x0 + PSI1 + k, MPFR_RNDN);
    if (fabs(mpfr_get_d(c[0], MPFR_RNDN)) <= tol &&
        fabs(mpfr_get_d(c[1], MPFR_RNDN)) <= tol) {
        snprintf(why, len,
                 "initial configuration on the singular set cos psi1 = cos psi2 = 0 (both axles "
                 "along the line of the hinges: Delta = 0, W = 0, the reactions are unbounded; "
                 "spec §4.7)");
        st = NHREF_EPARAM;
    }
    for (int k = 0; k < 2 && st == NHREF_OK; k++) {
        /* f_k = (v1 -+ b_k omega) c_k + v2 s_k, terms v1 c, b omega c, v2 s */
        mpfr_mul(t, p + (k == 0 ? B1 : B2), x0 + OMEGA, MPFR_RNDN);
        if (k == 0)
            mpfr_neg(t, t, MPFR_RNDN);
        mpfr_mul(t, t, c[k], MPFR_RNDN);
        mpfr_abs(sum, t, MPFR_RNDN);
        mpfr_set(f, t, MPFR_RNDN);
        mpfr_mul(t, x0 + V1, c[k], MPFR_RNDN);
        mpfr_add(f, f, t, MPFR_RNDN);
        mpfr_abs(t, t, MPFR_RNDN);
        mpfr_add(sum, sum, t, MPFR_RNDN);
        mpfr_mul(t, x0 + V2, s[k], MPFR_RNDN);
        mpfr_add(f, f, t, MPFR_RNDN);
        mpfr_abs(t, t, MPFR_RNDN);
        mpfr_add(sum, sum, t, MPFR_RNDN);
        mpfr_abs(f, f, MPFR_RNDN);
        mpfr_mul_d(sum, sum, tol, MPFR_RNDN);
        if (mpfr_cmp(f, sum) > 0) {
            snprintf(why, len,
                     "initial state violates the constraint f%d = (v1 %c b%d omega) cos psi%d + v2 "
                     "sin psi%d = 0 (|f%d| = %.3g); take (v1, v2, omega) = u W(psi1, psi2), spec §4.5",
                     k + 1, k == 0 ? '-' : '+', k + 1, k + 1, k + 1, k + 1, mpfr_get_d(f, MPFR_RNDN));
            st = NHREF_EPARAM;
        }
    }
    mpfr_clears(c[0], c[1], s[0], s[1], t, f, sum, (mpfr_ptr)0);
    return st;
}

static int build_rhs(nhref_tape_t *tp)
{
    nhref_node_t phi = STATE(PHI), v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA);
    nhref_node_t m = PARAM(M), jc = PARAM(JC), a = PARAM(A), b1 = PARAM(B1), b2 = PARAM(B2);
    nhref_node_t C[2] = {PARAM(C1), PARAM(C2)}, h = PARAM(H), l = PARAM(L);
    nhref_node_t c[2], s[2], e[2], d[2], beta[2], vt[2];
    nhref_node_t u1 = v1, u2 = ADD(v2, MUL(a, om)), one = CONST("1");
    nhref_node_t im = DIV(one, m), k11, k22, k12, det, l1, l2, omd, cp, sp;

    for (int k = 0; k < 2; k++) {
        c[k] = COS(STATE(PSI1 + k));
        s[k] = SIN(STATE(PSI1 + k));
    }
    e[0] = ADD(MUL(a, s[0]), MUL(b1, c[0]));
    e[1] = SUB(MUL(a, s[1]), MUL(b2, c[1]));
    d[0] = SUB(MUL(b1, s[0]), MUL(a, c[0]));
    d[1] = NEG(ADD(MUL(a, c[1]), MUL(b2, s[1])));
    for (int k = 0; k < 2; k++) {
        nhref_node_t ut = SUB(MUL(u2, c[k]), MUL(u1, s[k])); /* (U, tau_k) */
        beta[k] = NEG(ADD(MUL(C[k], ut), MUL(MUL(om, SUB(C[k], om)), d[k])));
    }
    k11 = ADD(im, DIV(SQR(e[0]), jc));
    k22 = ADD(im, DIV(SQR(e[1]), jc));
    k12 = ADD(MUL(im, ADD(MUL(c[0], c[1]), MUL(s[0], s[1]))), DIV(MUL(e[0], e[1]), jc));
    det = SUB(MUL(k11, k22), SQR(k12));
    l1 = DIV(SUB(MUL(k22, beta[0]), MUL(k12, beta[1])), det);
    l2 = DIV(SUB(MUL(k11, beta[1]), MUL(k12, beta[0])), det);
    omd = NEG(DIV(ADD(MUL(l1, e[0]), MUL(l2, e[1])), jc));

    cp = COS(phi);
    sp = SIN(phi);
    OUT(X, SUB(MUL(v1, cp), MUL(v2, sp)));
    OUT(Y, ADD(MUL(v1, sp), MUL(v2, cp)));
    OUT(PHI, om);
    OUT(PSI1, SUB(C[0], om));
    OUT(PSI2, SUB(C[1], om));
    OUT(OMEGA, omd);
    OUT(V1, ADD(MUL(om, u2), MUL(im, ADD(MUL(l1, c[0]), MUL(l2, c[1])))));
    OUT(V2, SUB(ADD(NEG(MUL(om, u1)), MUL(im, ADD(MUL(l1, s[0]), MUL(l2, s[1])))), MUL(a, omd)));
    /* (v_1, tau_1) = -(v1 - b1 omega) s1 + v2 c1, (v_2, tau_2) = -(v1 + b2 omega) s2 + v2 c2 */
    vt[0] = SUB(MUL(v2, c[0]), MUL(SUB(v1, MUL(b1, om)), s[0]));
    vt[1] = SUB(MUL(v2, c[1]), MUL(ADD(v1, MUL(b2, om)), s[1]));
    for (int k = 0; k < 2; k++) {
        nhref_node_t lc = MUL(l, C[k]);
        OUT(CHI11 + 2 * k, NEG(DIV(ADD(vt[k], lc), h)));
        OUT(CHI12 + 2 * k, NEG(DIV(SUB(vt[k], lc), h)));
    }
    return nhref_tape_status(tp);
}

static int build_integrals(nhref_tape_t *tp)
{
    nhref_node_t v1 = STATE(V1), v2 = STATE(V2), om = STATE(OMEGA), t = TIME();
    nhref_node_t p1 = STATE(PSI1), p2 = STATE(PSI2);
    nhref_node_t m = PARAM(M), jc = PARAM(JC), a = PARAM(A), b1 = PARAM(B1), b2 = PARAM(B2);
    nhref_node_t C[2] = {PARAM(C1), PARAM(C2)}, h = PARAM(H), l = PARAM(L), half = CONST("0.5");
    nhref_node_t c1 = COS(p1), s1 = SIN(p1), c2 = COS(p2), s2 = SIN(p2), w[3], q;

    OUT(E, ADD(MUL(MUL(half, m), ADD(SQR(v1), SQR(ADD(v2, MUL(a, om))))), MUL(MUL(half, jc), SQR(om))));
    OUT(F1, ADD(MUL(SUB(v1, MUL(b1, om)), c1), MUL(v2, s1)));
    OUT(F2, ADD(MUL(ADD(v1, MUL(b2, om)), c2), MUL(v2, s2)));
    OUT(DELTA0, SUB(SUB(p1, p2), MUL(SUB(C[0], C[1]), t)));
    for (int k = 0; k < 2; k++)
        OUT(W1 + k, ADD(SUB(STATE(CHI11 + 2 * k), STATE(CHI12 + 2 * k)),
                        DIV(MUL(MUL(CONST("2"), MUL(l, C[k])), t), h)));
    /* W(psi1, psi2) of spec §4.5 */
    w[0] = ADD(MUL(b2, MUL(s1, c2)), MUL(b1, MUL(c1, s2)));
    w[1] = NEG(MUL(ADD(b1, b2), MUL(c1, c2)));
    w[2] = SUB(MUL(s2, c1), MUL(c2, s1));
    q = ADD(MUL(m, ADD(SQR(w[0]), SQR(ADD(w[1], MUL(a, w[2]))))), MUL(jc, SQR(w[2])));
    OUT(KK, MUL(om, SQRT(q)));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_two_links = {
    .name = "two_links",
    .title = "vehicle with two symmetric rotating links (two rotating wheel pairs / skates)",
    .source = "A. V. Borisov, A. A. Kilin and I. S. Mamaev, On the Hadamard-Hamel problem and "
              "the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752-766, "
              "§4.2, eqs. "
              "(4.5)-(4.10); spec §4",
    .spec = "docs/models/wheeled-vehicles.md",
    .description =
        "A platform with two links hinged at (0, b1) and (0, -b2); each link is symmetric (its "
        "centre of mass, the centre of its wheel pair and its hinge coincide), so its absolute "
        "angular velocity C_k = omega + psi_k' is conserved and enters as a parameter.  Centre "
        "of mass of the whole (skate-equivalent) vehicle at (a, 0).  The explicit field of spec "
        "§4.3 keeps the constraints f1, f2 exactly constant; physical motions have "
        "f1 = f2 = 0, (v1, v2, omega) = u W(psi1, psi2).  Singular set cos psi1 = cos psi2 = 0 "
        "(both axles along the hinge line): the reactions are unbounded there, initial data on "
        "it are rejected (a near passage reverses the rotation abruptly, paper §4.8).  For "
        "C1 = C2 the motion reduces to quadratures (spec §4.6).  Wheel angles by quadrature "
        "with radius h and half track l.  Default: case TL-1.",
    .closed_form = NULL,
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
    .check_init = check_init,
};

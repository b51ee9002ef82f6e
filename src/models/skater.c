/* skater.c -- the static figure skater on one blade: a rigid body on a frictionless
 * ice plane, held by a knife-edge (skate) constraint at a blade of constant pitch.
 *
 * Spec: shared/models/skater.md.  State (spec §2.1): the reduced system
 * (theta, Omega1, Omega2, v) and the reconstruction (psi, r1, r2).
 * Auxiliary quantities (spec §2.2), s = sin theta, c = cos theta:
 *   phi  = -A2 c + A3 s,   phi' = A2 s + A3 c,   I_G = I2 s^2 + I3 c^2,
 *   D = I2 - I3,   It1 = I1 + m (A2^2 + A3^2),   a22 = I_G + m A1^2,
 *   Delta = It1 a22 - m^2 A1^2 phi'^2  (> 0 for every theta),
 *   F1 = Omega2^2 (D s c + m phi phi') + m phi' v Omega2 + m g phi,
 *   F2 = -m A1 [phi (Omega1^2 + Omega2^2) + v Omega2] - 2 D s c Omega1 Omega2.
 * Right-hand side (spec §2.3): the 3x3 mass-matrix solve written out, so the
 * tape holds only arithmetic, sin, cos and one division by Delta:
 *   theta' = Omega1,  Omega1' = (a22 F1 + m A1 phi' F2) / Delta,
 *   Omega2' = (It1 F2 + m A1 phi' F1) / Delta,
 *   v' = A1 Omega2^2 - 2 phi' Omega1 Omega2 - phi Omega2',
 *   psi' = Omega2,  r1' = v cos psi,  r2' = v sin psi.
 * First integrals (spec §3): E always; J1, J2 when A1 = 0.
 * Event (spec §1): the blade lies flat, |theta| = pi/2, i.e. cos theta = 0.
 * Source: V. Gzenda and V. Putkaradze, "Integrability and chaos in figure
 * skating", arXiv:1809.11146 v4, eqs. (9), (13), (18)-(21), with the errata of
 * spec §8 (the corrected force term of the 7x7 system).
 */
#include <stdio.h>

#include "models/build.h"
#include "nhref_model.h"

enum { THETA, OMEGA1, OMEGA2, V, PSI, R1, R2, NSTATE };
enum { M, G, I1, I2, I3, A1, A2, A3, NPARAM };
enum { E, J1, J2, NINTEGRAL };
enum { FALL, NEVENT };

static const nhref_state_desc_t state[NSTATE] = {
    {"theta", "rad", "lean angle about the blade, Gamma = (0, sin theta, cos theta)", "0"},
    {"Omega1", "rad/s", "roll rate theta'", "0.01"},
    {"Omega2", "rad/s", "yaw rate psi' about the vertical", "1.25"},
    {"v", "m/s", "signed speed of the contact point along the blade", "0.5"},
    {"psi", "rad", "heading of the blade on the ice (unwrapped)", "0"},
    {"r1", "m", "contact point on the ice, x", "0"},
    {"r2", "m", "contact point on the ice, y", "0"},
};

static const nhref_param_desc_t param[NPARAM] = {
    {"m", "kg", "mass of the skater", "50", "m > 0"},
    {"g", "m/s^2", "gravitational acceleration (physical +9.81; -9.81 reproduces the paper's "
                   "figures, spec §8)",
     "9.81", "any real"},
    {"I1", "kg m^2", "principal moment of inertia about the centre of mass, axis along the blade",
     "15.95", "I1 > 0"},
    {"I2", "kg m^2", "principal moment of inertia about the centre of mass, sideways axis",
     "13.56", "I2 > 0"},
    {"I3", "kg m^2", "principal moment of inertia about the centre of mass, body vertical axis",
     "3.99", "I3 > 0"},
    {"A1", "m", "centre-of-mass offset along the blade (A1 = 0: integrable)", "0", "any real"},
    {"A2", "m", "centre-of-mass offset sideways", "0.12", "any real"},
    {"A3", "m", "centre-of-mass offset along the body vertical", "0.875",
     "any real (physically > 0)"},
};

static const nhref_integral_desc_t integral[NINTEGRAL] = {
    {"E", "J",
     "energy It1 Omega1^2/2 - m A1 phi' Omega1 Omega2 + (I_G + m A1^2) Omega2^2/2 "
     "+ m (v + phi Omega2)^2/2 + m g phi', with It1 = I1 + m (A2^2 + A3^2), phi = -A2 cos "
     "theta + A3 sin theta (the centre of mass's horizontal offset from the blade), phi' = "
     "A2 sin theta + A3 cos theta (its height), I_G = I2 sin^2 theta + I3 cos^2 theta",
     "always"},
    {"J1", "kg m^2/s", "I_G Omega2 = (I2 sin^2 theta + I3 cos^2 theta) Omega2",
     "when A1 = 0 (drifts at a rate proportional to A1 otherwise)"},
    {"J2", "m/s",
     "v + phi Omega2 + J1 beta1(theta), beta1 an antiderivative of phi'/I_G (phi, phi', I_G "
     "as for E; atanh/atan branches of spec §3.3)",
     "when A1 = 0 (for I2 = I3, beta1 = phi/I and J2 = v + 2 phi Omega2)"},
};

static const nhref_event_desc_t event[NEVENT] = {
    {"fall", "the blade lies flat on the ice, |theta| = pi/2 (cos theta = 0): the model's "
             "physical validity limit (spec §1)",
     0, 1},
};

/* spec §1 and §9 item 1: m > 0, I1, I2, I3 > 0; g and A any real (finiteness
 * is checked by the system) */
static int check(mpfr_srcptr p, char *why, size_t len)
{
    static const struct {
        int i;
        const char *name;
    } positive[] = {{M, "m"}, {I1, "I1"}, {I2, "I2"}, {I3, "I3"}};
    for (size_t k = 0; k < sizeof positive / sizeof positive[0]; k++)
        if (mpfr_sgn(p + positive[k].i) <= 0) {
            snprintf(why, len, "parameter %s must be > 0 (admissible range: %s > 0)",
                     positive[k].name, positive[k].name);
            return NHREF_EPARAM;
        }
    return NHREF_OK;
}

/* spec §1: |theta| = pi/2 is the blade lying flat (the model is meaningless for
 * |theta| >= pi/2); reject initial leans with cos theta <= 0 (mod 2 pi), within
 * the rounding of theta at its precision */
static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    mpfr_t c;
    int bad;
    (void)p;
    mpfr_init2(c, mpfr_get_prec(x0 + THETA) + 16);
    mpfr_cos(c, x0 + THETA, MPFR_RNDN);
    /* theta is within half an ulp (<= 2^(EXP - prec)) of the value meant: count
     * cos theta below 4 ulps of theta as zero */
    bad = mpfr_sgn(c) <= 0 ||
          (!mpfr_zero_p(x0 + THETA) &&
           mpfr_get_exp(c) <= mpfr_get_exp(x0 + THETA) - (mpfr_exp_t)mpfr_get_prec(x0 + THETA) + 2);
    mpfr_clear(c);
    if (bad) {
        snprintf(why, len,
                 "initial lean theta must satisfy |theta| < pi/2 (cos theta > 0): at "
                 "|theta| = pi/2 the blade lies flat on the ice (spec §1)");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

/* The auxiliary quantities of spec §2.2 as tape nodes. */
typedef struct {
    nhref_node_t s, c, phi, dphi, ig, d, it1, a22, delta, sc;
    nhref_node_t m, g, a1, ma1;
} aux_t;

static void auxiliary(aux_t *q, nhref_tape_t *tp)
{
    nhref_node_t th = STATE(THETA);
    nhref_node_t a2 = PARAM(A2), a3 = PARAM(A3);
    nhref_node_t i2 = PARAM(I2), i3 = PARAM(I3);
    nhref_node_t ma1dphi;

    q->m = PARAM(M);
    q->g = PARAM(G);
    q->a1 = PARAM(A1);
    q->ma1 = MUL(q->m, q->a1);
    q->s = SIN(th);
    q->c = COS(th);
    q->sc = MUL(q->s, q->c);
    /* phi = -A2 c + A3 s,  phi' = A2 s + A3 c */
    q->phi = SUB(MUL(a3, q->s), MUL(a2, q->c));
    q->dphi = ADD(MUL(a2, q->s), MUL(a3, q->c));
    /* I_G = I2 s^2 + I3 c^2,  D = I2 - I3 */
    q->ig = ADD(MUL(i2, SQR(q->s)), MUL(i3, SQR(q->c)));
    q->d = SUB(i2, i3);
    /* It1 = I1 + m (A2^2 + A3^2),  a22 = I_G + m A1^2 */
    q->it1 = ADD(PARAM(I1), MUL(q->m, ADD(SQR(a2), SQR(a3))));
    q->a22 = ADD(q->ig, MUL(q->ma1, q->a1));
    /* Delta = It1 a22 - (m A1 phi')^2 */
    ma1dphi = MUL(q->ma1, q->dphi);
    q->delta = SUB(MUL(q->it1, q->a22), SQR(ma1dphi));
}

static int build_rhs(nhref_tape_t *tp)
{
    aux_t q;
    nhref_node_t w1, w2, v, psi, w1s, w2s, w12, vw2, two, f1, f2, mdphi, ma1dphi, dw1, dw2, dv;

    auxiliary(&q, tp);
    w1 = STATE(OMEGA1);
    w2 = STATE(OMEGA2);
    v = STATE(V);
    psi = STATE(PSI);
    two = CONST("2");
    w1s = SQR(w1);
    w2s = SQR(w2);
    w12 = MUL(w1, w2);
    vw2 = MUL(v, w2);
    mdphi = MUL(q.m, q.dphi);
    ma1dphi = MUL(q.ma1, q.dphi);

    /* F1 = Omega2^2 (D s c + m phi phi') + m phi' v Omega2 + m g phi */
    f1 = ADD(ADD(MUL(w2s, ADD(MUL(q.d, q.sc), MUL(mdphi, q.phi))), MUL(mdphi, vw2)),
             MUL(MUL(q.m, q.g), q.phi));
    /* F2 = -m A1 [phi (Omega1^2 + Omega2^2) + v Omega2] - 2 D s c Omega1 Omega2 */
    f2 = NEG(
        ADD(MUL(q.ma1, ADD(MUL(q.phi, ADD(w1s, w2s)), vw2)), MUL(MUL(two, MUL(q.d, q.sc)), w12)));
    /* Omega1' = (a22 F1 + m A1 phi' F2) / Delta,  Omega2' = (It1 F2 + m A1 phi' F1) / Delta */
    dw1 = DIV(ADD(MUL(q.a22, f1), MUL(ma1dphi, f2)), q.delta);
    dw2 = DIV(ADD(MUL(q.it1, f2), MUL(ma1dphi, f1)), q.delta);
    /* v' = A1 Omega2^2 - 2 phi' Omega1 Omega2 - phi Omega2' */
    dv = SUB(SUB(MUL(q.a1, w2s), MUL(MUL(two, q.dphi), w12)), MUL(q.phi, dw2));

    OUT(THETA, w1);
    OUT(OMEGA1, dw1);
    OUT(OMEGA2, dw2);
    OUT(V, dv);
    OUT(PSI, w2);
    OUT(R1, MUL(v, COS(psi)));
    OUT(R2, MUL(v, SIN(psi)));
    return nhref_tape_status(tp);
}

/* T(x; q) = atanh(sqrt(q) x)/sqrt(q) for q > 0, atan(sqrt(-q) x)/sqrt(-q) for q < 0
 * and x for q = 0 (spec §3.3: the three inertia branches; T = integral_0^x dt/(1 -
 * q t^2), analytic in q), in one tape, since a tape cannot branch on parameter
 * values.  The branch comes from sigma = tanh(q L), L = 1e200: exactly sign(q) at
 * every precision up to 3321931 bits when |q| >= 1e-194 (tanh(y) rounds to +-1 once
 * |y| > 0.35 (P + 1)), and exactly 0 at q = 0; in Arb a ball within about 2^-P or
 * 1e-301 of it.  With a = sqrt(|q|), z = 1 - sigma^2 (1 at q = 0, else 0) and
 * w+- = (1 +- sigma)/2,
 *     T = [atanh(w+ a x) + atan(w- a x)] / (a + z) + z x:
 * q > 0: atanh(a x)/a; q < 0: atan(a x)/a; q = 0: 0/1 + x.  No division by 0 (the
 * sigma = q/|q| of before was 0/0 at q = 0, so J2 was NaN for I2 = I3). */
static nhref_node_t atanh_atan(nhref_tape_t *tp, nhref_node_t x, nhref_node_t q)
{
    nhref_node_t half = CONST("0.5"), one = CONST("1");
    nhref_node_t a = SQRT(SQRT(SQR(q)));
    nhref_node_t sigma = TANH(MUL(q, CONST("1e200")));
    nhref_node_t z = SUB(one, SQR(sigma));
    nhref_node_t wp = MUL(half, ADD(one, sigma));
    nhref_node_t wm = MUL(half, SUB(one, sigma));
    nhref_node_t ax = MUL(a, x);
    return ADD(DIV(ADD(ATANH(MUL(wp, ax)), ATAN(MUL(wm, ax))), ADD(a, z)), MUL(z, x));
}

static int build_integrals(nhref_tape_t *tp)
{
    aux_t q;
    nhref_node_t w1, w2, v, half, u, j1, beta1, energy;
    nhref_node_t a2 = PARAM(A2), a3 = PARAM(A3);
    nhref_node_t i2 = PARAM(I2), i3 = PARAM(I3);

    auxiliary(&q, tp);
    w1 = STATE(OMEGA1);
    w2 = STATE(OMEGA2);
    v = STATE(V);
    half = CONST("0.5");
    u = ADD(v, MUL(q.phi, w2)); /* v + phi Omega2 */

    /* E = It1 Omega1^2/2 - m A1 phi' Omega1 Omega2 + a22 Omega2^2/2 + m u^2/2 + m g phi' */
    energy =
        ADD(SUB(MUL(half, MUL(q.it1, SQR(w1))), MUL(MUL(q.ma1, q.dphi), MUL(w1, w2))),
            ADD(MUL(half, ADD(MUL(q.a22, SQR(w2)), MUL(q.m, SQR(u)))), MUL(MUL(q.m, q.g), q.dphi)));
    /* J1 = I_G Omega2 */
    j1 = MUL(q.ig, w2);
    /* beta1 = -(A2/I2) T(cos theta; D/I2) + (A3/I3) T(sin theta; -D/I3) */
    beta1 = ADD(NEG(MUL(DIV(a2, i2), atanh_atan(tp, q.c, DIV(q.d, i2)))),
                MUL(DIV(a3, i3), atanh_atan(tp, q.s, NEG(DIV(q.d, i3)))));

    OUT(E, energy);
    OUT(J1, j1);
    OUT(J2, ADD(u, MUL(j1, beta1)));
    return nhref_tape_status(tp);
}

/* the fall: cos theta = 0, i.e. |theta| = pi/2 */
static int build_events(nhref_tape_t *tp)
{
    OUT(FALL, COS(STATE(THETA)));
    return nhref_tape_status(tp);
}

const nhref_model_t nhref_model_skater = {
    .name = "skater",
    .title = "3-D figure skater on one blade: integrable (A1 = 0) and chaotic regimes",
    .source = "V. Gzenda and V. Putkaradze, Integrability and chaos in figure skating, "
              "arXiv:1809.11146 (2018; v4, 2019), eqs. (9), (13), (18)-(21); spec §2.3 (explicit form, "
              "corrected force term of §8)",
    .spec = "docs/models/skater.md",
    .description =
        "A rigid body (the skater) stands on one skate blade on frictionless ice.  The blade "
        "stays horizontal and its contact point moves only along it (knife-edge constraint).  "
        "theta is the lean, Omega1 = theta' the roll rate, Omega2 = psi' the yaw rate, v the "
        "speed along the blade; (theta, Omega1, Omega2, v) is the reduced system and psi, r1, "
        "r2 follow by quadrature.  A is the centre-of-mass offset from the contact point in "
        "the skate frame (E1 along the blade, E3 the body's up axis).  A1 = 0 is integrable "
        "(J1, J2 conserved); A1 != 0 is not.  The event 'fall' (|theta| = pi/2: the blade "
        "lies flat) ends the physically meaningful motion.  Defaults: the paper's skater and "
        "initial data with theta(0) = 0 and physical gravity g = +9.81, which falls at "
        "t = 1.329 s (spec §8); use --param g=-9.81 to reproduce the paper's figures.",
    .closed_form = "no registered closed form for general data (oracle: E, J1, J2 in every "
                   "inertia branch); the tests use the oracle's special solutions: the "
                   "Chaplygin-sleigh limit A2 = A3 = 0 (spec §4.2, theta..psi), relative "
                   "equilibria (§4.3, full state) and the A1 = 0 period and heading "
                   "advance by quadrature (§4.1)",
    .nstate = NSTATE,
    .state = state,
    .nparam = NPARAM,
    .param = param,
    .nintegral = NINTEGRAL,
    .integral = integral,
    .default_t_end = "10",
    .default_dt_out = "0.1",
    .check = check,
    .build_rhs = build_rhs,
    .build_integrals = build_integrals,
    .check_init = check_init,
    .nevent = NEVENT,
    .event = event,
    .build_events = build_events,
};

/* check_model_file.c -- model files (nhref_model_file.h): the equations nhref derives
 * from a Lagrangian and constraints, the mass-matrix and ODE forms, and every refusal
 * of a bad file with its one-line message.
 *
 * Expected values: the Chaplygin sleigh's reduced equations of its spec
 * (shared/models/chaplygin-sleigh.md §3.1: v' = a omega^2, omega' = -(m a/IA) v omega,
 * IA = J + m a^2), mapped to Cartesian velocities by the identity
 * x_dot = v cos phi, y_dot = v sin phi (so x_dot' = v' cos phi - v omega sin phi,
 * y_dot' = v' sin phi + v omega cos phi); the harmonic oscillator x'' = -x for the
 * other forms; for the errors, the messages of docs/models/writing-a-model.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <mpfr.h>

#include "ck_mpfr.h"
#include "nhref_arb.h"
#include "nhref_batch.h"
#include "nhref_fast.h"
#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "nhref_run.h"
#include "nhref_tape.h"

#define PREC 200

static const char sleigh[] =
    "# sleigh.model -- the Chaplygin sleigh from its Lagrangian and its blade constraint\n"
    "[model]\n"
    "name = sleigh_from_lagrangian\n"
    "[parameters]\n"
    "m = 2\n"
    "J = 30\n"
    "a = 1\n"
    "[coordinates]\n"
    "x = 0\n"
    "y = 0\n"
    "phi = 0\n"
    "[velocities]\n"
    "x_dot = 0\n"
    "y_dot = 0\n"
    "phi_dot = 1\n"
    "[lagrangian]\n"
    "L = m/2*((x_dot - a*phi_dot*sin(phi))^2 + (y_dot + a*phi_dot*cos(phi))^2) + "
    "J/2*phi_dot^2\n"
    "[constraints]\n"
    "blade = -x_dot*sin(phi) + y_dot*cos(phi)\n"
    "[integrals]\n"
    "E = m/2*((x_dot - a*phi_dot*sin(phi))^2 + (y_dot + a*phi_dot*cos(phi))^2) + "
    "J/2*phi_dot^2\n";

static nhref_model_file_t *parse_ok(const char *text)
{
    nhref_model_file_t *mf;
    char err[1024];
    int s = nhref_model_file_parse(&mf, text, strlen(text), "test.model", err, sizeof err);
    ck_assert_msg(s == NHREF_OK, "status %d: %s", s, err);
    return mf;
}

/* the right-hand side of MF's model at X (PREC bits), parameters as in the file */
static void rhs_at(mpfr_ptr f, const nhref_model_file_t *mf, mpfr_srcptr x)
{
    const nhref_model_t *m = nhref_model_file_model(mf);
    nhref_system_t *sys;
    nhref_tape_mp_t *ws;
    mpfr_ptr p = nhref_vec_new(m->nparam + 1, PREC);
    mpfr_t t;

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    ck_assert_int_eq(nhref_system_params(p, sys), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, nhref_system_rhs_tape(sys), PREC, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    mpfr_init2(t, PREC);
    mpfr_set_ui(t, 0, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_eval(f, ws, t, x), NHREF_OK);
    mpfr_clear(t);
    nhref_tape_mp_free(ws);
    nhref_vec_free(p, m->nparam + 1);
    nhref_system_free(sys);
}

/* ------------------------------------------------------------------ derived equations */
/* the sleigh's derived equations at states on the constraint manifold equal the spec's
 * reduced equations mapped to Cartesian velocities (see the header) */
START_TEST(test_sleigh_lagrange_equations)
{
    nhref_model_file_t *mf = parse_ok(sleigh);
    const nhref_model_t *m = nhref_model_file_model(mf);
    mpfr_ptr x = nhref_vec_new(6, PREC), f = nhref_vec_new(6, PREC), want = nhref_vec_new(6, PREC);
    mpfr_t v, om, c, s, dv, dom, tmp;
    /* (phi, v, omega) samples: headings in all quadrants, both signs of v and omega */
    static const char *const sample[][3] = {{"0.3", "1.25", "-0.7"},
                                            {"2.9", "-0.4", "1.1"},
                                            {"-1.7", "0.05", "0.333"},
                                            {"4.4", "2", "-2.5"},
                                            {"0", "0", "1"}};

    ck_assert_str_eq(m->name, "sleigh_from_lagrangian");
    ck_assert_uint_eq(m->nstate, 6);
    ck_assert_uint_eq(m->nintegral, 2); /* E, then the residual of blade */
    ck_assert_str_eq(m->integral[1].name, "blade");
    mpfr_inits2(PREC, v, om, c, s, dv, dom, tmp, (mpfr_ptr)0);
    for (size_t k = 0; k < sizeof sample / sizeof sample[0]; k++) {
        mpfr_set_str(x + 2, sample[k][0], 10, MPFR_RNDN);
        mpfr_set_str(v, sample[k][1], 10, MPFR_RNDN);
        mpfr_set_str(om, sample[k][2], 10, MPFR_RNDN);
        mpfr_sin_cos(s, c, x + 2, MPFR_RNDN);
        mpfr_set_str(x + 0, "1.5", 10, MPFR_RNDN);
        mpfr_set_str(x + 1, "-3", 10, MPFR_RNDN);
        mpfr_mul(x + 3, v, c, MPFR_RNDN); /* x_dot = v cos phi */
        mpfr_mul(x + 4, v, s, MPFR_RNDN); /* y_dot = v sin phi */
        mpfr_set(x + 5, om, MPFR_RNDN);
        rhs_at(f, mf, x);
        /* v' = a omega^2 = omega^2; omega' = -(m a / IA) v omega = -(2/32) v omega */
        mpfr_sqr(dv, om, MPFR_RNDN);
        mpfr_mul(dom, v, om, MPFR_RNDN);
        mpfr_div_si(dom, dom, -16, MPFR_RNDN);
        mpfr_set(want + 0, x + 3, MPFR_RNDN);
        mpfr_set(want + 1, x + 4, MPFR_RNDN);
        mpfr_set(want + 2, om, MPFR_RNDN);
        mpfr_mul(want + 3, dv, c, MPFR_RNDN);
        mpfr_mul(tmp, v, om, MPFR_RNDN);
        mpfr_mul(tmp, tmp, s, MPFR_RNDN);
        mpfr_sub(want + 3, want + 3, tmp, MPFR_RNDN);
        mpfr_mul(want + 4, dv, s, MPFR_RNDN);
        mpfr_mul(tmp, v, om, MPFR_RNDN);
        mpfr_mul(tmp, tmp, c, MPFR_RNDN);
        mpfr_add(want + 4, want + 4, tmp, MPFR_RNDN);
        mpfr_set(want + 5, dom, MPFR_RNDN);
        for (int i = 0; i < 6; i++)
            ck_assert_mpfr_digits(f + i, want + i, 55, "1");
    }
    mpfr_clears(v, om, c, s, dv, dom, tmp, (mpfr_ptr)0);
    nhref_vec_free(x, 6);
    nhref_vec_free(f, 6);
    nhref_vec_free(want, 6);
    nhref_model_file_free(mf);
}
END_TEST

/* x'' = -x in the three forms: a Lagrangian without constraints, an ODE, a mass matrix
 * 2 x'' = -2 x */
START_TEST(test_three_forms_oscillator)
{
    static const char *const text[] = {
        "[coordinates]\nx = 1\n[lagrangian]\nL = x_dot^2/2 - x^2/2\n",
        "[state]\nx = 1\nx_dot = 0\n[ode]\nx = x_dot\nx_dot = -x\n",
        "[state]\nx = 1\nx_dot = 0\n[mass]\nx.x = 1\nx_dot.x_dot = 2\n[forcing]\nx = "
        "x_dot\nx_dot = -2*x\n",
    };
    for (size_t k = 0; k < 3; k++) {
        nhref_model_file_t *mf = parse_ok(text[k]);
        mpfr_ptr x = nhref_vec_new(2, PREC), f = nhref_vec_new(2, PREC);
        mpfr_set_str(x, "0.75", 10, MPFR_RNDN);
        mpfr_set_str(x + 1, "-1.5", 10, MPFR_RNDN);
        rhs_at(f, mf, x);
        ck_assert_msg(mpfr_cmp_d(f, -1.5) == 0 && mpfr_cmp_d(f + 1, -0.75) == 0,
                      "form %zu: f = (%g, %g), want (-1.5, -0.75)", k, mpfr_get_d(f, MPFR_RNDN),
                      mpfr_get_d(f + 1, MPFR_RNDN));
        nhref_vec_free(x, 2);
        nhref_vec_free(f, 2);
        nhref_model_file_free(mf);
    }
}
END_TEST

/* a mass matrix of three diagonal blocks, each compiled its own way (model_compile.c,
 * mass_block): x an identity row (x' = F_x); (u, v) coupled by constant entries, one of
 * them a parameter (M^-1 once per parameter set); (y, w) coupled by entries of the
 * state (a linear solve at every evaluation).  The right-hand side is Cramer's rule
 * computed here, and the Taylor coefficients to order 8 are those of the same system
 * written as an explicit ODE (Cramer's rule in the file: no mass matrix), to 55 digits. */
START_TEST(test_mass_blocks)
{
    static const char mass[] =
        "[parameters]\nc = 1\n[state]\nx = 0.75\ny = -1.5\nu = 0.5\nv = 2\nw = 0.25\n"
        "[mass]\nx.x = 1\nu.u = 2\nu.v = c\nv.u = 1\nv.v = 3\ny.y = 1 + x^2\ny.w = x\n"
        "w.y = x\nw.w = 2\n[forcing]\nx = u\nu = x\nv = y\ny = 1\nw = u\n";
    static const char ode[] =
        "[parameters]\nc = 1\n[state]\nx = 0.75\ny = -1.5\nu = 0.5\nv = 2\nw = 0.25\n"
        "[ode]\nx = u\nu = (3*x - c*y)/(6 - c)\nv = (2*y - x)/(6 - c)\n"
        "y = (2 - x*u)/(2*(1 + x^2) - x^2)\nw = ((1 + x^2)*u - x)/(2*(1 + x^2) - x^2)\n";
    enum { N = 5, K = 8 };
    nhref_model_file_t *mf = parse_ok(mass), *mo = parse_ok(ode);
    mpfr_ptr x = nhref_vec_new(N, PREC), f = nhref_vec_new(N, PREC), want = nhref_vec_new(N, PREC);
    mpfr_t det, tmp;
    nhref_tape_mp_t *ws[2];
    const nhref_model_file_t *both[2] = {mf, mo};
    nhref_system_t *sys[2];
    mpfr_ptr p = nhref_vec_new(2, PREC);

    mpfr_inits2(PREC, det, tmp, (mpfr_ptr)0);
    for (int i = 0; i < N; i++)
        mpfr_set_str(x + i, nhref_model_file_model(mf)->state[i].default_init, 10, MPFR_RNDN);
    rhs_at(f, mf, x);
    /* x' = u; (u', v') = [[2, 1], [1, 3]]^-1 (x, y) = (3x - y, 2y - x)/5;
     * (y', w') = [[1 + x^2, x], [x, 2]]^-1 (1, u) = (2 - x u, (1 + x^2) u - x)/(2 + x^2) */
    mpfr_set(want, x + 2, MPFR_RNDN);
    mpfr_mul_ui(want + 2, x, 3, MPFR_RNDN);
    mpfr_sub(want + 2, want + 2, x + 1, MPFR_RNDN);
    mpfr_div_ui(want + 2, want + 2, 5, MPFR_RNDN);
    mpfr_mul_ui(want + 3, x + 1, 2, MPFR_RNDN);
    mpfr_sub(want + 3, want + 3, x, MPFR_RNDN);
    mpfr_div_ui(want + 3, want + 3, 5, MPFR_RNDN);
    mpfr_sqr(det, x, MPFR_RNDN);
    mpfr_add_ui(det, det, 2, MPFR_RNDN);
    mpfr_mul(tmp, x, x + 2, MPFR_RNDN);
    mpfr_ui_sub(want + 1, 2, tmp, MPFR_RNDN);
    mpfr_div(want + 1, want + 1, det, MPFR_RNDN);
    mpfr_sqr(tmp, x, MPFR_RNDN);
    mpfr_add_ui(tmp, tmp, 1, MPFR_RNDN);
    mpfr_mul(want + 4, tmp, x + 2, MPFR_RNDN);
    mpfr_sub(want + 4, want + 4, x, MPFR_RNDN);
    mpfr_div(want + 4, want + 4, det, MPFR_RNDN);
    for (int i = 0; i < N; i++)
        ck_assert_mpfr_digits(f + i, want + i, 55, "1");
    /* the jets of both forms */
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(nhref_system_new(&sys[k], nhref_model_file_model(both[k])), NHREF_OK);
        ck_assert_int_eq(nhref_system_params(p, sys[k]), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_new(&ws[k], nhref_system_rhs_tape(sys[k]), PREC, K),
                         NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_set_params(ws[k], p), NHREF_OK);
        mpfr_set_ui(tmp, 0, MPFR_RNDN);
        ck_assert_int_eq(nhref_tape_mp_ode_jet(ws[k], tmp, x, K), NHREF_OK);
    }
    for (int i = 0; i < N; i++)
        for (int k = 1; k <= K; k++)
            ck_assert_mpfr_digits(nhref_tape_mp_state_series(ws[0], (size_t)i) + k,
                                  nhref_tape_mp_state_series(ws[1], (size_t)i) + k, 55, "1");
    for (int k = 0; k < 2; k++) {
        nhref_tape_mp_free(ws[k]);
        nhref_system_free(sys[k]);
    }
    mpfr_clears(det, tmp, (mpfr_ptr)0);
    nhref_vec_free(p, 2);
    nhref_vec_free(x, N);
    nhref_vec_free(f, N);
    nhref_vec_free(want, N);
    nhref_model_file_free(mf);
    nhref_model_file_free(mo);
}
END_TEST

/* a Lagrangian not quadratic in the velocities, M invertible: L = x_dot^4/12 - x^2/2
 * gives x_dot^2 x'' = -x */
START_TEST(test_nonquadratic_lagrangian)
{
    nhref_model_file_t *mf = parse_ok("[coordinates]\nx = 1\n[velocities]\nx_dot = 1\n"
                                      "[lagrangian]\nL = x_dot^4/12 - x^2/2\n");
    mpfr_ptr x = nhref_vec_new(2, PREC), f = nhref_vec_new(2, PREC);
    mpfr_set_str(x, "0.5", 10, MPFR_RNDN);
    mpfr_set_str(x + 1, "2", 10, MPFR_RNDN);
    rhs_at(f, mf, x);
    ck_assert_msg(mpfr_cmp_d(f + 1, -0.125) == 0, "x'' = %g, want -0.125",
                  mpfr_get_d(f + 1, MPFR_RNDN));
    nhref_vec_free(x, 2);
    nhref_vec_free(f, 2);
    nhref_model_file_free(mf);
}
END_TEST

/* describe prints the mass matrix and the constraint matrix nhref derived */
START_TEST(test_describe_derived)
{
    nhref_model_file_t *mf = parse_ok(sleigh);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_int_eq(nhref_model_file_describe(mf, out), 0);
    fclose(out);
    ck_assert_msg(strstr(buf, "M[x_dot, x_dot] = m") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "A[blade, x_dot] = -sin(phi)") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "A[blade, y_dot] = cos(phi)") != NULL, "%s", buf);
    free(buf);
    nhref_model_file_free(mf);
}
END_TEST

/* ------------------------------------------------------------------ [solution] */
/* the oscillator x'' = -k x with its closed form as [solution]: the oracle of the file
 * gives x(t) = x0 cos(w t) + v0/w sin(w t), w = sqrt(k), computed here with MPFR's own
 * functions; a model that reads t has its solution only from t-start = 0 */
START_TEST(test_solution_oracle)
{
    nhref_model_file_t *mf = parse_ok("[parameters]\nk = 4\n[state]\nx = 1\nv = 0.5\n[ode]\n"
                                      "x = v\nv = -k*x\n[solution]\n"
                                      "x = x_0*cos(sqrt(k)*t) + v_0/sqrt(k)*sin(sqrt(k)*t)\n"
                                      "v = -x_0*sqrt(k)*sin(sqrt(k)*t) + v_0*cos(sqrt(k)*t)\n");
    const nhref_oracle_t *o = nhref_model_oracle(nhref_model_file_model(mf));
    mpfr_t p, x0[2], t, t0, s[2], w, c, sn, want;
    void *sol = NULL;

    ck_assert_ptr_nonnull(o);
    ck_assert(nhref_oracle_has_solution(o));
    mpfr_inits2(PREC, p, x0[0], x0[1], t, t0, s[0], s[1], w, c, sn, want, (mpfr_ptr)0);
    mpfr_set_ui(p, 4, MPFR_RNDN);
    mpfr_set_d(x0[0], 0.75, MPFR_RNDN);
    mpfr_set_d(x0[1], -1.25, MPFR_RNDN);
    mpfr_set_zero(t0, 1);
    mpfr_set_str(t, "1.3", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_solution_new(o, &sol, p, x0[0], t0, PREC), NHREF_OK);
    ck_assert_int_eq(o->solution_state(s[0], sol, t), NHREF_OK);
    mpfr_sqrt(w, p, MPFR_RNDN);
    mpfr_mul(c, w, t, MPFR_RNDN);
    mpfr_sin_cos(sn, c, c, MPFR_RNDN);
    mpfr_mul(want, x0[0], c, MPFR_RNDN); /* x0 cos + v0/w sin */
    mpfr_div(w, x0[1], w, MPFR_RNDN);
    mpfr_fma(want, w, sn, want, MPFR_RNDN);
    ck_assert_mpfr_digits(s[0], want, 55, "1");
    o->solution_free(sol);
    mpfr_clears(p, x0[0], x0[1], t, t0, s[0], s[1], w, c, sn, want, (mpfr_ptr)0);
    nhref_model_file_free(mf);

    /* x' = t: x = x_0 + t^2/2 holds from t = 0 only, as the file writes it */
    mf = parse_ok("[state]\nx = 0\n[ode]\nx = t\n[solution]\nx = x_0 + t^2/2\n");
    o = nhref_model_oracle(nhref_model_file_model(mf));
    mpfr_inits2(PREC, x0[0], t0, (mpfr_ptr)0);
    mpfr_set_ui(x0[0], 1, MPFR_RNDN);
    mpfr_set_ui(t0, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_solution_new(o, &sol, NULL, x0[0], t0, PREC), NHREF_ENOTFOUND);
    ck_assert_ptr_null(sol);
    mpfr_clears(x0[0], t0, (mpfr_ptr)0);
    nhref_model_file_free(mf);
}
END_TEST

/* ------------------------------------------------------------------ values */
/* parameter and initial values: constant expressions (issue 24) at the destination's
 * precision, compared with MPFR's own constants; a ball that contains the value; the
 * refusals (undefined, not constant, reading t, blank-led) */
START_TEST(test_constant_values)
{
    mpfr_t x, want, lo, hi;
    arb_t b;
    char why[300];

    mpfr_inits2(PREC, x, want, lo, hi, (mpfr_ptr)0);
    ck_assert_int_eq(nhref_value_set(x, "pi/7"), NHREF_OK);
    mpfr_const_pi(want, MPFR_RNDN);
    mpfr_div_ui(want, want, 7, MPFR_RNDN);
    ck_assert_mpfr_digits(x, want, 59, "1");
    ck_assert_int_eq(nhref_value_set(x, "1.2*sin(0.3)"), NHREF_OK);
    mpfr_set_str(want, "0.3", 10, MPFR_RNDN);
    mpfr_sin(want, want, MPFR_RNDN);
    mpfr_mul_d(want, want, 1.2, MPFR_RNDN); /* 1.2 is not exact: compare to 15 digits */
    ck_assert_mpfr_digits(x, want, 15, "1");
    ck_assert_int_eq(nhref_value_set(x, "2^(1/2) - sqrt(2)"), NHREF_OK);
    ck_assert(mpfr_cmpabs_ui(x, 1) < 0 && mpfr_get_exp(x) < -(PREC - 4));
    ck_assert_int_eq(nhref_value_set(x, "-2.5e-3"), NHREF_OK); /* a decimal, as before */
    ck_assert_int_eq(mpfr_cmp_d(x, -2.5e-3) != 0, mpfr_get_prec(x) > 53);

    arb_init(b);
    ck_assert_int_eq(nhref_value_arb(b, "pi/7", PREC), NHREF_OK);
    /* pi/7 at PREC + 200 bits, within 2^-(PREC+190) of the truth: inside the ball */
    mpfr_set_prec(lo, PREC + 200);
    mpfr_const_pi(lo, MPFR_RNDN);
    mpfr_div_ui(lo, lo, 7, MPFR_RNDN);
    {
        arb_t r;
        arb_init(r);
        arf_set_mpfr(arb_midref(r), lo);
        mag_zero(arb_radref(r));
        ck_assert(arb_contains(b, r));
        ck_assert(mag_cmp_2exp_si(arb_radref(b), -(PREC - 8)) < 0);
        arb_clear(r);
    }
    ck_assert_int_eq(nhref_value_arb(b, "sqrt(-2)", PREC), NHREF_EDOMAIN);
    arb_clear(b);

    mpfr_set_ui(x, 5, MPFR_RNDN);
    ck_assert_int_eq(nhref_value_set(x, "sqrt(-1)"), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_value_set(x, "1/0"), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_value_set(x, "t + 1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_value_set(x, "2*t"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_value_set(x, "m/2"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_value_set(x, " 1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_value_set(x, "1e999999"), NHREF_ERANGE);
    ck_assert_int_eq(mpfr_cmp_ui(x, 5), 0); /* untouched on error */
    nhref_value_why(why, sizeof why, "1.2*cos(0.3", 64, NHREF_EPARSE);
    ck_assert_msg(strstr(why, "column 12") != NULL, "%s", why);
    nhref_value_why(why, sizeof why, "cos(t)", 64, NHREF_EPARSE);
    ck_assert_msg(strstr(why, "cannot read the time") != NULL, "%s", why);
    mpfr_clears(x, want, lo, hi, (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ refusals */
typedef struct {
    const char *text;
    int status;
    const char *want; /* a substring of the message */
} bad_t;

static const bad_t bad[] = {
    {"[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n[nonsense]\nk = 1\n", NHREF_EPARSE,
     "test.model:5: unknown section [nonsense]"},
    {"[coordinates]\nx = 0\nx.colour = red\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:3: [coordinates] unknown key 'x.colour'"},
    {"[coordinates]\nx = 0\nx = 1\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:3: [coordinates] x is given twice (first on line 2)"},
    {"[parameters]\nsin = 1\n[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:2: [parameters] 'sin' is the name of a function"},
    {"[coordinates]\nt = 0\n[lagrangian]\nL = t_dot^2\n", NHREF_EPARSE,
     "test.model:2: [coordinates] 't' is the name of a function or constant"},
    {"[parameters]\nx = 1\n[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:4: the name 'x' is given twice (first on line 2;"},
    /* a velocity not given is declared on its coordinate's line */
    {"[parameters]\nx_dot = 1\n[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:4: the name 'x_dot' is given twice (first on line 2;"},
    {"[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\nL2 = 1\n", NHREF_EPARSE,
     "test.model:5: [lagrangian] holds one entry, the Lagrangian (L = ...); found 2"},
    {"[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2 + k\n", NHREF_EPARSE,
     "test.model:4: [lagrangian] L: column 11: unknown name 'k'"},
    {"[coordinates]\nx = 0\ny = 0\n[lagrangian]\nL = x_dot^2 + y_dot^2\n[constraints]\n"
     "bad = x_dot^2 - y_dot\n",
     NHREF_EPARSE, "test.model:7: [constraints] bad is not affine in the velocities"},
    {"[coordinates]\nx = 0\n", NHREF_EINVAL, "test.model: no dynamics"},
    {"[state]\nx = 0\n[ode]\nx = 1\n[lagrangian]\nL = x_dot^2\n", NHREF_EINVAL,
     "test.model:5: two forms of the dynamics"},
    {"[coordinates]\nx = 0\nthis line has no equals sign\n[lagrangian]\nL = x_dot^2\n",
     NHREF_EPARSE, "test.model:3: expected 'NAME = VALUE' or '[section]'"},
    {"[velocities]\nz_dot = 1\n[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:2: [velocities] 'z_dot' is not the velocity of a coordinate"},
    {"[state]\nx = 0\ny = 0\n[ode]\nx = y\n", NHREF_EPARSE,
     "test.model:3: [ode] has no right-hand side for y"},
    {"[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n[conditions]\nc = x_dot\n", NHREF_EPARSE,
     "test.model:6: [conditions] c: 'x_dot' is not a condition EXPR OP EXPR"},
    {"[coordinates]\nx = 1e99999999999\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:2: [coordinates] x:"},
    {"[model]\ncolour = red\n[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n", NHREF_EPARSE,
     "test.model:2: [model] unknown key 'colour'"},
    {"[state]\nx = 0\n[mass]\nx.q = 1\n[forcing]\nx = 1\n", NHREF_EPARSE,
     "test.model:4: [mass] 'x.q' is not ROW.COL"},
    {"[state]\nx = 0\nv = 1\n[ode]\nx = v\nv = -x\n[solution]\nx = v_0*sin(t)\n", NHREF_EPARSE,
     "test.model:8: [solution] has no expression for v"},
    {"[state]\nx = 0\n[ode]\nx = 1\n[solution]\nx = x + t\n", NHREF_EPARSE,
     "test.model:6: [solution] x: column 1: unknown name 'x'"},
    {"[parameters]\nx_0 = 1\n[state]\nx = 0\n[ode]\nx = 1\n[solution]\nx = x_0 + t\n", NHREF_EPARSE,
     "test.model:8: [solution] the initial value of x is named x_0, which is already"},
    {"[model]\nname = skater\n[state]\nx = 0\n[ode]\nx = 1\n", NHREF_EPARSE,
     "test.model:2: the model's name 'skater' is a built-in model's"},
    {"[state]\nx = 0\n[ode]\nx = 1\n[solution]\ny = t\n", NHREF_EPARSE,
     "test.model:6: [solution] 'y' is not a state component of the model"},
    /* a golden file or a trajectory where a model file was expected */
    {"t,x,y\n# nhref golden reference trajectory\n# format: nhref-golden 2\r\n0,1,2\n",
     NHREF_EPARSE,
     "test.model:3: an nhref CSV file of format 'nhref-golden 2' (a trajectory or a golden file), "
     "not a model file; `nhref verify` takes a golden file as --golden FILE"},
    {"t,x\n0,1\n", NHREF_EPARSE, "test.model:1: a CSV table (a trajectory or a golden file)"},
};

START_TEST(test_bad_file)
{
    const bad_t *b = &bad[_i];
    nhref_model_file_t *mf = (nhref_model_file_t *)1;
    char err[1024];
    int s = nhref_model_file_parse(&mf, b->text, strlen(b->text), "test.model", err, sizeof err);
    ck_assert_msg(s == b->status, "case %d: status %d, want %d (%s)", _i, s, b->status, err);
    ck_assert_ptr_null(mf);
    ck_assert_msg(strstr(err, b->want) != NULL, "case %d: message '%s' lacks '%s'", _i, err,
                  b->want);
    ck_assert_msg(strchr(err, '\n') == NULL, "case %d: not one line: '%s'", _i, err);
}
END_TEST

/* the limits: a line, the states, the file's size */
START_TEST(test_limits)
{
    char *text = malloc(NHREF_MODEL_FILE_MAX_BYTES + 64), err[1024];
    nhref_model_file_t *mf;
    size_t n = 0;
    int s;

    /* a line over the limit */
    n = (size_t)sprintf(text, "[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2");
    for (int i = 0; i < NHREF_MODEL_FILE_MAX_LINE; i++)
        n += (size_t)sprintf(text + n, "+x");
    s = nhref_model_file_parse(&mf, text, n, "test.model", err, sizeof err);
    ck_assert_int_eq(s, NHREF_EPARSE);
    ck_assert_msg(strstr(err, "test.model:4: a line longer than") != NULL, "%s", err);
    /* 33 coordinates: 66 states */
    n = (size_t)sprintf(text, "[coordinates]\n");
    for (int i = 0; i < 33; i++)
        n += (size_t)sprintf(text + n, "q%d = 0\n", i);
    n += (size_t)sprintf(text + n, "[lagrangian]\nL = q0_dot^2\n");
    s = nhref_model_file_parse(&mf, text, n, "test.model", err, sizeof err);
    ck_assert_int_eq(s, NHREF_EINVAL);
    ck_assert_msg(strstr(err, "66 state components, more than the limit of 64") != NULL, "%s", err);
    /* the size */
    memset(text, '#', NHREF_MODEL_FILE_MAX_BYTES + 1);
    s = nhref_model_file_parse(&mf, text, NHREF_MODEL_FILE_MAX_BYTES + 1, "test.model", err,
                               sizeof err);
    ck_assert_int_eq(s, NHREF_EINVAL);
    ck_assert_msg(strstr(err, "more than the limit of 1048576 bytes") != NULL, "%s", err);
    free(text);
}
END_TEST

/* a continuation line (indented) extends the expression above it */
START_TEST(test_continuation)
{
    nhref_model_file_t *mf = parse_ok("[coordinates]\nx = 1\n[lagrangian]\nL = x_dot^2/2\n"
                                      "    - x^2/2\n");
    mpfr_ptr x = nhref_vec_new(2, PREC), f = nhref_vec_new(2, PREC);
    mpfr_set_str(x, "0.5", 10, MPFR_RNDN);
    rhs_at(f, mf, x);
    ck_assert(mpfr_cmp_d(f + 1, -0.5) == 0);
    nhref_vec_free(x, 2);
    nhref_vec_free(f, 2);
    nhref_model_file_free(mf);
}
END_TEST

/* ------------------------------------------------------------------ checks at run time */
/* the spec's resolution says what is wrong with the parameters and the initial state */
static void resolve_fails(const char *text, const char *param, const char *init, const char *want)
{
    nhref_model_file_t *mf = parse_ok(text);
    nhref_spec_t *spec;
    int s;
    ck_assert_int_eq(nhref_spec_new_file(&spec, mf), NHREF_OK);
    nhref_model_file_free(mf); /* the spec keeps its own reference */
    if (param != NULL)
        ck_assert_int_eq(nhref_spec_assign(spec, "param", param), NHREF_OK);
    if (init != NULL)
        ck_assert_int_eq(nhref_spec_assign(spec, "init", init), NHREF_OK);
    s = nhref_spec_resolve(spec);
    ck_assert_msg(s != NHREF_OK, "resolved, want '%s'", want);
    ck_assert_msg(strstr(nhref_spec_error(spec), want) != NULL, "message '%s' lacks '%s'",
                  nhref_spec_error(spec), want);
    nhref_spec_free(spec);
}

START_TEST(test_runtime_checks)
{
    static const char ranged[] = "[parameters]\nk = 1\nk.range = k > 0\n[coordinates]\nx = 1\n"
                                 "[lagrangian]\nL = x_dot^2/2 - k*x^2/2\n"
                                 "[conditions]\nnear = x^2 < 4\n";
    resolve_fails(ranged, "k=-1", NULL, "parameter k: k > 0 does not hold (test.model:3)");
    resolve_fails(ranged, NULL, "x=3",
                  "the condition near: x^2 < 4 does not hold at the initial state "
                  "(test.model:9)");
    resolve_fails(sleigh, NULL, "y_dot=0.5",
                  "the initial velocities are off the constraint "
                  "blade: its residual is 0.5");
    /* M = diag(1, 0): nothing fixes y_dot' */
    resolve_fails("[coordinates]\nx = 0\ny = 0\n[lagrangian]\nL = x_dot^2/2\n", NULL, NULL,
                  "the row of coordinate y depends on the rows before it");
    /* two proportional constraints */
    resolve_fails("[coordinates]\nx = 0\ny = 0\n[velocities]\nx_dot = 1\ny_dot = 1\n"
                  "[lagrangian]\nL = (x_dot^2 + y_dot^2)/2\n[constraints]\nc1 = x_dot - y_dot\n"
                  "c2 = 2*x_dot - 2*y_dot\n",
                  NULL, NULL, "the constraint c2 depends on the constraints before it");
}
END_TEST

/* the initial-state check of a run in double evaluates a model file's right-hand side
 * in double (nhref_system_check_init_d): a start where it is undefined (x' = 1/x at
 * x = 0) is still refused before any row, with NHREF_EPARAM, by a separate run and by a
 * batch lane, as the MPFR run refuses it; a start where it is defined runs.  Without the
 * check the driver would write the row at t = 0 and fail in the step (not NHREF_EPARAM). */
START_TEST(test_init_check_double)
{
    nhref_model_file_t *mf = parse_ok("[state]\nx = 1\n[ode]\nx = 1/x\n");
    const nhref_system_t *sysv[1];
    nhref_system_t *sys;
    nhref_integrator_d_t *ig;
    nhref_integrator_t *igm;
    nhref_options_t opt;
    nhref_stats_t st, stb[4];
    const double tg[2] = {0, 0.25}, x0[4] = {1, 0, 2, 1};
    double out[2], outb[8];
    int status[4];
    mpfr_t x, t, tend;

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_file_model(mf)), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = 15;
    ck_assert_int_eq(nhref_integrator_new_d(&ig, sys, &opt), NHREF_OK);
    ck_assert_int_eq(nhref_integrate_grid_d(ig, out, x0 + 1, tg, 2, &st), NHREF_EPARAM);
    ck_assert_uint_eq(st.nrows, 0);
    /* x(t) = sqrt(1 + 2 t): x(1/4) = sqrt(3/2) */
    ck_assert_int_eq(nhref_integrate_grid_d(ig, out, x0, tg, 2, &st), NHREF_OK);
    ck_assert_msg(fabs(out[1] - sqrt(1.5)) <= 1e-14, "x(1/4) = %.17g", out[1]);
    nhref_integrator_free_d(ig);
    sysv[0] = sys;
    ck_assert_int_eq(
        nhref_integrate_batch_d(outb, status, stb, sysv, 1, x0, 4, tg, 2, &opt), NHREF_OK);
    ck_assert_int_eq(status[0], NHREF_OK);
    ck_assert_int_eq(status[1], NHREF_EPARAM);
    ck_assert_int_eq(status[2], NHREF_OK);
    ck_assert_uint_eq(stb[1].nrows, 0);
    /* the MPFR run refuses the same start */
    opt.prec = 128;
    opt.digits = 30;
    ck_assert_int_eq(nhref_integrator_new(&igm, sys, &opt), NHREF_OK);
    mpfr_inits2(128, x, t, tend, (mpfr_ptr)0);
    mpfr_set_zero(x, 1);
    mpfr_set_zero(t, 1);
    mpfr_set_d(tend, 0.25, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(igm, x, t, tend, NULL), NHREF_EPARAM);
    mpfr_clears(x, t, tend, (mpfr_ptr)0);
    nhref_integrator_free(igm);
    nhref_system_free(sys);
    nhref_model_file_free(mf);
}
END_TEST

/* data/models/suslov_servo_ode.model, Cramer's rule written out with its linear
 * combinations folded by the compiler (nhref_tape_fold_linear), against the built-in
 * suslov_servo (the same equations, hand-written with the coefficients of spec §4.2):
 * the right-hand sides at 256 bits at pseudo-random states (seed ck_seed()), with a
 * centre of mass c != 0 so that every term counts, to 70 digits (a folding that drops
 * a sign or a divisor is off in the first digits). */
START_TEST(test_fold_suslov)
{
    const mpfr_prec_t prec = 256;
    static const char *const set[][2] = {{"c1", "0.3"}, {"c2", "-0.7"}, {"c3", "1.1"}};
    const char *top = getenv("top_srcdir") != NULL ? getenv("top_srcdir") : "..";
    const nhref_model_t *m[2];
    nhref_model_file_t *mf;
    nhref_system_t *sys[2];
    nhref_tape_mp_t *ws[2];
    mpfr_ptr x = nhref_vec_new(6, prec), f[2], p[2];
    mpfr_t t;
    gmp_randstate_t rs;
    char path[1024], err[512];

    snprintf(path, sizeof path, "%s/data/models/suslov_servo_ode.model", top);
    ck_assert_msg(nhref_model_file_read(&mf, path, err, sizeof err) == NHREF_OK, "%s", err);
    m[0] = nhref_model_file_model(mf);
    m[1] = nhref_model_find("suslov_servo");
    ck_assert_ptr_nonnull(m[1]);
    mpfr_init2(t, prec);
    mpfr_set_zero(t, 1);
    for (int k = 0; k < 2; k++) {
        ck_assert_uint_eq(m[k]->nstate, 6);
        ck_assert_int_eq(nhref_system_new(&sys[k], m[k]), NHREF_OK);
        for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
            ck_assert_int_eq(nhref_system_set_param(sys[k], set[i][0], set[i][1]), NHREF_OK);
        p[k] = nhref_vec_new(m[k]->nparam, prec);
        f[k] = nhref_vec_new(6, prec);
        ck_assert_int_eq(nhref_system_params(p[k], sys[k]), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_new(&ws[k], nhref_system_rhs_tape(sys[k]), prec, 0),
                         NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_set_params(ws[k], p[k]), NHREF_OK);
    }
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    for (int pt = 0; pt < 20; pt++) {
        for (int i = 0; i < 6; i++) { /* every component in [-2, 2) */
            mpfr_urandomb(x + i, rs);
            mpfr_mul_2ui(x + i, x + i, 2, MPFR_RNDN);
            mpfr_sub_ui(x + i, x + i, 2, MPFR_RNDN);
        }
        for (int k = 0; k < 2; k++)
            ck_assert_int_eq(nhref_tape_mp_eval(f[k], ws[k], t, x), NHREF_OK);
        for (int i = 0; i < 6; i++)
            ck_assert_msg(ck_mpfr_agree_digits(f[0] + i, f[1] + i, "1") >= 70,
                          "%s' at point %d: %.1f digits (seed %lu)", m[1]->state[i].name, pt,
                          ck_mpfr_agree_digits(f[0] + i, f[1] + i, "1"), ck_seed());
    }
    gmp_randclear(rs);
    for (int k = 0; k < 2; k++) {
        nhref_tape_mp_free(ws[k]);
        nhref_vec_free(p[k], m[k]->nparam);
        nhref_vec_free(f[k], 6);
        nhref_system_free(sys[k]);
    }
    nhref_vec_free(x, 6);
    mpfr_clear(t);
    nhref_model_file_free(mf);
}
END_TEST

static Suite *model_file_suite(void)
{
    Suite *s = suite_create("model_file");
    TCase *tc = tcase_create("equations");
    tcase_add_test(tc, test_sleigh_lagrange_equations);
    tcase_add_test(tc, test_three_forms_oscillator);
    tcase_add_test(tc, test_mass_blocks);
    tcase_add_test(tc, test_nonquadratic_lagrangian);
    tcase_add_test(tc, test_describe_derived);
    tcase_add_test(tc, test_continuation);
    tcase_add_test(tc, test_solution_oracle);
    tcase_add_test(tc, test_constant_values);
    tcase_add_test(tc, test_fold_suslov);
    suite_add_tcase(s, tc);
    tc = tcase_create("refusals");
    tcase_add_loop_test(tc, test_bad_file, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_runtime_checks);
    tcase_add_test(tc, test_init_check_double);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(model_file_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

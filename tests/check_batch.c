/* check_batch.c -- batch mode (nhref_batch.h): every lane of nhref_integrate_batch_d
 * against nhref_integrate_grid_d run on its own, bit for bit (the lanes run the
 * double interpreter's operations; the separate runs use the generic generated jets,
 * which are the interpreter's values bit for bit, or the interpreter itself): status,
 * outcome, event, step count, rows.  Over every built-in model (ensembles of
 * perturbed default states, B = 6: a full pack and a padded one), per-lane parameter
 * sets, per-lane terminal events, a lane with a domain error and a lane refused at
 * its start among good lanes, and the refusals of bad shapes.
 *
 * Expected values come from nhref_integrate_grid_d, the separate run that the batch
 * must reproduce; the domain-error lane's status from the square root of a negative
 * number (a mathematical fact), the event lanes' from where x = t crosses 0.3.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "nhref.h"

/* tape/tape_num.h's test hook: the generic generated jets (the interpreter's values) */
int nhref_tape_gen_fma_d(int on);
/* integrate/batch.c's test hook: 0 the baseline lanes, -1 AVX where the CPU has it */
int nhref_batch_avx_d(int on);

#define NT 6

/* lane b of an ensemble from the model's default state: x (1 + b/50) + b/1000 */
static double *ensemble(const nhref_model_t *m, size_t B)
{
    double *x0 = calloc(B * m->nstate, sizeof *x0);
    for (size_t b = 0; b < B; b++)
        for (size_t i = 0; i < m->nstate; i++) {
            double v = strtod(m->state[i].default_init, NULL);
            x0[b * m->nstate + i] = v * (1 + (double)b / 50) + (double)b / 1000;
        }
    return x0;
}

/* every lane of the batch equals its separate run bit for bit */
static void check_lanes(const nhref_system_t *const *sys, size_t nsys, const double *x0, size_t B,
                        const double *tgrid, const nhref_options_t *opt, int *nok)
{
    const nhref_model_t *m = nhref_system_model(sys[0]);
    size_t nx = m->nstate;
    double *out = malloc(B * NT * nx * sizeof *out), *one = malloc(NT * nx * sizeof *one);
    int *status = malloc(B * sizeof *status);
    nhref_stats_t *st = malloc(B * sizeof *st), s1;

    *nok = 0;
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, st, sys, nsys, x0, B, tgrid, NT, opt),
                     NHREF_OK);
    for (size_t b = 0; b < B; b++) {
        nhref_integrator_d_t *ig = NULL;
        int s = nhref_integrator_new_d(&ig, sys[nsys == 1 ? 0 : b], opt);
        memset(&s1, 0, sizeof s1);
        if (s == NHREF_OK)
            s = nhref_integrate_grid_d(ig, one, x0 + b * nx, tgrid, NT, &s1);
        nhref_integrator_free_d(ig);
        ck_assert_msg(status[b] == s, "%s lane %zu: status %d, separate %d", m->name, b, status[b],
                      s);
        ck_assert_msg(st[b].outcome == s1.outcome && st[b].nrows == s1.nrows &&
                          st[b].nsteps == s1.nsteps && st[b].event == s1.event,
                      "%s lane %zu: outcome %d rows %zu steps %lu event %d, separate %d %zu %lu %d",
                      m->name, b, st[b].outcome, st[b].nrows, st[b].nsteps, st[b].event, s1.outcome,
                      s1.nrows, s1.nsteps, s1.event);
        for (size_t r = 0; r < s1.nrows; r++)
            for (size_t i = 0; i < nx; i++) {
                double a = out[(b * NT + r) * nx + i], e = one[r * nx + i];
                ck_assert_msg(memcmp(&a, &e, sizeof a) == 0,
                              "%s lane %zu row %zu %s: %.17g, separate %.17g", m->name, b, r,
                              m->state[i].name, a, e);
            }
        for (size_t r = s1.nrows; r < NT; r++) /* rows not reached: NaN */
            ck_assert(isnan(out[(b * NT + r) * nx]));
        *nok += s == NHREF_OK && s1.outcome == NHREF_OUTCOME_REACHED;
    }
    free(out);
    free(one);
    free(status);
    free(st);
}

/* model _i % count: an ensemble of 6 perturbed default states; the baseline lanes for
 * _i < count, the AVX lanes (where the CPU has AVX) for the others; from 2 count on, the
 * compiled jets' default variant (FMA where the CPU has it: the lanes' compiled orders
 * are then the FMA variant too) */
START_TEST(test_lanes_equal_separate)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i % nhref_model_count());
    nhref_system_t *sys;
    const double tgrid[NT] = {0, 0.1, 0.25, 0.5, 0.75, 1};
    double *x0 = ensemble(m, 6);
    int nok;

    if ((size_t)_i >= 2 * nhref_model_count())
        nhref_tape_gen_fma_d(-1);
    nhref_batch_avx_d((size_t)_i < nhref_model_count() ? 0 : -1);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    check_lanes((const nhref_system_t *const *)&sys, 1, x0, 6, tgrid, NULL, &nok);
    nhref_batch_avx_d(-1);
    nhref_system_free(sys);
    free(x0);
}
END_TEST

/* per-lane parameter sets: the skater with A1 = 0, 0.05, ..., 0.25 (6 lanes) */
START_TEST(test_lane_params)
{
    const nhref_model_t *m = nhref_model_find("skater");
    nhref_system_t *sys[6];
    const double tgrid[NT] = {0, 0.2, 0.4, 0.6, 0.8, 1}; /* before the blade falls */
    double *x0 = ensemble(m, 1), *x = malloc(6 * m->nstate * sizeof *x);
    int nok;

    for (size_t b = 0; b < 6; b++) {
        char v[32];
        snprintf(v, sizeof v, "0.%02zu", 5 * b);
        ck_assert_int_eq(nhref_system_new(&sys[b], m), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys[b], "A1", v), NHREF_OK);
        memcpy(x + b * m->nstate, x0, m->nstate * sizeof *x);
    }
    check_lanes((const nhref_system_t *const *)sys, 6, x, 6, tgrid, NULL, &nok);
    ck_assert_int_eq(nok, 6);
    for (size_t b = 0; b < 6; b++)
        nhref_system_free(sys[b]);
    free(x0);
    free(x);
}
END_TEST

/* x' = -1, y' = sqrt(x): defined while x >= 0, its jet while x > 0 */
static const char dom_model[] = "[model]\n"
                                "name = sqrt_lane\n"
                                "[state]\n"
                                "x = 1\n"
                                "y = 0\n"
                                "[ode]\n"
                                "x = -1\n"
                                "y = sqrt(x)\n";
/* x' = 1, y' = sqrt(x) */
static const char up_model[] = "[model]\n"
                               "name = sqrt_up\n"
                               "[state]\n"
                               "x = 1\n"
                               "y = 0\n"
                               "[ode]\n"
                               "x = 1\n"
                               "y = sqrt(x)\n";

static nhref_system_t *file_system(nhref_model_file_t **mf, const char *text)
{
    nhref_system_t *sys;
    char err[512];
    ck_assert_msg(nhref_model_file_parse(mf, text, strlen(text), "sqrt_lane.model", err,
                                         sizeof err) == NHREF_OK,
                  "%s", err);
    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_file_model(*mf)), NHREF_OK);
    return sys;
}

/* lane 2 starts at x = 0.5 and reaches x = 0 at t = 0.5, where the jet of sqrt is
 * undefined (its status: the driver's, EDOMAIN, ESTEP or EBLOWUP), lane 4 at x = NaN
 * (refused: NHREF_EPARAM); the other lanes reach t = 1 as on their own, at the closed
 * form */
START_TEST(test_domain_error_lane)
{
    nhref_model_file_t *mf;
    nhref_system_t *sys = file_system(&mf, dom_model);
    const double tgrid[NT] = {0, 0.2, 0.4, 0.6, 0.8, 1};
    double x0[12] = {2, 0, 3, 0, 0.5, 0, 1.5, 0, NAN, 0, 4, 1};
    double out[6 * NT * 2];
    int status[6], nok;
    nhref_stats_t st[6];

    check_lanes((const nhref_system_t *const *)&sys, 1, x0, 6, tgrid, NULL, &nok);
    ck_assert_int_eq(nok, 4);
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, st, (const nhref_system_t *const *)&sys,
                                             1, x0, 6, tgrid, NT, NULL),
                     NHREF_OK);
    ck_assert_msg(status[2] == NHREF_EDOMAIN || status[2] == NHREF_ESTEP ||
                      status[2] == NHREF_EBLOWUP,
                  "status %d", status[2]);
    ck_assert_int_ne(st[2].outcome, NHREF_OUTCOME_REACHED);
    ck_assert_int_eq(status[4], NHREF_EPARAM);
    for (int b = 0; b < 6; b++)
        if (b != 2 && b != 4) {
            /* y(1) = y0 + int_0^1 sqrt(x0 - t) dt = y0 + 2/3 (x0^1.5 - (x0 - 1)^1.5) */
            double x = x0[2 * b], y = x0[2 * b + 1] + 2.0 / 3 * (pow(x, 1.5) - pow(x - 1, 1.5));
            ck_assert_int_eq(status[b], NHREF_OK);
            ck_assert_double_eq_tol(out[(b * NT + NT - 1) * 2 + 1], y, 1e-13 * fmax(1, y));
        }
    nhref_system_free(sys);
    nhref_model_file_free(mf);
}
END_TEST

/* a terminal event x - 0.3 = 0 (rising) on x' = 1: the lanes that start below 0.3 stop
 * at t = 0.3 - x0, the others reach t = 1 */
START_TEST(test_event_lanes)
{
    nhref_model_file_t *mf;
    nhref_system_t *sys = file_system(&mf, up_model);
    const char *names[] = {"x", "y"};
    nhref_tape_t *ev;
    nhref_event_desc_t desc = {"x_0.3", "x crosses 0.3", 1, 1};
    const nhref_tape_t *evs[1];
    nhref_options_t opt;
    const double tgrid[NT] = {0, 0.2, 0.4, 0.6, 0.8, 1};
    double x0[12] = {0.05, 0, 0.1, 0, 0.5, 0, 1, 0, 0.2, 0, 0.29, 0};
    double out[6 * NT * 2];
    int status[6], nok;
    nhref_stats_t st[6];
    char err[256];

    ck_assert_msg(nhref_tape_parse(&ev, "x - 0.3", 2, names, 0, NULL, err, sizeof err) == NHREF_OK,
                  "%s", err);
    evs[0] = ev;
    nhref_options_default(&opt);
    opt.nuser_event = 1;
    opt.user_event_tape = evs;
    opt.user_event = &desc;
    check_lanes((const nhref_system_t *const *)&sys, 1, x0, 6, tgrid, &opt, &nok);
    ck_assert_int_eq(nok, 2); /* lanes 2, 3 start above 0.3 */
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, st, (const nhref_system_t *const *)&sys,
                                             1, x0, 6, tgrid, NT, &opt),
                     NHREF_OK);
    for (int b = 0; b < 6; b++) {
        int stops = x0[2 * b] < 0.3;
        ck_assert_int_eq(status[b], NHREF_OK);
        ck_assert_int_eq(st[b].outcome, stops ? NHREF_OUTCOME_EVENT : NHREF_OUTCOME_REACHED);
        if (stops) /* stopped at t = 0.3 - x0 */
            ck_assert_double_eq_tol(st[b].t_stop, 0.3 - x0[2 * b], 1e-14);
    }
    nhref_tape_free(ev);
    nhref_system_free(sys);
    nhref_model_file_free(mf);
}
END_TEST

/* bad shapes: nothing run, every status NHREF_EINVAL */
START_TEST(test_bad_shapes)
{
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh"), *k = nhref_model_find("skater");
    nhref_system_t *sys[3];
    const nhref_system_t *const *s = (const nhref_system_t *const *)sys;
    double *x0 = ensemble(k, 3), out[3 * NT * 8];
    const double tgrid[NT] = {0, 1, 2, 3, 4, 5}, bad[NT] = {0, 1, 3, 2, 4, 5};
    int status[3];

    ck_assert_int_eq(nhref_system_new(&sys[0], k), NHREF_OK);
    ck_assert_int_eq(nhref_system_new(&sys[1], k), NHREF_OK);
    ck_assert_int_eq(nhref_system_new(&sys[2], m), NHREF_OK);
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 1, x0, 0, tgrid, NT, NULL),
                     NHREF_EINVAL); /* B = 0 */
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 2, x0, 3, tgrid, NT, NULL),
                     NHREF_EINVAL); /* 2 systems for 3 lanes */
    ck_assert_int_eq(status[0], NHREF_EINVAL);
    ck_assert_int_eq(status[2], NHREF_EINVAL);
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 3, x0, 3, tgrid, NT, NULL),
                     NHREF_EINVAL); /* two models */
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 1, x0, 3, bad, NT, NULL),
                     NHREF_EINVAL); /* a grid that is not monotone */
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 1, x0, 3, tgrid, 0, NULL),
                     NHREF_EINVAL); /* no grid */
    ck_assert_int_eq(nhref_integrate_batch_d(NULL, status, NULL, s, 1, x0, 3, tgrid, NT, NULL),
                     NHREF_EINVAL); /* no output */
    ck_assert_int_eq(nhref_integrate_batch_d(out, status, NULL, s, 1, x0, 3, tgrid, NT, NULL),
                     NHREF_OK); /* the same call, well formed */
    for (int b = 0; b < 3; b++)
        nhref_system_free(sys[b]);
    free(x0);
}
END_TEST

/* a batch integrator (nhref_batch_new_d) used three times -- two ensembles, then a grid
 * backwards -- gives each lane's separate run (nhref_integrate_grid_d on one integrator,
 * the default variant of the compiled jets), bit for bit, at every call: nothing of one
 * call leaks into the next; its errors */
START_TEST(test_batch_integrator)
{
    const nhref_model_t *m = nhref_model_find("skater");
    nhref_system_t *sys, *bad;
    const nhref_system_t *const *s = (const nhref_system_t *const *)&sys;
    const double fwd[NT] = {0, 0.2, 0.4, 0.6, 0.8, 1}, bwd[NT] = {1, 0.8, 0.6, 0.4, 0.2, 0};
    const double *grids[3] = {fwd, fwd, bwd};
    size_t nx = m->nstate, B = 5;
    double *x0 = ensemble(m, 2 * B), *a = malloc(B * NT * nx * sizeof *a),
           *e = malloc(B * NT * nx * sizeof *e);
    int sa[5], se[5];
    nhref_stats_t ta[5], te[5];
    nhref_batch_d_t *bt;
    nhref_integrator_d_t *ig;

    nhref_tape_gen_fma_d(-1);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    ck_assert_int_eq(nhref_batch_new_d(&bt, s, 1, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_integrator_new_d(&ig, sys, NULL), NHREF_OK);
    for (int call = 0; call < 3; call++) {
        const double *x = x0 + (call == 1 ? B * nx : 0);
        ck_assert_int_eq(nhref_batch_grid_d(bt, a, sa, ta, x, B, grids[call], NT), NHREF_OK);
        for (size_t b = 0; b < B; b++) {
            memset(&te[b], 0, sizeof te[b]);
            se[b] = nhref_integrate_grid_d(ig, e + b * NT * nx, x + b * nx, grids[call], NT,
                                           &te[b]);
        }
        for (size_t b = 0; b < B; b++) {
            ck_assert_int_eq(sa[b], se[b]);
            ck_assert_int_eq(ta[b].nsteps, te[b].nsteps);
            ck_assert_int_eq(ta[b].nrows, te[b].nrows);
        }
        ck_assert_msg(memcmp(a, e, B * NT * nx * sizeof *a) == 0,
                      "call %d: the batch integrator's rows differ from the separate runs'", call);
        ck_assert_int_eq(sa[0], NHREF_OK);
    }
    /* lanes that differ: the rows are not one lane's copied */
    ck_assert(memcmp(a, a + NT * nx, NT * nx * sizeof *a) != 0);
    ck_assert_int_eq(nhref_batch_grid_d(NULL, a, sa, NULL, x0, B, fwd, NT), NHREF_EINVAL);
    ck_assert_int_eq(nhref_batch_grid_d(bt, a, sa, NULL, x0, 0, fwd, NT), NHREF_EINVAL);
    ck_assert_int_eq(nhref_batch_grid_d(bt, a, sa, NULL, x0, B, fwd, 0), NHREF_EINVAL);
    ck_assert_int_eq(sa[0], NHREF_EINVAL);
    nhref_batch_free_d(bt);
    nhref_integrator_free_d(ig);
    /* two systems: every call runs two lanes */
    ck_assert_int_eq(nhref_system_new(&bad, m), NHREF_OK);
    {
        const nhref_system_t *two[2] = {sys, bad};
        ck_assert_int_eq(nhref_batch_new_d(&bt, two, 2, NULL), NHREF_OK);
        ck_assert_int_eq(nhref_batch_grid_d(bt, a, sa, NULL, x0, 3, fwd, NT), NHREF_EINVAL);
        ck_assert_int_eq(nhref_batch_grid_d(bt, a, sa, NULL, x0, 2, fwd, NT), NHREF_OK);
        nhref_batch_free_d(bt);
    }
    /* parameters that fail the model's checks, one system: refused when made */
    ck_assert_int_eq(nhref_system_set_param(bad, "m", "-1"), NHREF_OK);
    ck_assert_int_eq(nhref_batch_new_d(&bt, (const nhref_system_t *const *)&bad, 1, NULL),
                     NHREF_EPARAM);
    ck_assert_ptr_null(bt);
    ck_assert_int_eq(nhref_batch_new_d(NULL, s, 1, NULL), NHREF_EINVAL);
    ck_assert_int_eq(nhref_batch_new_d(&bt, s, 0, NULL), NHREF_EINVAL);
    nhref_system_free(sys);
    nhref_system_free(bad);
    free(x0);
    free(a);
    free(e);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("lanes");
    SRunner *sr;
    int nfailed;

    nhref_tape_gen_fma_d(0);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_lanes_equal_separate, 0, 3 * (int)nhref_model_count());
    tcase_add_test(tc, test_batch_integrator);
    tcase_add_test(tc, test_lane_params);
    tcase_add_test(tc, test_domain_error_lane);
    tcase_add_test(tc, test_event_lanes);
    tcase_add_test(tc, test_bad_shapes);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

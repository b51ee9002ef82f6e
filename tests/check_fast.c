/* check_fast.c -- the double-precision fast path validated against the golden
 * data: for every golden file of the catalogue (a loop over data/golden, so a new
 * file is checked automatically) and every fast scheme, the run from the file's
 * initial state agrees with the file's values component by component within the
 * file's stated `fast-tolerance` (mixed: |fast - golden| <= tol max(1, |golden|)),
 * up to its `fast-horizon` if it has one.
 *
 * Why 1e-13 by default: each step's error is held below 1e-15 max(1, |x|); the
 * golden cases run O(10) to O(10^2) steps over horizons where nearby solutions do
 * not separate by more than O(10) (the certification's agreement of routes shows
 * it), so the accumulated error stays below ~1e-13 of the larger of 1 and the
 * value (measured on the sleigh: at most 6e-15).
 * A chaotic case states a shorter horizon instead (its golden file says where the
 * digits fall).  Also the spec items for double: the sleigh's public values to
 * 1e-10 max(1, |value|) and its energy drift below 1e-12 over T = 100/|Omega|.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_catalogue.h"
#include "ck_mpfr.h"
#include "nhref.h"

static char **files;
static size_t nfiles;
/* every registered scheme, in double */
#define NFAST ((int)nhref_scheme_count())
#define FAST_SCHEME(i) (nhref_scheme_get((size_t)(i))->name)

/* file _i / NFAST with scheme _i % NFAST */
START_TEST(test_fast_matches_golden)
{
    const char *path = files[_i / NFAST], *scheme = FAST_SCHEME(_i % NFAST);
    nhref_table_t *tab;
    char err[512], name[128], value[128];
    const nhref_model_t *m;
    nhref_model_file_t *mf; /* a golden file certified from a model file: its model */
    nhref_system_t *sys;
    nhref_integrator_d_t *f;
    nhref_options_t opt;
    nhref_stats_t st;
    const char *v, *tol_s, *hor_s, *ev_s;
    size_t from = 0, nrows;
    double *x0, *grid, *out, tol, horizon = INFINITY, worst = 0, t_start;
    size_t worst_row = 0, worst_col = 0;

    ck_assert_msg(nhref_table_read(&tab, path, 64, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_msg(nhref_golden_model(&m, &mf, tab, path, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    while ((v = nhref_table_meta(tab, "param", &from)) != NULL) {
        ck_name_value(v, name, value, sizeof name);
        ck_assert_int_eq(nhref_system_set_param(sys, name, value), NHREF_OK);
    }
    x0 = calloc(m->nstate, sizeof *x0);
    from = 0;
    while ((v = nhref_table_meta(tab, "init", &from)) != NULL) {
        int k;
        ck_name_value(v, name, value, sizeof name);
        k = nhref_model_state_index(m, name);
        ck_assert_int_ge(k, 0);
        x0[k] = strtod(value, NULL); /* correctly rounded by glibc */
    }
    tol_s = nhref_table_meta(tab, "fast-tolerance", NULL);
    tol = tol_s != NULL ? strtod(tol_s, NULL) : 1e-13;
    hor_s = nhref_table_meta(tab, "fast-horizon", NULL);
    if (hor_s != NULL)
        horizon = strtod(hor_s, NULL);
    t_start = strtod(nhref_table_meta(tab, "t-start", NULL), NULL);

    /* the grid: t-start, then the file's times up to the horizon */
    nrows = 0;
    while (nrows < tab->nrow && mpfr_get_d(tab->v + nrows * tab->ncol, MPFR_RNDN) <= horizon)
        nrows++;
    grid = calloc(nrows + 1, sizeof *grid);
    out = calloc((nrows + 1) * m->nstate, sizeof *out);
    grid[0] = t_start;
    for (size_t r = 0; r < nrows; r++)
        grid[r + 1] = strtod(tab->text[r * tab->ncol], NULL);
    /* the parameters rounded to double define the same model here: the admission
     * test of the fast path passes on every catalogued case */
    {
        double rel;
        char why[512];
        int cs = nhref_fast_check_params(sys, t_start, x0, &rel, why, sizeof why);
        if (_i % NFAST == 0)
            printf("%s: parameters in double change f(t0, x0) by %.2e (relative)\n", path, rel);
        ck_assert_msg(cs == NHREF_OK, "%s: %s", path, why);
    }
    nhref_options_default(&opt);
    opt.scheme = scheme;
    ck_assert_int_eq(nhref_integrator_new_d(&f, sys, &opt), NHREF_OK);
    ck_assert_int_eq(nhref_integrate_grid_d(f, out, x0, grid, nrows + 1, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
    for (size_t r = 0; r < nrows; r++)
        for (size_t k = 0; k < m->nstate; k++) {
            double want = mpfr_get_d(tab->v + r * tab->ncol + 1 + k, MPFR_RNDN);
            double got = out[(r + 1) * m->nstate + k];
            double e = fabs(got - want) / fmax(1.0, fabs(want));
            if (!(e <= worst)) { /* NaN-safe: a NaN is the worst */
                worst = isnan(e) ? INFINITY : e;
                worst_row = r;
                worst_col = k;
            }
        }
    printf("%s [%s]: worst %.2e (%s at t = %s), tolerance %g, %lu steps\n", path, scheme, worst,
           m->state[worst_col].name, tab->text[worst_row * tab->ncol], tol, st.nsteps);
    ck_assert_msg(worst <= tol, "%s [%s]: %s at t = %s (line %zu) off by %.3e > %g", path, scheme,
                  m->state[worst_col].name, tab->text[worst_row * tab->ncol],
                  tab->line[worst_row], worst, tol);
    /* a case that ends at a model event: the fast path stops there too, at the
     * certified time to 1e-12 (relative) */
    if ((ev_s = nhref_table_meta(tab, "event", NULL)) != NULL && strstr(ev_s, " at t = ") != NULL) {
        double te = strtod(strstr(ev_s, " at t = ") + 8, NULL), t = t_start, tend = 2 * te + 1;
        double *x = calloc(m->nstate, sizeof *x);
        memcpy(x, x0, m->nstate * sizeof *x);
        ck_assert_int_eq(nhref_integrate_until_d(f, x, &t, &tend, &st), NHREF_OK);
        printf("%s [%s]: event at t = %.17g, certified %.17g\n", path, scheme, t, te);
        ck_assert_msg(st.outcome == NHREF_OUTCOME_EVENT, "%s [%s]: no event (outcome %s)", path,
                      scheme, nhref_outcome_str(st.outcome));
        ck_assert_msg(fabs(t - te) <= 1e-12 * fmax(1, fabs(te)), "%s [%s]: event at %.17g vs %.17g",
                      path, scheme, t, te);
        free(x);
    }
    nhref_integrator_free_d(f);
    nhref_system_free(sys);
    nhref_model_file_free(mf);
    nhref_table_free(tab);
    free(x0);
    free(grid);
    free(out);
}
END_TEST

/* Parameters that rounding to double changes (first seen in issue 16, item 9):
 * suslov_servo with b1 = 2.91, b2 = 0 and b3 = 0.375 + d makes the
 * realizability determinant D = 2.91 d (exactly, with the default inertia: D =
 * -0.375 b1 + 2.91 b3); in double b3 rounds to 0.375 + O(1e-17) and D to a rounding
 * residue.  The MPFR path sees a blow-up at t ~ 3e-29, the fast path none: the
 * admission test must refuse d = 1e-29 and 1e-15 (D off by 100% and 9%) and pass
 * d = 1e-4 (D = 2.91e-4, conditioning about 1e-12).  Also parameters whose doubles
 * leave the model's range: I11 = 1 + 1e-20, I12 = I22 = 1 give the block determinant
 * I11 I22 - I12^2 = 1e-20 > 0 in decimal and 0 in double: test (a) fails */
static const struct {
    const char *b3, *I11;
    int status;
} lost_params[] = {
    {"0.37500000000000000000000000001", NULL, NHREF_EPARAM},
    {"0.375000000000001", NULL, NHREF_EPARAM},
    {"0.3751", NULL, NHREF_OK},
    {"1", "1.00000000000000000001", NHREF_EPARAM},
};

START_TEST(test_fast_refuses_params_lost_in_double)
{
    nhref_system_t *sys;
    double x0[6] = {0.5, -0.4, 0.6, 0, 0.8, 0}, rel;
    char why[512];
    int cs;

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("suslov_servo")), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "b3", lost_params[_i].b3), NHREF_OK);
    if (lost_params[_i].I11 != NULL) {
        ck_assert_int_eq(nhref_system_set_param(sys, "I11", lost_params[_i].I11), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "I12", "1"), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "I22", "1"), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "I13", "0"), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "I23", "0"), NHREF_OK);
    } else {
        ck_assert_int_eq(nhref_system_set_param(sys, "b1", "2.91"), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "b2", "0"), NHREF_OK);
    }
    ck_assert_msg(nhref_system_check(sys, why, sizeof why) == NHREF_OK, "%s", why);
    cs = nhref_fast_check_params(sys, 0, x0, &rel, why, sizeof why);
    printf("suslov_servo b3 = %s%s%s: %s, relative change of f %.3g; %s\n", lost_params[_i].b3,
           lost_params[_i].I11 ? ", I11 = " : "", lost_params[_i].I11 ? lost_params[_i].I11 : "",
           nhref_status_name(cs), rel, why);
    ck_assert_int_eq(cs, lost_params[_i].status);
    if (cs == NHREF_EPARAM)
        ck_assert_ptr_nonnull(strstr(why, "parameters rounded to double"));
    nhref_system_free(sys);
}
END_TEST

/* spec (chaplygin-sleigh.md §11 items 2 and 6) in double: PUB-1..3 to 1e-10 max(1,|v|);
 * energy drift <= 1e-12 over T = 100/|Omega| (Fig. 2: Omega = 1/4, T = 400) */
START_TEST(test_sleigh_spec_in_double)
{
    static const struct {
        const char *p[3];
        double x0[5], T;
        const char *want[5];
    } pub[3] = {
        {{"2", "30", "1"}, {0, 0, 0, 0, 1}, 10,
         {"-1.30363549404995138366439519437", "-14.9261616624965221473959179613",
          "5.62797427574461501349372327669", "3.94645719260572115552510415695",
          "0.163071231929977826043195139321"}},
        {{"1.5", "0.7", "0.4"}, {0.3, -0.2, 0.5, -0.8, 1.3}, 7,
         {"-1.18822032707472117212071858268", "-6.23448394868969923935733838897",
          "4.89252487596274446454110971794", "1.30338737773415510020699064608",
          "0.01989374286650588560518617361"}},
        {{"1", "0", "0.5"}, {0, 0, 0.2, -1, -2}, 5,
         {"-3.14068875174759925398411176501", "-5.37759783843921205825949568958",
          "-2.15619100718638750324799381908", "1.41421356236451690274071247856",
          "-9.85142852561521945773989044511e-6"}},
    };
    static const char *pn[3] = {"m", "J", "a"};
    const char *scheme = FAST_SCHEME(_i);

    for (int c = 0; c < 3; c++) {
        nhref_system_t *sys;
        nhref_integrator_d_t *f;
        nhref_options_t opt;
        double x[5], t = 0, I0[4], I1[4], T = pub[c].T, T400 = 400;
        ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
        for (int k = 0; k < 3; k++)
            nhref_system_set_param(sys, pn[k], pub[c].p[k]);
        nhref_options_default(&opt);
        opt.scheme = scheme;
        ck_assert_int_eq(nhref_integrator_new_d(&f, sys, &opt), NHREF_OK);
        memcpy(x, pub[c].x0, sizeof x);
        ck_assert_int_eq(nhref_integrate_until_d(f, x, &t, &T, NULL), NHREF_OK);
        for (int k = 0; k < 5; k++) {
            double w = strtod(pub[c].want[k], NULL);
            ck_assert_msg(fabs(x[k] - w) <= 1e-10 * fmax(1, fabs(w)), "PUB-%d [%s] component %d: %.17g vs %.17g",
                          c + 1, scheme, k, x[k], w);
        }
        if (c == 0) { /* energy over T = 400 */
            memcpy(x, pub[c].x0, sizeof x);
            t = 0;
            nhref_integrator_integrals_d(f, I0, &t, x);
            ck_assert_int_eq(nhref_integrate_until_d(f, x, &t, &T400, NULL), NHREF_OK);
            nhref_integrator_integrals_d(f, I1, &t, x);
            ck_assert_msg(fabs(I1[0] - I0[0]) / I0[0] <= 1e-12, "[%s] energy drift %.3e", scheme,
                          fabs(I1[0] - I0[0]) / I0[0]);
        }
        nhref_integrator_free_d(f);
        nhref_system_free(sys);
    }
}
END_TEST

/* the double interpreters against the MPFR ones, every registered model at its
 * default state: f (order 1 of the state series) to 1e-14 of its size, and the
 * Taylor coefficients to order 20 within 1e-12 of the largest coefficient of the
 * jet -- a coefficient's double error scales with the terms its Cauchy sums add,
 * not with the coefficient (a coefficient that is 0 comes out as rounding noise) */
START_TEST(test_double_interpreters)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    nhref_system_t *sys;
    nhref_tape_d_t *wd;
    nhref_tape_mp_t *wm;
    const unsigned order = 20;
    __mpfr_struct *pm, *xm;
    double *p, *x;
    mpfr_t t;

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    pm = malloc(m->nparam * sizeof *pm + 1);
    xm = malloc(m->nstate * sizeof *xm);
    p = calloc(m->nparam + 1, sizeof *p);
    x = calloc(m->nstate, sizeof *x);
    for (size_t i = 0; i < m->nparam; i++)
        mpfr_init2(pm + i, 200);
    for (size_t i = 0; i < m->nstate; i++) {
        mpfr_init2(xm + i, 200);
        mpfr_set_str(xm + i, m->state[i].default_init, 10, MPFR_RNDN);
        x[i] = mpfr_get_d(xm + i, MPFR_RNDN);
        mpfr_set_d(xm + i, x[i], MPFR_RNDN); /* the same inputs on both sides */
    }
    nhref_system_params(pm, sys);
    for (size_t i = 0; i < m->nparam; i++) {
        p[i] = mpfr_get_d(pm + i, MPFR_RNDN);
        mpfr_set_d(pm + i, p[i], MPFR_RNDN);
    }
    mpfr_init2(t, 200);
    mpfr_set_zero(t, 1);
    ck_assert_int_eq(nhref_tape_d_new(&wd, nhref_system_rhs_tape(sys), 53, order), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wm, nhref_system_rhs_tape(sys), 200, order), NHREF_OK);
    nhref_tape_d_set_params(wd, p);
    nhref_tape_mp_set_params(wm, pm);
    {
        double t0 = 0;
        ck_assert_int_eq(nhref_tape_d_ode_jet(wd, &t0, x, order), NHREF_OK);
    }
    ck_assert_int_eq(nhref_tape_mp_ode_jet(wm, t, xm, order), NHREF_OK);
    {
        double scale = 0, fscale = 0;
        for (size_t i = 0; i < m->nstate; i++)
            for (unsigned k = 0; k <= order; k++) {
                double a = fabs(mpfr_get_d(nhref_tape_mp_state_series(wm, i) + k, MPFR_RNDN));
                scale = fmax(scale, a);
                if (k == 1)
                    fscale = fmax(fscale, a);
            }
        for (size_t i = 0; i < m->nstate; i++) {
            const double *cd = nhref_tape_d_state_series(wd, i);
            mpfr_srcptr cm = nhref_tape_mp_state_series(wm, i);
            for (unsigned k = 0; k <= order; k++) {
                double want = mpfr_get_d(cm + k, MPFR_RNDN);
                double tol = k <= 1 ? 1e-14 * fmax(fscale, 1e-300) : 1e-12 * scale;
                ck_assert_msg(fabs(cd[k] - want) <= tol + 1e-300,
                              "%s: state %zu order %u: %.17g vs %.17g (tolerance %.3g)", m->name,
                              i, k, cd[k], want, tol);
            }
        }
    }
    nhref_tape_d_free(wd);
    nhref_tape_mp_free(wm);
    for (size_t i = 0; i < m->nparam; i++)
        mpfr_clear(pm + i);
    for (size_t i = 0; i < m->nstate; i++)
        mpfr_clear(xm + i);
    mpfr_clear(t);
    free(pm);
    free(xm);
    free(p);
    free(x);
    nhref_system_free(sys);
}
END_TEST

/* the same fast integrator run twice from the same state gives the same bits,
 * with another run between (nothing carries over; the sweep use case) */
START_TEST(test_fast_runs_are_independent)
{
    nhref_system_t *sys;
    nhref_integrator_d_t *f;
    nhref_options_t opt;
    double x[3][5], t;

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    nhref_options_default(&opt);
    opt.scheme = FAST_SCHEME(_i);
    ck_assert_int_eq(nhref_integrator_new_d(&f, sys, &opt), NHREF_OK);
    for (int r = 0; r < 3; r++) {
        double x0[5] = {0, 0, 0, r == 1 ? 0.5 : 0, 1}, T = r == 1 ? 3 : 10;
        memcpy(x[r], x0, sizeof x0);
        t = 0;
        ck_assert_int_eq(nhref_integrate_until_d(f, x[r], &t, &T, NULL), NHREF_OK);
    }
    ck_assert_msg(memcmp(x[0], x[2], sizeof x[0]) == 0, "[%s] a second run differs",
                  FAST_SCHEME(_i));
    nhref_integrator_free_d(f);
    nhref_system_free(sys);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fast");
    TCase *tc = tcase_create("golden");
    SRunner *sr;
    int nfailed;

    files = ck_golden_files(&nfiles);
    if (nfiles == 0) {
        fprintf(stderr, "check_fast: no golden files under %s/data/golden\n", ck_top_srcdir());
        return EXIT_FAILURE;
    }
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_fast_matches_golden, 0, (int)(nfiles * NFAST));
    suite_add_tcase(s, tc);
    tc = tcase_create("spec");
    tcase_add_loop_test(tc, test_sleigh_spec_in_double, 0, NFAST);
    tcase_add_loop_test(tc, test_fast_runs_are_independent, 0, NFAST);
    tcase_add_loop_test(tc, test_double_interpreters, 0, (int)nhref_model_count());
    tcase_add_loop_test(tc, test_fast_refuses_params_lost_in_double, 0,
                        (int)(sizeof lost_params / sizeof lost_params[0]));
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    ck_golden_free(files, nfiles);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

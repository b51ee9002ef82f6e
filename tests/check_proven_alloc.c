/* check_proven_alloc.c -- the proven step loop (nhref_proven_grid) allocates nothing
 * of nhref's own, and Arb allocates at most a few times per step inside it (issue 26
 * item 6).  Its own program: it interposes malloc (tests/ck_alloc.h).
 *
 * Per case (the sleigh, the skater with its fall event, two_links, the servosleigh:
 * data/cases), the integrator runs three times over grids with rows inside the steps
 * (dense output): once to grow what grows on first use, then over [0, T] and over
 * [0, 3 T].  Counted while nhref_proven_grid runs (ck_alloc.h):
 * - nhref's own allocations: malloc, calloc, realloc, and the Arb vectors and matrices
 *   nhref's code asks for (_arb_vec_init, arb_mat_init): 0 in both counted runs, once
 *   the model's check of the initial state (a parameter vector per grid, before the
 *   steps; counted alone) is taken off;
 * - Arb's internal allocations (flint_malloc and flint_realloc from inside Arb: the
 *   mantissas of numbers longer than two limbs, which a number that passes through 0
 *   or a short value frees and allocates again, and the temporaries of arb_mat_lu,
 *   arb_contains_interior, ...): per step, at most the case's bound.  The bounds are
 *   what the loop reaches with its workspaces preallocated, plus 2-4 %, measured with
 *   Debian's Arb 2.23 (FLINT 2.9): with another Arb they are printed, not asserted.
 *   The loop before (an arb_t per Horner range, Jacobian, event piece and step, the
 *   LU factors of arb_mat_inv per step, a vector per dense row) made 5-9 % more, above
 *   every bound (docs/performance.md).
 * The expected values are numbers of calls, not results of the code under test.
 */
#define _GNU_SOURCE 1 /* dladdr, RTLD_NEXT (ck_alloc.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>

#include "ck_catalogue.h"
#include "nhref.h"
#include "nhref_arb.h"
#include "nhref_golden.h"

#define CK_ALLOC_FLINT 1
#define CK_ALLOC_ARB_CALLS 1
#include "ck_alloc.h"

#include <check.h>

typedef struct {
    const char *file, *name; /* a case of data/cases */
    const char *t_end;       /* the horizon T of the first counted run [s] */
    double arb_per_step;     /* Arb's allocations per step, at most (Arb 2.23) */
} acase_t;

/* measured per step (short run, long run): after 555, 457; 878, 850; 1500, 1534;
 * 520, 486 -- before 585, 485; 928, 900; 1637, 1670; 561, 527.  Since the step
 * validates the a priori box for the whole start box xh (its jet of order K - 1), the
 * variational equations' box W by its own enclosure test, and moves two Lohner
 * representations (proven.c): 649, 543; 1013, 993; 1897, 1923; 655, 591 (17 to 26 %
 * more: the second representation's products and LU factors make about half of it).
 * Since the Taylor-model tails (2026-11-28: the tube over 8 pieces, the tails of two
 * jets, a comparison series per column of V) a step does more and there are far fewer:
 * 640, 545; 1069, 1033; 2090, 2053; 710, 604 per step, and per counted run 2559
 * (2597 before), 10691 (19244), 12542 (89180), 1419 (2619) */
static const acase_t cases[] = {
    {"chaplygin_sleigh", "PUB-1", "2", 670},
    {"skater", "C1", "1", 1100},
    {"two_links", "TL-1", "0.5", 2150},
    {"servosleigh", "P3", "1", 730},
};

START_TEST(test_proven_loop_allocates_nothing)
{
#ifdef COUNT_ALLOCATIONS
    const acase_t *ac = cases + _i;
    char path[1024], err[512];
    nhref_case_t *cs;
    size_t ncase, c = 0;
    const nhref_model_t *m;
    nhref_system_t *sys;
    nhref_proven_t *pv;
    nhref_options_t o;
    nhref_stats_t st;
    arb_ptr x0, g, out;
    enum { NG = 7 }; /* grid times: 0, T/6, ..., T (scaled by 3 in the long run) */
    long own[3], arb[3], setup;
    unsigned long steps[3];
    int status[3];

    snprintf(path, sizeof path, "%s/data/cases/%s.cases", ck_top_srcdir(), ac->file);
    ck_assert_int_eq(nhref_cases_read(&cs, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cs[c].name, ac->name) != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    m = nhref_model_find(cs[c].model);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    for (size_t i = 0; i < cs[c].nparam; i++)
        ck_assert_int_eq(nhref_system_set_param(sys, cs[c].param_name[i], cs[c].param_value[i]),
                         NHREF_OK);
    nhref_options_default(&o);
    o.digits = 30;
    ck_assert_int_eq(nhref_proven_new(&pv, sys, &o), NHREF_OK);
    x0 = _arb_vec_init((slong)m->nstate);
    g = _arb_vec_init(NG);
    out = _arb_vec_init((slong)(NG * m->nstate));
    for (size_t i = 0; i < m->nstate; i++) {
        const char *v = m->state[i].default_init;
        for (size_t j = 0; j < cs[c].ninit; j++)
            if (strcmp(cs[c].init_name[j], m->state[i].name) == 0)
                v = cs[c].init_value[j];
        ck_assert_int_eq(arb_set_str(x0 + i, *v == '+' ? v + 1 : v, nhref_proven_prec(pv)), 0);
    }
    ck_alloc_flint_apart();
    ck_alloc_own_base((const void *)nhref_proven_grid);
    /* the model's check of the initial state (nhref_system_check_init: a vector of the
     * parameters) runs once per grid, before the steps: counted alone, and taken off --
     * its second call, as the grids below make it: the first one parses the parameters
     * into the system's cache at this precision, and the later ones copy them */
    {
        __mpfr_struct *xm = nhref_vec_new(m->nstate, nhref_proven_prec(pv));
        char why[256];
        for (size_t i = 0; i < m->nstate; i++)
            arf_get_mpfr(xm + i, arb_midref(x0 + i), MPFR_RNDN);
        (void)nhref_system_check_init(sys, xm, why, sizeof why);
        nalloc = 0;
        counting = 1;
        (void)nhref_system_check_init(sys, xm, why, sizeof why);
        counting = 0;
        setup = nalloc;
        nhref_vec_free(xm, m->nstate);
    }
    for (int pass = 0; pass < 3; pass++) {
        arb_set_str(g + NG - 1, ac->t_end, nhref_proven_prec(pv));
        if (pass == 2)
            arb_mul_ui(g + NG - 1, g + NG - 1, 3, nhref_proven_prec(pv));
        for (int k = 1; k < NG - 1; k++) { /* inner rows: dense output inside steps */
            arb_mul_ui(g + k, g + NG - 1, (ulong)k, nhref_proven_prec(pv));
            arb_div_ui(g + k, g + k, NG - 1, nhref_proven_prec(pv));
        }
        nalloc = nalloc_arb = nalloc_arb_own = 0;
        counting = 1; /* no Check assertion inside: Check allocates to record them */
        status[pass] = nhref_proven_grid(pv, out, x0, g, NG, &st);
        counting = 0;
        own[pass] = nalloc - setup;
        arb[pass] = nalloc_arb - nalloc_arb_own;
        steps[pass] = st.nsteps;
    }
    printf("%s/%s: nhref's own allocations %ld, %ld (first run %ld; the initial state's "
           "check: %ld); Arb's %ld over %lu steps "
           "(%.1f per step), %ld over %lu (%.1f per step); first run %ld over %lu\n",
           ac->file, ac->name, own[1], own[2], own[0], setup, arb[1], steps[1],
           (double)arb[1] / (double)steps[1], arb[2], steps[2], (double)arb[2] / (double)steps[2],
           arb[0], steps[0]);
    fflush(stdout);
    for (int pass = 0; pass < 3; pass++) {
        ck_assert_msg(status[pass] == NHREF_OK, "%s/%s: run %d: %s", ac->file, ac->name, pass,
                      nhref_strerror(status[pass]));
        ck_assert_uint_gt(steps[pass], 1);
    }
    ck_assert_msg(own[1] == 0 && own[2] == 0,
                  "%s/%s: nhref allocates in the proven loop: %ld over %lu steps, %ld over %lu",
                  ac->file, ac->name, own[1], steps[1], own[2], steps[2]);
#if __ARB_VERSION == 2 && __ARB_VERSION_MINOR == 23
    for (int pass = 1; pass < 3; pass++)
        ck_assert_msg((double)arb[pass] <= ac->arb_per_step * (double)steps[pass],
                      "%s/%s: %ld allocations inside Arb over %lu steps (%.1f per step > %g)",
                      ac->file, ac->name, arb[pass], steps[pass],
                      (double)arb[pass] / (double)steps[pass], ac->arb_per_step);
#endif
    _arb_vec_clear(x0, (slong)m->nstate);
    _arb_vec_clear(g, NG);
    _arb_vec_clear(out, (slong)(NG * m->nstate));
    nhref_proven_free(pv);
    nhref_system_free(sys);
    nhref_cases_free(cs, ncase);
#endif
}
END_TEST

static Suite *proven_alloc_suite(void)
{
    Suite *s = suite_create("proven_alloc");
    TCase *tc = tcase_create("step loop");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_proven_loop_allocates_nothing, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(proven_alloc_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

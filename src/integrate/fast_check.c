/* fast_check.c -- do the parameters rounded to double define the model that their
 * decimal strings define?  The fast path's admission test (nhref_fast.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_fast.h"
#include "models/models_internal.h"
#include "nhref_io.h"
#include "nhref_tape.h"

#define CHECK_PREC 256 /* bits of the decimal model's evaluation */

int nhref_fast_check_params(const nhref_system_t *sys, double t0, const double *x0, double *rel,
                            char *why, size_t len)
{
    const nhref_model_t *m = nhref_system_model(sys);
    const nhref_tape_t *rhs = nhref_system_rhs_tape(sys);
    size_t np = m->nparam, nx = m->nstate, nout = nhref_tape_nout(rhs);
    __mpfr_struct *pm = nhref_vec_new(np, CHECK_PREC), *pd = nhref_vec_new(np, 53);
    __mpfr_struct *xm = nhref_vec_new(nx, CHECK_PREC), *fm = nhref_vec_new(nout, CHECK_PREC);
    double *pdd = malloc((np + 1) * sizeof *pdd), *fd = malloc(nout * sizeof *fd);
    nhref_tape_mp_t *wm = NULL;
    nhref_tape_d_t *wd = NULL;
    mpfr_t tm, d;
    double worst = 0, scale = 1;
    size_t worst_i = 0;
    int status = NHREF_OK, sm, sd;
    char reason[256];

    if (rel != NULL)
        *rel = NAN;
    if (why != NULL && len > 0)
        why[0] = '\0';
    if (pm == NULL || pd == NULL || xm == NULL || fm == NULL || pdd == NULL || fd == NULL) {
        status = NHREF_ENOMEM;
        goto out;
    }
    mpfr_inits2(CHECK_PREC, tm, d, (mpfr_ptr)0);

    /* (a) the model's admissibility checks on the parameters rounded to double (the
     * doubles as exact values): a range or a realizability condition they fail */
    if (nhref_system_params(pm, sys) != NHREF_OK || nhref_system_params(pd, sys) != NHREF_OK) {
        status = NHREF_EPARSE;
        goto clear;
    }
    for (size_t i = 0; i < np; i++)
        pdd[i] = mpfr_get_d(pd + i, MPFR_RNDN); /* exact: pd has 53 bits */
    if (np > 0 && nhref_model_run_check(m, pd, reason, sizeof reason) != NHREF_OK) {
        if (why != NULL)
            snprintf(why, len, "the parameters rounded to double are not admissible: %s",
                     reason);
        status = NHREF_EPARAM;
        goto clear;
    }

    /* (b) the right-hand side at (t0, x0): the decimal parameters at 256 bits against
     * the double parameters in double; the state is the same doubles in both */
    status = nhref_tape_mp_new(&wm, rhs, CHECK_PREC, 0);
    if (status == NHREF_OK)
        status = nhref_tape_d_new(&wd, rhs, 53, 0);
    if (status != NHREF_OK)
        goto clear;
    if (nhref_tape_mp_set_params(wm, pm) != NHREF_OK) {
        status = NHREF_EDOMAIN; /* the decimal model itself: nhref_system_check's business */
        goto clear;
    }
    sd = nhref_tape_d_set_params(wd, pdd);
    for (size_t i = 0; i < nx; i++)
        mpfr_set_d(xm + i, x0[i], MPFR_RNDN);
    mpfr_set_d(tm, t0, MPFR_RNDN);
    sm = nhref_tape_mp_eval(fm, wm, tm, xm);
    if (sm != NHREF_OK) {
        status = NHREF_EDOMAIN; /* undefined at the initial state: the integrator says so */
        goto clear;
    }
    if (sd == NHREF_OK)
        sd = nhref_tape_d_eval(fd, wd, &t0, x0);
    for (size_t i = 0; i < nx; i++) {
        double a = fabs(mpfr_get_d(fm + i, MPFR_RNDN));
        if (a > scale)
            scale = a;
    }
    for (size_t i = 0; i < nx && sd == NHREF_OK; i++) {
        double r;
        mpfr_set_d(d, fd[i], MPFR_RNDN);
        mpfr_sub(d, d, fm + i, MPFR_RNDN);
        r = fabs(mpfr_get_d(d, MPFR_RNDN)) / scale;
        if (!(r <= worst)) { /* NaN counts as the worst */
            worst = r;
            worst_i = i;
        }
    }
    if (rel != NULL)
        *rel = sd == NHREF_OK ? worst : INFINITY;
    if (sd != NHREF_OK || !(worst <= NHREF_FAST_PARAM_TOL)) {
        if (why != NULL && sd != NHREF_OK)
            snprintf(why, len,
                     "with the parameters rounded to double, the right-hand side is undefined "
                     "at the initial state (it is defined with the decimal parameters): a "
                     "coefficient of the model that they make 0 or change in sign");
        else if (why != NULL)
            mpfr_snprintf(why, len,
                          "with the parameters rounded to double, the right-hand side at the "
                          "initial state differs from the decimal parameters' by %.2g (relative "
                          "to max(1, |f|), above %g): d%s/dt = %.6Rg, in double %.6g; a "
                          "coefficient of the model is ill-conditioned in the parameters (e.g. "
                          "a determinant near 0)",
                          worst, NHREF_FAST_PARAM_TOL, m->state[worst_i].name, fm + worst_i,
                          fd[worst_i]);
        status = NHREF_EPARAM;
    }
clear:
    mpfr_clears(tm, d, (mpfr_ptr)0);
out:
    nhref_tape_mp_free(wm);
    nhref_tape_d_free(wd);
    nhref_vec_free(pm, np);
    nhref_vec_free(pd, np);
    nhref_vec_free(xm, nx);
    nhref_vec_free(fm, nout);
    free(pdd);
    free(fd);
    return status;
}

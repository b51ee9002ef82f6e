/* backend.c -- the run layer's backend for the generic driver, one source compiled per
 * number type like the core (num/num.h): nhref_run_backend_d (IEEE double) and
 * nhref_run_backend_mp (MPFR).  It opens the integrator of a resolved spec, puts the
 * initial state and the grid into the type (each value one rounding of its decimal),
 * and hands the rows, with their first integrals, and the events to the run
 * (run/run.c) -- in the type itself: a double run never passes through MPFR.  The Arb
 * instance is empty: the proven type has its own backend (backend_proven.c). */
#include "num/num.h"

#if NHREF_NUM != NHREF_NUM_ARB
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "run/run_internal.h"

typedef NUM_TYPE(nhref_integrator) integrator_t;

#if NHREF_NUM == NHREF_NUM_D
#define RUN_TYPE NHREF_RUN_DOUBLE
#define TYPE_PREC(spec) 53L
#else
#define RUN_TYPE NHREF_RUN_MPFR
#define TYPE_PREC(spec) ((spec)->wprec)
#endif

typedef struct {
    nhref_spec_t *spec;
    integrator_t *ig;
    size_t n, ni, ngrid;
    num_ptr x0, grid, I;  /* initial state, grid points, integrals of a row */
    num_ptr ts, xs, Is;   /* where the run stopped */
    nhref_run_ctx_t *ctx;
    /* the integral guard (guard below; spec->integral_guard), NULL when off */
    num_ptr xp, Ip, dI;       /* the moved state, its integrals, a difference */
    double *move;             /* ni: how far the moves of the state move each integral */
    char *reads;              /* n: 1 for the state variables the integrals read */
    size_t rows;              /* rows guarded */
    size_t *nnan;             /* ni: rows printed as NaN ... */
    double *nan_t, *nan_move; /* ... the first one's time and move */
    double *low_digits, *low_t, *low_move; /* ni: the fewest digits kept, where */
    char *notes;
} handle_t;

/* ------------------------------------------------------------------ values */
static size_t format(char *buf, size_t len, const void *v, size_t i, int digits)
{
    num_srcptr x = (num_srcptr)v + i;
    int n;
    if (num_is_nan(x))
        n = snprintf(buf, len, "nan");
    else if (!num_is_finite(x))
        n = snprintf(buf, len, num_sgn(x) > 0 ? "inf" : "-inf");
    else
#if NHREF_NUM == NHREF_NUM_D
        /* glibc's %e is correctly rounded, as MPFR's %Re of the same value */
        n = snprintf(buf, len, "%.*e", digits > 1 ? digits - 1 : 0, *x);
#else
        n = mpfr_snprintf(buf, len, "%.*Re", digits > 1 ? digits - 1 : 0, x);
#endif
    return n < 0 ? 0 : (size_t)n;
}

static void get(mpfr_ptr v, const void *p, size_t i)
{
#if NHREF_NUM == NHREF_NUM_D
    mpfr_set_d(v, ((const double *)p)[i], MPFR_RNDN);
#else
    mpfr_set(v, (mpfr_srcptr)p + i, MPFR_RNDN);
#endif
}

static double get_d(const void *p, size_t i)
{
    return num_get_d((num_srcptr)p + i);
}

static double point_bytes(long prec)
{
#if NHREF_NUM == NHREF_NUM_D
    (void)prec;
    return sizeof(double);
#else
    return nhref_mpfr_bytes(prec);
#endif
}

/* ------------------------------------------------------------------ checks */
#if NHREF_NUM == NHREF_NUM_D
/* the double run's own conditions: the parameters rounded to double define the model
 * their decimals define (nhref_fast_check_params); that the initial state rounded to
 * double is admissible, nhref_spec_resolve checked before (run/resolve.c,
 * resolve_init_d) */
static int check(nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    double *xd = malloc((m->nstate + 1) * sizeof *xd), t0;
    __mpfr_struct *xm = nhref_vec_new(m->nstate + 1, 53);
    char why[512], lt[64];
    int status = xd != NULL && xm != NULL ? NHREF_OK : NHREF_ENOMEM;

    nhref_spec_label(spec, lt, sizeof lt, "type-double", NULL);
    for (size_t i = 0; i < m->nstate && status == NHREF_OK; i++) {
        nhref_value_set(xm + i, nhref_spec_init_str(spec, i));
        xd[i] = mpfr_get_d(xm + i, MPFR_RNDN);
    }
    nhref_decimal_set(xm + m->nstate, nhref_spec_t_start(spec));
    t0 = mpfr_get_d(xm + m->nstate, MPFR_RNDN);
    if (status == NHREF_OK)
        status = nhref_fast_check_params(spec->sys, t0, xd, NULL, why, sizeof why);
    if (status == NHREF_EPARAM)
        nhref_spec_fail(spec, NHREF_EPARAM,
                        "%s: %s; run without %s (the MPFR path takes the parameters as the "
                        "decimals given)",
                        lt, why, lt);
    else if (status == NHREF_ENOMEM)
        nhref_spec_fail(spec, status, "out of memory");
    else
        status = NHREF_OK; /* EDOMAIN, EPARSE: the integrator reports them */
    free(xd);
    nhref_vec_free(xm, m->nstate + 1);
    return status;
}
#else
static int check(nhref_spec_t *spec)
{
    (void)spec;
    return NHREF_OK;
}
#endif

/* ------------------------------------------------------------------ the integral guard
 * A first integral that the state does not determine to the tolerance is printed as NaN,
 * never as a number without digits.  The sleigh's t0 = t - (rho^2/(a c)) asinh(v / (rho
 * |omega|)) at t = 100 of issue 26's case: omega = -1.7e-34, known to the tolerance's
 * 1e-30 only (the error is mixed, |error| <= tol max(1, |x|): nhref_integrate.h), so t0's
 * 30 printed digits had none right (0.3016 for 0.1755).
 *
 * Each state variable is moved, one at a time, by what the tolerance allows it, tol
 * max(1, |x_i|); the sum over i of |I(x + dx_i) - I(x)| estimates the error that the
 * state's error carries into I (first order, and the move itself where I is not
 * smooth on that scale, as log|omega| is not).  Where it leaves fewer than half the
 * tolerance's digits, -log10(move / max(1, |I|)) < D / 2, the value becomes NaN, and
 * the sink's end says so (notes); where it leaves fewer than D - 3, the end says how
 * many.  A moved state where I is undefined (NaN) counts as an infinite move.
 * Cost: 1 + (the state variables the integrals read) evaluations of the integrals per
 * row. */
static void guard(handle_t *h, num_ptr I, num_srcptr t, num_srcptr x)
{
    long prec = TYPE_PREC(h->spec);
    double D = h->spec->wdigits, tol = pow(10.0, -D), td = num_get_d(t);

    h->rows++;
    for (size_t k = 0; k < h->ni; k++)
        h->move[k] = 0;
    for (size_t i = 0; i < h->n; i++)
        num_set(h->xp + i, x + i);
    for (size_t i = 0; i < h->n; i++) {
        if (!h->reads[i])
            continue;
        num_set_d(h->dI, tol * fmax(1.0, fabs(num_get_d(x + i))));
        num_add(h->xp + i, x + i, h->dI, prec);
        NUM_FN(nhref_integrator_integrals)(h->ig, h->Ip, t, h->xp);
        for (size_t k = 0; k < h->ni; k++) {
            num_sub(h->dI, h->Ip + k, I + k, prec);
            h->move[k] += num_is_finite(h->dI) ? fabs(num_get_d(h->dI)) : INFINITY;
        }
        num_set(h->xp + i, x + i);
    }
    for (size_t k = 0; k < h->ni; k++) {
        double s, dig;
        if (num_is_nan(I + k))
            continue;
        s = fmax(1.0, fabs(num_get_d(I + k)));
        dig = h->move[k] > 0 ? -log10(h->move[k] / s) : INFINITY;
        if (!(dig >= D / 2)) {
            if (h->nnan[k]++ == 0) {
                h->nan_t[k] = td;
                h->nan_move[k] = h->move[k];
            }
            num_set_nan(I + k);
        } else if (dig < h->low_digits[k]) {
            h->low_digits[k] = dig;
            h->low_t[k] = td;
            h->low_move[k] = h->move[k];
        }
    }
}

/* the lines of the guard's findings, or NULL (backend notes) */
static const char *notes(void *hv)
{
    handle_t *h = hv;
    const nhref_model_t *m = h->spec->model;
    double D = h->spec->wdigits;
    size_t len = 0;
    FILE *f;

    if (h->move == NULL || h->notes != NULL)
        return h->notes;
    if ((f = open_memstream(&h->notes, &len)) == NULL)
        return NULL;
    for (size_t k = 0; k < h->ni; k++) {
        if (h->nnan[k] > 0)
            fprintf(f,
                    "%s is NaN in %zu of %zu rows, from t = %.6g on: the state, known to the "
                    "tolerance 1e-%g (tol max(1, |x|) per variable), does not determine it "
                    "(moving the state by that much moves %s by %.2g there, which leaves "
                    "fewer than %g of its digits)\n",
                    m->integral[k].name, h->nnan[k], h->rows, h->nan_t[k], D, m->integral[k].name,
                    h->nan_move[k], floor(D / 2));
        if (h->low_digits[k] < D - 3)
            fprintf(f,
                    "%s keeps about %.0f of its digits at t = %.6g: the state, known to the "
                    "tolerance 1e-%g, moves it by %.2g there\n",
                    m->integral[k].name, floor(h->low_digits[k]), h->low_t[k], D, h->low_move[k]);
    }
    if (fclose(f) != 0 || len == 0) {
        free(h->notes);
        h->notes = NULL;
    }
    return h->notes;
}

/* ------------------------------------------------------------------ the run */
static int on_row(void *arg, size_t i, num_srcptr t, num_srcptr x)
{
    handle_t *h = arg;
    if (h->ni > 0) {
        NUM_FN(nhref_integrator_integrals)(h->ig, h->I, t, x);
        if (h->move != NULL)
            guard(h, h->I, t, x);
    }
    return nhref_run_row(h->ctx, i, t, x, h->I);
}

static void on_event(void *arg, size_t k, num_srcptr t, num_srcptr x)
{
    handle_t *h = arg;
    nhref_run_event(h->ctx, k, t, x);
}

static void close_handle(void *hv)
{
    handle_t *h = hv;
    if (h == NULL)
        return;
    NUM_FN(nhref_integrator_free)(h->ig);
    num_vec_free(h->x0, h->n);
    num_vec_free(h->grid, h->ngrid);
    num_vec_free(h->I, h->ni + 1);
    num_vec_free(h->ts, 1);
    num_vec_free(h->xs, h->n);
    num_vec_free(h->Is, h->ni + 1);
    num_vec_free(h->xp, h->n); /* NULL-safe, as free */
    num_vec_free(h->Ip, h->ni + 1);
    num_vec_free(h->dI, 1);
    free(h->move);
    free(h->reads);
    free(h->nnan);
    free(h->nan_t);
    free(h->nan_move);
    free(h->low_digits);
    free(h->low_t);
    free(h->low_move);
    free(h->notes);
    free(h);
}

static int open_handle(void **hp, nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    long prec = TYPE_PREC(spec);
    handle_t *h = calloc(1, sizeof *h);
    nhref_options_t opt;
    size_t first;
    mpfr_t v;
    int status;

    *hp = h;
    if (h == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    h->spec = spec;
    h->n = m->nstate;
    h->ni = spec->integrals ? m->nintegral : 0;
    h->ngrid = nhref_spec_grid_size(spec, &first);
    nhref_spec_options(spec, &opt);
    status = NUM_FN(nhref_integrator_new)(&h->ig, spec->sys, &opt);
    if (status != NHREF_OK)
        return nhref_spec_fail(spec, status, "cannot set up the %sintegrator: %s",
                               RUN_TYPE == NHREF_RUN_DOUBLE ? "fast (double) " : "",
                               nhref_strerror(status));
    h->x0 = num_vec_new(h->n, prec);
    h->grid = num_vec_new(h->ngrid, prec);
    h->I = num_vec_new(h->ni + 1, prec);
    h->ts = num_vec_new(1, prec);
    h->xs = num_vec_new(h->n, prec);
    h->Is = num_vec_new(h->ni + 1, prec);
    if (h->x0 == NULL || h->grid == NULL || h->I == NULL || h->ts == NULL || h->xs == NULL ||
        h->Is == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory for the grid of %zu points",
                               h->ngrid);
    if (h->ni > 0 && spec->integral_guard) {
        h->xp = num_vec_new(h->n, prec);
        h->Ip = num_vec_new(h->ni + 1, prec);
        h->dI = num_vec_new(1, prec);
        h->move = calloc(h->ni, sizeof *h->move);
        h->reads = malloc(h->n + 1);
        h->nnan = calloc(h->ni, sizeof *h->nnan);
        h->nan_t = calloc(h->ni, sizeof *h->nan_t);
        h->nan_move = calloc(h->ni, sizeof *h->nan_move);
        h->low_digits = malloc(h->ni * sizeof *h->low_digits);
        h->low_t = calloc(h->ni, sizeof *h->low_t);
        h->low_move = calloc(h->ni, sizeof *h->low_move);
        if (h->xp == NULL || h->Ip == NULL || h->dI == NULL || h->move == NULL ||
            h->reads == NULL ||
            nhref_tape_states_read(nhref_system_integral_tape(spec->sys), h->reads) != NHREF_OK ||
            h->nnan == NULL || h->nan_t == NULL || h->nan_move == NULL || h->low_digits == NULL ||
            h->low_t == NULL || h->low_move == NULL) {
            free(h->move); /* close_handle frees the rest */
            h->move = NULL;
            return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        }
        for (size_t k = 0; k < h->ni; k++)
            h->low_digits[k] = INFINITY;
    }
    /* each value one rounding of its exact decimal */
    for (size_t i = 0; i < h->n; i++)
        num_set_value(h->x0 + i, nhref_spec_init_str(spec, i), prec);
    mpfr_init2(v, prec);
    for (size_t k = 0; k < h->ngrid; k++) {
        nhref_spec_grid_point(spec, k, v);
        num_set_mpfr(h->grid + k, v, prec);
    }
    mpfr_clear(v);
    NUM_FN(nhref_integrator_on_row)(h->ig, on_row, h);
    NUM_FN(nhref_integrator_on_event)(h->ig, on_event, h);
    return NHREF_OK;
}

static int integrate(void *hv, nhref_run_ctx_t *ctx, nhref_stats_t *stats)
{
    handle_t *h = hv;
    h->ctx = ctx;
#if NHREF_NUM == NHREF_NUM_D
    /* rows that nhref_spec_batch computed (run/batch_run.c): handed over as
     * nhref_integrate_grid_d hands its rows (driver.c's row_done) */
    if (h->spec->batch_rows != NULL && h->spec->batch_nrows == h->ngrid) {
        for (size_t i = 0; i < h->ngrid; i++) {
            stats->nrows = i + 1;
            if (on_row(h, i, h->grid + i, h->spec->batch_rows + i * h->n) != 0) {
                stats->outcome = NHREF_OUTCOME_FAILED;
                return NHREF_EIO;
            }
        }
        *stats = h->spec->batch_stats;
        return NHREF_OK;
    }
#endif
    return NUM_FN(nhref_integrate_grid)(h->ig, NULL, h->x0, h->grid, h->ngrid, stats);
}

static void stop(void *hv, nhref_row_t *row)
{
    handle_t *h = hv;
    NUM_FN(nhref_integrator_state)(h->ig, h->ts, h->xs);
    if (h->ni > 0) {
        NUM_FN(nhref_integrator_integrals)(h->ig, h->Is, h->ts, h->xs);
        if (h->move != NULL)
            guard(h, h->Is, h->ts, h->xs);
    }
    *row = (nhref_row_t){RUN_TYPE, NHREF_ROW_OFF, h->n, h->ni, h->ts, h->xs, h->Is};
}

static unsigned order(const void *hv)
{
    const handle_t *h = hv;
    return NUM_FN(nhref_integrator_order)(h->ig);
}

/* nhref_run_backend_d, nhref_run_backend_mp */
const nhref_run_backend_t NUM_IN(nhref_run_backend) = {
    RUN_TYPE,     check,  point_bytes, open_handle, integrate, stop, order,
    close_handle, format, get,         get_d,       notes,     NULL, NULL,
};
#endif

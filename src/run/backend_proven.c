/* backend_proven.c -- the run layer's backend for the proven type: the validated Taylor
 * integrator in Arb balls (nhref_arb.h).  The initial state and every grid time enter
 * as balls that contain their exact decimals; each row is a box that contains the
 * exact solution, its first integrals balls over that box. */
#include <arb.h>

#include <stdlib.h>
#include <string.h>

#include "nhref_arb.h"
#include "run/run_internal.h"

typedef struct {
    nhref_spec_t *spec;
    nhref_proven_t *pv;
    size_t n, ni, ngrid;
    arb_ptr x0, grid, I;
    arb_ptr ts, xs, Is; /* where the run stopped */
    size_t np;
    arb_ptr pset; /* np: the parameter sets' balls (nhref_proven_new_sets) */
    nhref_run_ctx_t *ctx;
} handle_t;

static size_t format(char *buf, size_t len, const void *v, size_t i, int digits)
{
    return nhref_ball_text(buf, len, (arb_srcptr)v + i, digits);
}

static void get(mpfr_ptr v, const void *p, size_t i)
{
    arf_get_mpfr(v, arb_midref((arb_srcptr)p + i), MPFR_RNDN);
}

static double get_d(const void *p, size_t i)
{
    return arf_get_d(arb_midref((arb_srcptr)p + i), ARF_RND_NEAR);
}

static int time_digits(const void *t, int digits)
{
    return nhref_ball_time_digits((arb_srcptr)t, digits);
}

static double rad_d(const void *p, size_t i)
{
    return mag_get_d(arb_radref((arb_srcptr)p + i)); /* rounded up */
}

static double point_bytes(long prec)
{
    return nhref_mpfr_bytes(prec) + sizeof(mag_struct);
}

/* what the proven integrator cannot run: another scheme, its stages, events of the
 * caller's (located on enclosures only for the model's own) */
static int check(nhref_spec_t *spec)
{
    char lt[64], ls[64], lg[64], lw[64], le[64];
    if ((spec->scheme->flags & NHREF_SCHEME_PROVEN) && spec->nuser == 0 &&
        strstr(spec->scheme_opt, "stages=") == NULL)
        return NHREF_OK;
    return nhref_spec_fail(spec, NHREF_EINVAL,
                           "%s is a validated Taylor scheme in Arb balls: not with another %s, "
                           "%s, %s or %s (the model's own events are located rigorously)",
                           nhref_spec_label(spec, lt, sizeof lt, "type-proven", NULL),
                           nhref_spec_label(spec, ls, sizeof ls, "scheme", NULL),
                           nhref_spec_label(spec, lg, sizeof lg, "stages", NULL),
                           nhref_spec_label(spec, lw, sizeof lw, "stop-when", NULL),
                           nhref_spec_label(spec, le, sizeof le, "event", NULL));
}

static int on_row(void *arg, size_t i, arb_srcptr t, arb_srcptr x)
{
    handle_t *h = arg;
    if (h->ni > 0)
        nhref_proven_integrals(h->pv, h->I, t, x);
    return nhref_run_row(h->ctx, i, t, x, h->I);
}

static void close_handle(void *hv)
{
    handle_t *h = hv;
    if (h == NULL)
        return;
    nhref_proven_free(h->pv);
    if (h->x0 != NULL) {
        _arb_vec_clear(h->x0, (slong)h->n);
        _arb_vec_clear(h->grid, (slong)h->ngrid);
        _arb_vec_clear(h->I, (slong)h->ni + 1);
        _arb_vec_clear(h->ts, 1);
        _arb_vec_clear(h->xs, (slong)h->n);
        _arb_vec_clear(h->Is, (slong)h->ni + 1);
    }
    if (h->pset != NULL)
        _arb_vec_clear(h->pset, (slong)h->np);
    free(h);
}

static int open_handle(void **hp, nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    handle_t *h = calloc(1, sizeof *h);
    nhref_options_t opt;
    size_t first;
    int status, bad = 0;

    *hp = h;
    if (h == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    h->spec = spec;
    h->n = m->nstate;
    h->ni = spec->integrals ? m->nintegral : 0;
    h->ngrid = nhref_spec_grid_size(spec, &first);
    nhref_spec_options(spec, &opt);
    /* the parameters that are sets: balls from their ends (nhref_set_arb) */
    if (m->nparam > 0) {
        arb_srcptr *ps = calloc(m->nparam, sizeof *ps);
        int any = 0;
        h->np = m->nparam;
        h->pset = _arb_vec_init((slong)m->nparam);
        for (size_t i = 0; i < m->nparam && ps != NULL && !bad; i++)
            if (nhref_spec_param_set_str(spec, i) != NULL) {
                bad |= nhref_set_arb(h->pset + i, nhref_spec_param_set_str(spec, i), spec->wprec) !=
                       NHREF_OK;
                ps[i] = h->pset + i;
                any = 1;
            }
        if (ps == NULL) {
            status = NHREF_ENOMEM;
        } else if (bad) {
            free(ps);
            return nhref_spec_fail(spec, NHREF_EPARSE, "a parameter set Arb cannot read");
        } else {
            status = nhref_proven_new_sets(&h->pv, spec->sys, any ? ps : NULL, &opt);
        }
        free(ps);
    } else {
        status = nhref_proven_new(&h->pv, spec->sys, &opt);
    }
    if (status != NHREF_OK)
        return nhref_spec_fail(spec, status, "cannot set up the validated integrator: %s",
                               nhref_strerror(status));
    nhref_proven_on_row(h->pv, on_row, h);
    h->x0 = _arb_vec_init((slong)h->n);
    h->grid = _arb_vec_init((slong)h->ngrid);
    h->I = _arb_vec_init((slong)h->ni + 1);
    h->ts = _arb_vec_init(1);
    h->xs = _arb_vec_init((slong)h->n);
    h->Is = _arb_vec_init((slong)h->ni + 1);
    /* the initial state and the grid times: balls that contain the decimals */
    for (size_t i = 0; i < h->n; i++) { /* a set: MID+-RAD or [LO, HI] (nhref_set_arb) */
        const char *set = nhref_spec_init_set_str(spec, i);
        bad |= nhref_set_arb(h->x0 + i, set != NULL ? set : nhref_spec_init_str(spec, i),
                             spec->wprec) != NHREF_OK;
    }
    for (size_t k = 0; k < h->ngrid && !bad; k++) {
        char *s = nhref_spec_grid_point_str(spec, k);
        if (s != NULL) {
            bad |= nhref_value_arb(h->grid + k, s, spec->wprec) != NHREF_OK;
        } else { /* a time given as a number: exact */
            mpfr_t v;
            mpfr_init2(v, spec->wprec);
            nhref_spec_grid_point(spec, k, v);
            arf_set_mpfr(arb_midref(h->grid + k), v);
            mag_zero(arb_radref(h->grid + k));
            mpfr_clear(v);
        }
        free(s);
    }
    return bad ? nhref_spec_fail(spec, NHREF_EPARSE, "a decimal Arb cannot read") : NHREF_OK;
}

static int integrate(void *hv, nhref_run_ctx_t *ctx, nhref_stats_t *stats)
{
    handle_t *h = hv;
    h->ctx = ctx;
    return nhref_proven_grid(h->pv, NULL, h->x0, h->grid, h->ngrid, stats);
}

static void stop(void *hv, nhref_row_t *row)
{
    handle_t *h = hv;
    nhref_proven_state(h->pv, h->ts, h->xs);
    if (h->ni > 0)
        nhref_proven_integrals(h->pv, h->Is, h->ts, h->xs);
    *row = (nhref_row_t){NHREF_RUN_PROVEN, NHREF_ROW_OFF, h->n, h->ni, h->ts, h->xs, h->Is};
}

static unsigned order(const void *hv)
{
    const handle_t *h = hv;
    return nhref_proven_order(h->pv);
}

const nhref_run_backend_t nhref_run_backend_proven = {
    NHREF_RUN_PROVEN, check,  point_bytes, open_handle, integrate, stop,  order,
    close_handle,     format, get,         get_d,       NULL,      rad_d, time_digits,
};

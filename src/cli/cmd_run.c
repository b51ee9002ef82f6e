/* cmd_run.c -- `nhref run MODEL`: integrate a model from its initial state and
 * write the trajectory (t, state, first integrals) as CSV with a metadata
 * header, atomically. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nhref_arb.h"

#define MAX_ASSIGN 64
#define DEFAULT_MAX_ROWS 10000000UL

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref run MODEL [OPTION]...\n"
            "Integrate MODEL from t = 0 and write t, the state and the first integrals as CSV:\n"
            "a header row, '#' metadata lines, the rows (pandas.read_csv(f, comment='#') and\n"
            "numpy.genfromtxt(f, delimiter=',', names=True, comments='#') read it).\n\n"
            "  -p, --param NAME=VALUE  set a parameter (decimal; see 'nhref describe MODEL')\n"
            "  -i, --init NAME=VALUE   set an initial state component (decimal)\n"
            "  -T, --t-end T           final time [s], T > 0 (default: the model's)\n"
            "      --dt-out H          output interval [s], H > 0 (default: the model's)\n"
            "  -d, --digits D          digits wanted: tolerance 10^-D, precision\n"
            "                          D log2(10) + %d bits (default 30; 1 <= D <= 100000;\n"
            "                          Taylor: the order ceil(1.1513 D + 1) <= 100000)\n"
            "      --prec BITS         working precision instead (tolerance 2^-BITS * 10;\n"
            "                          16 <= BITS <= %lu; Taylor: the same order limit)\n"
            "      --scheme NAME       integration scheme (default taylor; see 'nhref list')\n"
            "      --fast              the double-precision fast path: the same schemes,\n"
            "                          events and outcomes in IEEE double; tolerance\n"
            "                          max(1e-15, 10^-D); values printed with 17 digits\n"
            "      --rigorous          proven enclosures (validated Taylor in Arb balls,\n"
            "                          Lohner's method): every state and first integral\n"
            "                          column c gets c_rad, and [c - c_rad, c + c_rad]\n"
            "                          contains the exact value (t_rad: the time's ball)\n"
            "      --order N           scheme taylor: the order, 2 <= N <= 100000 (default:\n"
            "                          from the tolerance)\n"
            "      --stages S          scheme gauss: the stages, order 2S, 1 <= S <= 2000\n"
            "                          (default: ceil(D/2), from 2 to 64)\n"
            "      --max-steps N       give up after N steps (default 10000000)\n"
            "      --max-rows N        refuse a grid of more than N rows (default 10000000)\n"
            "      --stop-when EXPR    stop where EXPR (of t, the state and the parameters)\n"
            "                          crosses zero, e.g. --stop-when 'y + 5'; repeatable\n"
            "      --event EXPR        record where EXPR crosses zero, and go on; repeatable\n"
            "      --no-model-events   ignore the events the model declares (see describe)\n"
            "  -o, --output FILE       write to FILE atomically (default: standard output)\n"
            "  -q, --quiet             no progress on stderr\n"
            "  -h, --help              show this help and exit\n\n"
            "All values are parsed as decimal strings at the working precision.  Events are\n"
            "located to the working precision; a terminal one ends the run with one more row,\n"
            "the state at the event.  A finite-time blow-up ends it with its estimated time.\n"
            "Event expressions must be defined at the initial state; parentheses nest at most\n"
            "%d levels.  Values must be below 2^(64 max(P, 64)) in magnitude at P bits.\n"
            "Before anything is allocated, the memory of the output grid and of the scheme's\n"
            "workspace is estimated and compared with what the process may use.\n"
            "Example: nhref run chaplygin_sleigh --digits 100 -T 10 --dt-out 0.5\n",
            NHREF_GUARD_BITS, cli_prec_max(), NHREF_TAPE_PARSE_MAX_DEPTH);
}

/* events seen during the run, written as "# event:" lines after the rows */
typedef struct {
    char *buf;
    FILE *f;
    size_t len;
    const char **names; /* per event index */
    int digits;
} event_log_t;

static void log_event(event_log_t *l, size_t k, mpfr_srcptr t)
{
    if (l->f == NULL)
        return;
    fprintf(l->f, "# event: %s at t = ", l->names[k]);
    nhref_csv_value(l->f, t, l->digits);
    fputc('\n', l->f);
}

/* The trajectory CSV's header row and metadata (format: nhref_io.h), for both
 * paths: SCHEME, PRECISION and TOLERANCE describe the integrator, DIGITS the digits
 * each value is printed with. */
static void header(FILE *out, const nhref_system_t *sys, const char *const *init_str,
                   const char *t_end, const char *dt_out, const char *scheme,
                   const char *precision, const char *tolerance, int digits, int balls)
{
    const nhref_model_t *m = nhref_system_model(sys);
    const char *rad = balls ? "_rad" : "";

    /* the column names first: the one line both pandas.read_csv(comment='#') and
     * numpy.genfromtxt(names=True, comments='#') take for the header; with balls,
     * each column c is followed by c_rad */
    fprintf(out, "t");
    if (balls)
        fprintf(out, ",t_rad");
    for (size_t i = 0; i < m->nstate; i++) {
        fprintf(out, ",%s", m->state[i].name);
        if (balls)
            fprintf(out, ",%s%s", m->state[i].name, rad);
    }
    for (size_t i = 0; i < m->nintegral; i++) {
        fprintf(out, ",%s", m->integral[i].name);
        if (balls)
            fprintf(out, ",%s%s", m->integral[i].name, rad);
    }
    fprintf(out, "\n# nhref trajectory\n");
    nhref_csv_meta(out, "format", "nhref-trajectory 2");
    nhref_csv_meta(out, "nhref", "%s (MPFR %s, GMP %s)", nhref_version(), nhref_mpfr_version(),
                   nhref_gmp_version());
    nhref_csv_meta(out, "model", "%s", m->name);
    nhref_csv_meta(out, "source", "%s", m->source);
    for (size_t i = 0; i < m->nparam; i++)
        nhref_csv_meta(out, "param", "%s = %s [%s]", m->param[i].name,
                       nhref_system_param_str(sys, i), m->param[i].unit);
    for (size_t i = 0; i < m->nstate; i++)
        nhref_csv_meta(out, "init", "%s = %s [%s]", m->state[i].name, init_str[i],
                       m->state[i].unit);
    nhref_csv_meta(out, "t-start", "0");
    nhref_csv_meta(out, "t-end", "%s", t_end);
    nhref_csv_meta(out, "dt-out", "%s", dt_out);
    nhref_csv_meta(out, "scheme", "%s", scheme);
    nhref_csv_meta(out, "precision", "%s", precision);
    nhref_csv_meta(out, "tolerance", "%s (mixed: |error| <= tol * max(1, |x|))", tolerance);
    if (balls)
        nhref_csv_meta(out, "digits-printed",
                       "%d (midpoints; PROVEN: the exact value lies in [c - c_rad, c + c_rad], "
                       "the printed midpoint's rounding included)",
                       digits);
    else
        nhref_csv_meta(out, "digits-printed", "%d (not certified: see 'nhref golden')", digits);
    fprintf(out, "# units: s%s", balls ? ",s" : "");
    for (size_t i = 0; i < m->nstate; i++)
        fprintf(out, balls ? ",%s,%s" : ",%s", m->state[i].unit, m->state[i].unit);
    for (size_t i = 0; i < m->nintegral; i++)
        fprintf(out, balls ? ",%s,%s" : ",%s", m->integral[i].unit, m->integral[i].unit);
    fputc('\n', out);
}

/* ------------------------------------------------------------------ the two number types
 * One flow for both paths; a backend holds what differs: the integrator (MPFR at the
 * working precision, or IEEE double) and its calls.  The double backend converts its
 * rows to MPFR exactly (53 bits), so that one writer prints both. */
typedef struct run run_t;

typedef struct {
    int (*make)(run_t *r);
    /* integrate over r->grid from r->x0 (MPFR; converted by the backend) */
    int (*integrate)(run_t *r, nhref_stats_t *st);
    /* the time and state where the integration stopped, into r->te, r->xe */
    void (*stopped)(run_t *r);
    /* the first integrals at (T, X) into r->integrals */
    void (*integrals)(run_t *r, mpfr_srcptr t, mpfr_srcptr x);
    void (*release)(run_t *r);
    /* the row where the run stopped (an event, a blow-up); NULL: stopped + write_row */
    int (*last_row)(run_t *r);
} backend_t;

struct run {
    const backend_t *be;
    const nhref_system_t *sys;
    const nhref_model_t *model;
    nhref_options_t opt;
    __mpfr_struct *x0, *grid;
    size_t ngrid;
    FILE *out;
    int digits;                  /* digits printed */
    __mpfr_struct *integrals;    /* nintegral values */
    mpfr_t te;                   /* where the run stopped */
    __mpfr_struct *xe;
    event_log_t *elog;
    /* MPFR */
    nhref_integrator_t *ig;
    /* double */
    nhref_integrator_d_t *igd;
    double *xd, *gridd, *Id, td;
    __mpfr_struct *rowm; /* a double row converted to MPFR, 53 bits: t then the state */
    /* Arb (--rigorous): balls; the decimal inputs for exact enclosures */
    nhref_proven_t *pv;
    arb_ptr xb, gb, Ib, xbe;
    arb_t tbe;
    const char *const *init_str;
    const char *t_end_s, *dt_s;
};

/* one row: t, the state, the first integrals */
static int write_row(run_t *r, mpfr_srcptr t, mpfr_srcptr x)
{
    const nhref_model_t *m = r->model;
    nhref_csv_value(r->out, t, r->digits);
    for (size_t k = 0; k < m->nstate; k++) {
        fputc(',', r->out);
        nhref_csv_value(r->out, x + k, r->digits);
    }
    if (m->nintegral > 0) {
        r->be->integrals(r, t, x);
        for (size_t k = 0; k < m->nintegral; k++) {
            fputc(',', r->out);
            nhref_csv_value(r->out, r->integrals + k, r->digits);
        }
    }
    fputc('\n', r->out);
    return ferror(r->out) ? -1 : 0;
}

/* MPFR */
static int mp_row(void *arg, size_t i, mpfr_srcptr t, mpfr_srcptr x)
{
    (void)i;
    return write_row(arg, t, x);
}

static void mp_event(void *arg, size_t k, mpfr_srcptr t, mpfr_srcptr x)
{
    (void)x;
    log_event(((run_t *)arg)->elog, k, t);
}

static int mp_make(run_t *r)
{
    int status = nhref_integrator_new(&r->ig, r->sys, &r->opt);
    if (status == NHREF_OK) {
        nhref_integrator_on_row(r->ig, mp_row, r);
        nhref_integrator_on_event(r->ig, mp_event, r);
    }
    return status;
}

static int mp_integrate(run_t *r, nhref_stats_t *st)
{
    return nhref_integrate_grid(r->ig, NULL, r->x0, r->grid, r->ngrid, st);
}

static void mp_stopped(run_t *r)
{
    nhref_integrator_state(r->ig, r->te, r->xe);
}

static void mp_integrals(run_t *r, mpfr_srcptr t, mpfr_srcptr x)
{
    nhref_integrator_integrals(r->ig, r->integrals, t, x);
}

static void mp_release(run_t *r)
{
    nhref_integrator_free(r->ig);
}

static const backend_t backend_mp = {mp_make, mp_integrate, mp_stopped, mp_integrals, mp_release,
                                     NULL};

/* double: values converted to MPFR exactly */
static void to_mpfr(__mpfr_struct *m, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpfr_set_d(m + i, v[i], MPFR_RNDN);
}

static int d_row(void *arg, size_t i, const double *t, const double *x)
{
    run_t *r = arg;
    (void)i;
    to_mpfr(r->rowm, t, 1);
    to_mpfr(r->rowm + 1, x, r->model->nstate);
    return write_row(r, r->rowm, r->rowm + 1);
}

static void d_event(void *arg, size_t k, const double *t, const double *x)
{
    run_t *r = arg;
    (void)x;
    to_mpfr(r->rowm, t, 1);
    log_event(r->elog, k, r->rowm);
}

static int d_make(run_t *r)
{
    const nhref_model_t *m = r->model;
    int status;
    r->xd = calloc(m->nstate + 1, sizeof *r->xd);
    r->gridd = calloc(r->ngrid, sizeof *r->gridd);
    r->Id = calloc(m->nintegral + 1, sizeof *r->Id);
    r->rowm = nhref_vec_new(m->nstate + 1, 53);
    if (r->xd == NULL || r->gridd == NULL || r->Id == NULL || r->rowm == NULL)
        return NHREF_ENOMEM;
    status = nhref_integrator_new_d(&r->igd, r->sys, &r->opt);
    if (status == NHREF_OK) {
        nhref_integrator_on_row_d(r->igd, d_row, r);
        nhref_integrator_on_event_d(r->igd, d_event, r);
    }
    return status;
}

static int d_integrate(run_t *r, nhref_stats_t *st)
{
    for (size_t i = 0; i < r->model->nstate; i++)
        r->xd[i] = mpfr_get_d(r->x0 + i, MPFR_RNDN);
    for (size_t i = 0; i < r->ngrid; i++)
        r->gridd[i] = mpfr_get_d(r->grid + i, MPFR_RNDN);
    return nhref_integrate_grid_d(r->igd, NULL, r->xd, r->gridd, r->ngrid, st);
}

static void d_stopped(run_t *r)
{
    nhref_integrator_state_d(r->igd, &r->td, r->xd);
    to_mpfr(r->te, &r->td, 1);
    to_mpfr(r->xe, r->xd, r->model->nstate);
}

static void d_integrals(run_t *r, mpfr_srcptr t, mpfr_srcptr x)
{
    double td = mpfr_get_d(t, MPFR_RNDN);
    for (size_t i = 0; i < r->model->nstate; i++)
        r->xd[i] = mpfr_get_d(x + i, MPFR_RNDN);
    nhref_integrator_integrals_d(r->igd, r->Id, &td, r->xd);
    to_mpfr(r->integrals, r->Id, r->model->nintegral);
}

static void d_release(run_t *r)
{
    nhref_integrator_free_d(r->igd);
    free(r->xd);
    free(r->gridd);
    free(r->Id);
    nhref_vec_free(r->rowm, r->model->nstate + 1);
}

static const backend_t backend_d = {d_make, d_integrate, d_stopped, d_integrals, d_release, NULL};

/* Arb (--rigorous): the proven integrator; rows of balls, each printed as c, c_rad */
static int arb_row_write(run_t *r, arb_srcptr t, arb_srcptr x)
{
    const nhref_model_t *m = r->model;
    int bad = nhref_csv_ball(r->out, t, r->digits);
    for (size_t k = 0; k < m->nstate && !bad; k++) {
        fputc(',', r->out);
        bad = nhref_csv_ball(r->out, x + k, r->digits);
    }
    if (m->nintegral > 0 && !bad) {
        nhref_proven_integrals(r->pv, r->Ib, t, x);
        for (size_t k = 0; k < m->nintegral && !bad; k++) {
            fputc(',', r->out);
            bad = nhref_csv_ball(r->out, r->Ib + k, r->digits);
        }
    }
    fputc('\n', r->out);
    return bad || ferror(r->out) ? -1 : 0;
}

static int arb_row(void *arg, size_t i, arb_srcptr t, arb_srcptr x)
{
    (void)i;
    return arb_row_write(arg, t, x);
}

/* X = the decimal S as a ball that contains it (PREC bits for the midpoint) */
static int arb_decimal(arb_ptr x, const char *s, long prec)
{
    if (*s == '+')
        s++;
    return arb_set_str(x, s, prec) == 0 ? 0 : -1;
}

static int arb_make(run_t *r)
{
    const nhref_model_t *m = r->model;
    long prec = (long)mpfr_get_prec(r->x0);
    int status = nhref_proven_new(&r->pv, r->sys, &r->opt);
    if (status != NHREF_OK)
        return status;
    nhref_proven_on_row(r->pv, arb_row, r);
    r->xb = _arb_vec_init((slong)m->nstate);
    r->xbe = _arb_vec_init((slong)m->nstate);
    r->Ib = _arb_vec_init((slong)m->nintegral + 1);
    r->gb = _arb_vec_init((slong)r->ngrid);
    arb_init(r->tbe);
    /* the initial state and the grid times: the decimal inputs, exactly (balls) */
    for (size_t i = 0; i < m->nstate; i++)
        if (arb_decimal(r->xb + i, r->init_str[i], prec) != 0)
            arf_set_mpfr(arb_midref(r->xb + i), r->x0 + i), mag_zero(arb_radref(r->xb + i));
    if (arb_decimal(r->gb + r->ngrid - 1, r->t_end_s, prec) != 0 ||
        (r->ngrid > 1 && arb_decimal(r->gb + 1, r->dt_s, prec) != 0))
        return NHREF_EPARSE;
    arb_zero(r->gb);
    for (size_t k = 2; k + 1 < r->ngrid; k++)
        arb_mul_ui(r->gb + k, r->gb + 1, (ulong)k, prec);
    return NHREF_OK;
}

static int arb_integrate(run_t *r, nhref_stats_t *st)
{
    return nhref_proven_grid(r->pv, NULL, r->xb, r->gb, r->ngrid, st);
}

static int arb_last_row(run_t *r)
{
    nhref_proven_state(r->pv, r->tbe, r->xbe);
    arf_get_mpfr(r->te, arb_midref(r->tbe), MPFR_RNDN);
    return arb_row_write(r, r->tbe, r->xbe);
}

static void arb_release(run_t *r)
{
    const nhref_model_t *m = r->model;
    nhref_proven_free(r->pv);
    if (r->xb != NULL) {
        _arb_vec_clear(r->xb, (slong)m->nstate);
        _arb_vec_clear(r->xbe, (slong)m->nstate);
        _arb_vec_clear(r->Ib, (slong)m->nintegral + 1);
        _arb_vec_clear(r->gb, (slong)r->ngrid);
        arb_clear(r->tbe);
    }
}

static const backend_t backend_arb = {arb_make, arb_integrate, NULL, NULL, arb_release,
                                      arb_last_row};

/* The number of points of the output grid 0, H, 2H, ... < T, T (T a whole
 * multiple of H up to rounding: then the last multiple is T itself), checked
 * against MAX_ROWS before anything is allocated.  Returns it, or 0 after an
 * error naming the limit. */
static size_t count_rows(mpfr_srcptr t_end, mpfr_srcptr dt, mpfr_prec_t prec,
                         unsigned long max_rows, const char *t_end_s, const char *dt_s)
{
    mpfr_t q, r;
    size_t n = 0;
    int exact;
    char a[64], b[64];

    mpfr_inits2(prec, q, r, (mpfr_ptr)0);
    mpfr_div(q, t_end, dt, MPFR_RNDN);
    if (mpfr_cmp_ui(q, max_rows) >= 0) {
        mpfr_floor(q, q);
        mpfr_add_ui(q, q, 1, MPFR_RNDN);
        {
            char *rows = NULL;
            if (mpfr_asprintf(&rows, mpfr_cmp_ui(q, 1000000000000UL) > 0 ? "%.3Rg" : "%.0Rf",
                              q) < 0)
                rows = NULL;
            cli_error("--t-end %s / --dt-out %s gives %s output rows, more than the limit of "
                      "%lu output rows (raise --dt-out, lower --t-end, or raise --max-rows)",
                      cli_shorten(a, sizeof a, t_end_s), cli_shorten(b, sizeof b, dt_s),
                      rows != NULL ? rows : "too many", max_rows);
            if (rows != NULL)
                mpfr_free_str(rows);
        }
        goto out;
    }
    mpfr_rint(r, q, MPFR_RNDN);
    mpfr_sub(q, q, r, MPFR_RNDN);
    exact = mpfr_zero_p(q) || mpfr_get_exp(q) < -(mpfr_exp_t)(prec / 2);
    mpfr_add(q, q, r, MPFR_RNDN);
    if (!exact)
        mpfr_floor(r, q);
    n = (size_t)mpfr_get_ui(r, MPFR_RNDN) + (exact ? 1 : 2);
    if (n > max_rows) {
        cli_error("--t-end %s / --dt-out %s gives %zu output rows, more than the limit of %lu "
                  "output rows (raise --dt-out, lower --t-end, or raise --max-rows)",
                  cli_shorten(a, sizeof a, t_end_s), cli_shorten(b, sizeof b, dt_s), n, max_rows);
        n = 0;
    }
out:
    mpfr_clears(q, r, (mpfr_ptr)0);
    return n;
}

/* GRID = the N points of the output grid (count_rows), at PREC bits.
 * Returns 0, or -1 after an error. */
static int make_grid(__mpfr_struct **grid, size_t n, mpfr_srcptr t_end, mpfr_srcptr dt,
                     mpfr_prec_t prec)
{
    *grid = nhref_vec_new(n, prec);
    if (*grid == NULL) {
        cli_error("out of memory for the output grid of %zu rows", n);
        return -1;
    }
    for (size_t i = 0; i + 1 < n; i++)
        mpfr_mul_ui(*grid + i, dt, (unsigned long)i, MPFR_RNDN);
    mpfr_set(*grid + n - 1, t_end, MPFR_RNDN);
    return 0;
}

/* Every event expression defined at the initial state (T = 0, X0, the
 * parameters of SYS at the precision of X0): an event whose function is
 * undefined where the run starts could never be located.  With FAST, its
 * constants must also be doubles.  Returns 0, or -1
 * after an error naming the expression. */
static int check_events(const nhref_system_t *sys, nhref_tape_t *const *tapes, char *const *exprs,
                        const int *terminal, size_t n, mpfr_srcptr x0, mpfr_prec_t prec, int fast)
{
    const nhref_model_t *m = nhref_system_model(sys);
    __mpfr_struct *p = nhref_vec_new(m->nparam, prec);
    mpfr_t t, g;
    int rc = 0;

    if (p == NULL) {
        cli_error("%s", nhref_strerror(NHREF_ENOMEM));
        return -1;
    }
    mpfr_inits2(prec, t, g, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    if (nhref_system_params(p, sys) != NHREF_OK)
        rc = -1; /* cannot happen: the parameters passed their checks */
    for (size_t i = 0; i < n && rc == 0; i++) {
        nhref_tape_mp_t *ws = NULL;
        const char *opt = terminal[i] ? "--stop-when" : "--event";
        char e[64];
        nhref_tape_d_t *wd = NULL;
        int status = nhref_tape_mp_new(&ws, tapes[i], prec, 0);
        if (status == NHREF_OK && fast) {
            status = nhref_tape_d_new(&wd, tapes[i], 53, 0);
            nhref_tape_d_free(wd);
            if (status == NHREF_EDOMAIN) {
                cli_error("%s '%s': a constant in it overflows double, the type of --fast",
                          opt, cli_shorten(e, sizeof e, exprs[i]));
                rc = -1;
                nhref_tape_mp_free(ws);
                break;
            }
        }
        if (status != NHREF_OK) {
            cli_error("%s '%s': %s", opt, cli_shorten(e, sizeof e, exprs[i]),
                      nhref_strerror(status));
            rc = -1;
        } else if (nhref_tape_mp_set_params(ws, p) != NHREF_OK) {
            cli_error("%s '%s': a part of it that depends only on the parameters is undefined "
                      "(a logarithm, square root or atanh outside its domain, a division by "
                      "zero, an overflow, or sin or cos of a value of magnitude 2^%ld or more): "
                      "the event could never be located",
                      opt, cli_shorten(e, sizeof e, exprs[i]), (long)nhref_decimal_max_exp(prec));
            rc = -1;
        } else if (nhref_tape_mp_eval(g, ws, t, x0) != NHREF_OK || !mpfr_number_p(g)) {
            cli_error("%s '%s' is undefined at the initial state, t = 0 (a division by zero, a "
                      "logarithm, square root or atanh outside its domain, an overflow, or sin "
                      "or cos of a value of magnitude 2^%ld or more): an event function must be "
                      "defined where the run starts",
                      opt, cli_shorten(e, sizeof e, exprs[i]), (long)nhref_decimal_max_exp(prec));
            rc = -1;
        }
        nhref_tape_mp_free(ws);
    }
    mpfr_clears(t, g, (mpfr_ptr)0);
    nhref_vec_free(p, m->nparam);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"param", required_argument, NULL, 'p'},  {"init", required_argument, NULL, 'i'},
        {"t-end", required_argument, NULL, 'T'},  {"dt-out", required_argument, NULL, 'H'},
        {"digits", required_argument, NULL, 'd'}, {"prec", required_argument, NULL, 'P'},
        {"scheme", required_argument, NULL, 'S'}, {"order", required_argument, NULL, 'N'},
        {"stages", required_argument, NULL, 's'},
        {"max-steps", required_argument, NULL, 'M'}, {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"stop-when", required_argument, NULL, 'W'}, {"event", required_argument, NULL, 'E'},
        {"no-model-events", no_argument, NULL, 'X'}, {"fast", no_argument, NULL, 'F'},
        {"rigorous", no_argument, NULL, 'G'},
        {"max-rows", required_argument, NULL, 'R'},  {NULL, 0, NULL, 0}};
    char *params[MAX_ASSIGN], *inits[MAX_ASSIGN], *exprs[MAX_ASSIGN];
    int expr_terminal[MAX_ASSIGN];
    size_t nparams = 0, ninits = 0, nexprs = 0;
    nhref_tape_t *etapes[MAX_ASSIGN];
    nhref_event_desc_t edesc[MAX_ASSIGN];
    event_log_t elog = {NULL, NULL, 0, NULL, 0};
    int no_model_events = 0, fast = 0, rigorous = 0, made = 0, unproven = 0;
    const char *t_end_s = NULL, *dt_s = NULL, *output = "-";
    unsigned long digits = 0, prec = 0, order = 0, stages = 0, max_steps = 10000000UL;
    unsigned long max_rows = DEFAULT_MAX_ROWS;
    int quiet = 0, c, rc = CLI_USAGE, status;
    const nhref_model_t *model;
    nhref_system_t *sys = NULL;
    nhref_stats_t stats;
    nhref_outfile_t *of = NULL;
    const char **init_str = NULL;
    char scheme_opt[64] = "", why[256];
    mpfr_t t_end, dt;
    mpfr_prec_t wprec;
    cli_progress_t progress;
    run_t r;

    memset(&r, 0, sizeof r);
    nhref_options_default(&r.opt);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:i:T:d:o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
        case 'i':
            if ((c == 'p' ? nparams : ninits) == MAX_ASSIGN) {
                cli_error("too many --%s options (at most %d)", c == 'p' ? "param" : "init",
                          MAX_ASSIGN);
                return CLI_USAGE;
            }
            if (c == 'p')
                params[nparams++] = optarg;
            else
                inits[ninits++] = optarg;
            break;
        case 'W':
        case 'E':
            if (nexprs == MAX_ASSIGN) {
                cli_error("too many --stop-when/--event options (at most %d)", MAX_ASSIGN);
                return CLI_USAGE;
            }
            expr_terminal[nexprs] = c == 'W';
            exprs[nexprs++] = optarg;
            break;
        case 'X':
            no_model_events = 1;
            break;
        case 'F':
            fast = 1;
            break;
        case 'G':
            rigorous = 1;
            break;
        case 'T':
            t_end_s = optarg;
            break;
        case 'H':
            dt_s = optarg;
            break;
        case 'd':
            if (cli_ulong(&digits, optarg, "--digits", 1, 100000) != 0)
                return CLI_USAGE;
            break;
        case 'P':
            if (cli_ulong(&prec, optarg, "--prec", 16, cli_prec_max()) != 0)
                return CLI_USAGE;
            break;
        case 'S':
            if (nhref_scheme_find(optarg) == NULL) {
                cli_error("unknown scheme '%s' (see 'nhref list')", optarg);
                return CLI_USAGE;
            }
            r.opt.scheme = optarg;
            break;
        case 'N':
            if (cli_ulong(&order, optarg, "--order", 2, 100000) != 0)
                return CLI_USAGE;
            break;
        case 's':
            if (cli_ulong(&stages, optarg, "--stages", 1, 2000) != 0)
                return CLI_USAGE;
            break;
        case 'M':
            if (cli_ulong(&max_steps, optarg, "--max-steps", 1, (unsigned long)-1) != 0)
                return CLI_USAGE;
            break;
        case 'R':
            if (cli_ulong(&max_rows, optarg, "--max-rows", 1, (unsigned long)-1) != 0)
                return CLI_USAGE;
            break;
        case 'o':
            output = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref run --help')", argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref run --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind >= argc) {
        cli_error("missing MODEL (see 'nhref list' and 'nhref run --help')");
        return CLI_USAGE;
    }
    if (optind + 1 < argc) {
        cli_error("unexpected argument '%s' after the model", argv[optind + 1]);
        return CLI_USAGE;
    }
    if (digits != 0 && prec != 0) {
        cli_error("give --digits or --prec, not both");
        return CLI_USAGE;
    }
    if (fast && prec != 0) {
        cli_error("--fast is double precision (53 bits): no --prec (use the MPFR path)");
        return CLI_USAGE;
    }
    if (rigorous && (fast || stages != 0 || nexprs != 0 ||
                     (r.opt.scheme != NULL && strcmp(r.opt.scheme, "taylor") != 0))) {
        cli_error("--rigorous is a validated Taylor scheme in Arb balls: not with --fast, "
                  "--scheme %s, --stages, --stop-when or --event (the model's own events are "
                  "located rigorously)",
                  r.opt.scheme != NULL ? r.opt.scheme : "gauss");
        return CLI_USAGE;
    }
    /* the scheme's own options: --order (taylor), --stages (gauss) */
    if (order != 0 || stages != 0) {
        const nhref_scheme_t *sch =
            r.opt.scheme != NULL ? nhref_scheme_find(r.opt.scheme) : nhref_scheme_get(0);
        snprintf(scheme_opt, sizeof scheme_opt, order ? "order=%lu" : "stages=%lu",
                 order ? order : stages);
        if (order != 0 && stages != 0) {
            cli_error("give --order (scheme taylor) or --stages (scheme gauss), not both");
            return CLI_USAGE;
        }
        if (nhref_scheme_check_opts(sch, scheme_opt, why, sizeof why) != NHREF_OK) {
            cli_error("--%s: %s", order ? "order" : "stages", why);
            return CLI_USAGE;
        }
        r.opt.scheme_opt = scheme_opt;
    }
    if ((model = cli_model(argv[optind])) == NULL)
        return CLI_USAGE;
    if (nhref_system_new(&sys, model) != NHREF_OK) {
        cli_error("cannot build model %s", model->name);
        return CLI_FAIL;
    }
    r.sys = sys;
    r.model = model;
    r.elog = &elog;
    r.be = fast ? &backend_d : rigorous ? &backend_arb : &backend_mp;

    /* parameters */
    if (cli_assign_params(sys, params, nparams, "", "--param") != 0)
        goto done;

    /* precision and tolerance: the MPFR path's, which also parses the inputs of the
     * fast path (so both refuse the same initial states, with the same message) */
    r.opt.digits = (double)digits;
    r.opt.prec = (mpfr_prec_t)prec;
    r.opt.max_steps = max_steps;
    if (nhref_options_resolve(&r.opt) != NHREF_OK) {
        cli_error("--prec %lu implies fewer than 1 digit", prec);
        goto done;
    }
    wprec = r.opt.prec;
    r.digits = (int)floor(r.opt.digits);
    if (fast) {
        /* double: tolerance max(1e-15, 10^-D), values printed with 17 digits */
        r.opt.prec = 0;
        r.opt.digits = digits > 0 && digits < 15 ? (double)digits : 15;
        r.digits = 17;
    }

    /* initial state: the model's defaults, then --init */
    r.x0 = nhref_vec_new(model->nstate, wprec);
    init_str = calloc(model->nstate, sizeof *init_str);
    if (r.x0 == NULL || init_str == NULL ||
        cli_assign_inits(r.x0, init_str, model, inits, ninits, "", "--init") != 0 ||
        cli_check_init(sys, r.x0, "") != 0)
        goto done;

    /* times */
    mpfr_inits2(wprec, t_end, dt, (mpfr_ptr)0);
    if (t_end_s == NULL)
        t_end_s = model->default_t_end;
    if (dt_s == NULL)
        dt_s = model->default_dt_out;
    r.t_end_s = t_end_s;
    r.dt_s = dt_s;
    r.init_str = init_str;
    if (cli_decimal(t_end, t_end_s, "--t-end", "T > 0") != 0 ||
        cli_decimal(dt, dt_s, "--dt-out", "H > 0") != 0) {
        mpfr_clears(t_end, dt, (mpfr_ptr)0);
        goto done;
    }
    if (mpfr_sgn(t_end) <= 0 || mpfr_sgn(dt) <= 0) {
        cli_error("%s = %s is out of range (admissible range: %s > 0)",
                  mpfr_sgn(t_end) <= 0 ? "--t-end" : "--dt-out",
                  mpfr_sgn(t_end) <= 0 ? t_end_s : dt_s,
                  mpfr_sgn(t_end) <= 0 ? "T" : "H");
        mpfr_clears(t_end, dt, (mpfr_ptr)0);
        goto done;
    }
    /* bounded work: the rows, the scheme's limits and the memory, before allocating */
    r.ngrid = count_rows(t_end, dt, wprec, max_rows, t_end_s, dt_s);
    if (r.ngrid == 0) {
        mpfr_clears(t_end, dt, (mpfr_ptr)0);
        goto done;
    }
    {
        double grid_bytes = (double)r.ngrid * cli_mpfr_bytes(wprec), need;
        char what[160], b[32];
        int bad;
        if (fast) {
            need = grid_bytes + (double)r.ngrid * sizeof(double);
            snprintf(what, sizeof what, "the output grid (%zu rows at %ld bits, then in double: %s)",
                     r.ngrid, (long)wprec, cli_bytes(b, sizeof b, need));
            bad = cli_check_memory(need, what);
        } else {
            const nhref_tape_t *rhs = nhref_system_rhs_tape(sys);
            cli_work_t w = {.scheme = r.opt.scheme,
                            .digits = r.opt.digits,
                            .prec = wprec,
                            .prec_opt = prec,
                            .order = order,
                            .stages = stages,
                            .nnodes = nhref_tape_nnodes(rhs),
                            .nstate = model->nstate,
                            .grid_bytes = grid_bytes,
                            .nrows = r.ngrid,
                            .scheme_options = 1};
            bad = cli_check_scheme(&w);
        }
        if (bad != 0 || make_grid(&r.grid, r.ngrid, t_end, dt, wprec) != 0) {
            r.ngrid = 0;
            mpfr_clears(t_end, dt, (mpfr_ptr)0);
            rc = bad != 0 ? CLI_USAGE : CLI_FAIL;
            goto done;
        }
    }
    mpfr_clears(t_end, dt, (mpfr_ptr)0);

    /* events: the model's, then --stop-when and --event expressions, each defined at
     * the initial state */
    {
        const char **snames = calloc(model->nstate + 1, sizeof *snames);
        const char **pnames = calloc(model->nparam + 1, sizeof *pnames);
        char err[512], e[64];
        int bad = snames == NULL || pnames == NULL;
        if (bad) {
            cli_error("%s", nhref_strerror(NHREF_ENOMEM));
            nexprs = 0; /* no tape to free */
            rc = CLI_FAIL;
        }
        for (size_t i = 0; i < model->nstate && !bad; i++)
            snames[i] = model->state[i].name;
        for (size_t i = 0; i < model->nparam && !bad; i++)
            pnames[i] = model->param[i].name;
        for (size_t i = 0; i < nexprs && !bad; i++) {
            status = nhref_tape_parse(&etapes[i], exprs[i], model->nstate, snames, model->nparam,
                                      pnames, err, sizeof err);
            if (status != NHREF_OK) {
                cli_error("%s '%s': %s", expr_terminal[i] ? "--stop-when" : "--event",
                          cli_shorten(e, sizeof e, exprs[i]), err);
                nexprs = i;
                bad = 1;
                rc = status == NHREF_ENOMEM ? CLI_FAIL : CLI_USAGE;
                break;
            }
            edesc[i] = (nhref_event_desc_t){exprs[i], exprs[i], 0, expr_terminal[i]};
        }
        free((void *)snames);
        free((void *)pnames);
        if (bad || check_events(sys, etapes, exprs, expr_terminal, nexprs, r.x0, wprec, fast) != 0)
            goto done;
        elog.names = calloc(model->nevent + nexprs + 1, sizeof *elog.names);
        elog.f = open_memstream(&elog.buf, &elog.len);
        if (elog.names == NULL || elog.f == NULL) {
            cli_error("%s", nhref_strerror(NHREF_ENOMEM));
            rc = CLI_FAIL;
            goto done;
        }
        for (size_t i = 0; i < model->nevent && !no_model_events; i++)
            elog.names[i] = model->event[i].name;
        for (size_t i = 0; i < nexprs; i++)
            elog.names[(no_model_events ? 0 : model->nevent) + i] = exprs[i];
        elog.digits = r.digits;
        r.opt.no_model_events = no_model_events;
        r.opt.nuser_event = nexprs;
        r.opt.user_event_tape = (const nhref_tape_t *const *)etapes;
        r.opt.user_event = edesc;
    }

    /* integrator */
    cli_progress_init(&progress, "integrating");
    progress.active = progress.active && !quiet;
    r.opt.progress = cli_progress;
    r.opt.progress_arg = &progress;
    /* the fast path: the parameters rounded to double must define the same model */
    if (fast) {
        double *xd = malloc((model->nstate + 1) * sizeof *xd);
        char fw[512];
        int fs;
        for (size_t i = 0; xd != NULL && i < model->nstate; i++)
            xd[i] = mpfr_get_d(r.x0 + i, MPFR_RNDN);
        fs = xd != NULL ? nhref_fast_check_params(sys, 0, xd, NULL, fw, sizeof fw) : NHREF_ENOMEM;
        free(xd);
        if (fs == NHREF_EPARAM || fs == NHREF_ENOMEM) {
            if (fs == NHREF_EPARAM)
                cli_error("--fast: %s; run without --fast (the MPFR path takes the parameters "
                          "as the decimals given)",
                          fw);
            else
                cli_error("%s", nhref_strerror(fs));
            rc = fs == NHREF_EPARAM ? CLI_USAGE : CLI_FAIL;
            goto done;
        }
    }
    made = 1;
    status = r.be->make(&r);
    if (status != NHREF_OK) {
        cli_error("cannot set up the %sintegrator: %s", fast ? "fast (double) " : "",
                  nhref_strerror(status));
        rc = status == NHREF_EDOMAIN || status == NHREF_EINVAL || status == NHREF_ENOTFOUND
                 ? CLI_USAGE
                 : CLI_FAIL;
        goto done;
    }

    /* output */
    if (nhref_outfile_open(&of, output) != NHREF_OK) {
        cli_write_error(output, errno);
        rc = CLI_FAIL;
        goto done;
    }
    r.integrals = nhref_vec_new(model->nintegral, wprec);
    r.xe = nhref_vec_new(model->nstate, wprec);
    mpfr_init2(r.te, wprec);
    if (r.integrals == NULL || r.xe == NULL) {
        cli_error("%s", nhref_strerror(NHREF_ENOMEM));
        rc = CLI_FAIL;
        goto done;
    }
    r.out = nhref_outfile_stream(of);
    {
        char sch[96], prec_s[32], tol_s[32];
        const char *name = r.opt.scheme ? r.opt.scheme : nhref_scheme_get(0)->name;
        if (fast) {
            snprintf(sch, sizeof sch, "%s (fast path, IEEE double)", name);
            snprintf(prec_s, sizeof prec_s, "53 bits (double)");
        } else if (rigorous) {
            snprintf(sch, sizeof sch, "%s, validated (Arb balls, Lohner's method, order %u)",
                     name, nhref_proven_order(r.pv));
            snprintf(prec_s, sizeof prec_s, "%ld bits (midpoints)", (long)wprec);
        } else {
            snprintf(sch, sizeof sch, "%s", name);
            snprintf(prec_s, sizeof prec_s, "%ld bits", (long)wprec);
        }
        snprintf(tol_s, sizeof tol_s, "1e-%g", r.opt.digits);
        header(r.out, sys, init_str, t_end_s, dt_s, sch, prec_s, tol_s, r.digits, rigorous);
    }
    status = r.be->integrate(&r, &stats);
    cli_progress_end(&progress);
    if (status != NHREF_OK && nhref_outfile_error(of) != 0) {
        cli_write_error(output, nhref_outfile_error(of));
        rc = CLI_FAIL;
        goto done;
    }
    if (status == NHREF_EPARAM) {
        /* the fast path checks the state rounded to double; say why it fails there */
        __mpfr_struct *xm = nhref_vec_new(model->nstate, 53);
        for (size_t i = 0; xm != NULL && i < model->nstate; i++)
            mpfr_set(xm + i, r.x0 + i, MPFR_RNDN);
        if (xm == NULL || nhref_system_check_init(sys, xm, why, sizeof why) == NHREF_OK)
            snprintf(why, sizeof why, "%s", nhref_strerror(status));
        cli_error("the initial state rounded to double is not admissible: %s", why);
        nhref_vec_free(xm, model->nstate);
        nhref_outfile_abort(of);
        of = NULL;
        rc = CLI_USAGE;
        goto done;
    }
    if (status == NHREF_EUNPROVEN) {
        /* the rows so far are proven: keep them, say where and why it stopped, exit 1 */
        arb_last_row(&r);
        r.out = nhref_outfile_stream(of);
        nhref_csv_meta(r.out, "outcome",
                       "stopped at t = %.15g: no enclosure could be proven beyond (the validated "
                       "steps could not be validated or fell far below the Taylor steps: a "
                       "blow-up or singularity ahead, or a radius beyond the precision's reach); "
                       "the last row is the last proven state",
                       mpfr_get_d(r.te, MPFR_RNDN));
        cli_error("no enclosure could be proven beyond t = %.15g (%zu of %zu rows written; a "
                  "larger --digits may help unless the solution blows up)",
                  mpfr_get_d(r.te, MPFR_RNDN), stats.nrows, r.ngrid);
        unproven = 1;
        goto finish;
    }
    if (status != NHREF_OK && status != NHREF_EBLOWUP && status != NHREF_ESTEP) {
        cli_error("integration failed after %lu steps and %zu of %zu rows: %s", stats.nsteps,
                  stats.nrows, r.ngrid, nhref_strerror(status));
        nhref_outfile_abort(of);
        of = NULL;
        rc = CLI_FAIL;
        goto done;
    }
    if (stats.outcome == NHREF_OUTCOME_EVENT || stats.outcome == NHREF_OUTCOME_BLOWUP ||
        stats.outcome == NHREF_OUTCOME_UNDERFLOW) {
        /* one more row: the state where the run ended */
        if (r.be->last_row != NULL) {
            r.be->last_row(&r);
        } else {
            r.be->stopped(&r);
            write_row(&r, r.te, r.xe);
        }
        if (stats.outcome == NHREF_OUTCOME_EVENT) {
            fprintf(r.out, "# outcome: stopped by the event '%s' at t = ", elog.names[stats.event]);
            if (rigorous) {
                /* the time ball: midpoint +- radius (proven to contain the first crossing) */
                nhref_csv_ball(r.out, r.tbe, r.digits);
                fputs(" (t, t_rad: the first crossing lies in [t - t_rad, t + t_rad]; the last "
                      "row encloses the state over it)\n",
                      r.out);
            } else {
                nhref_csv_value(r.out, r.te, r.digits);
                fputs(" (the last row)\n", r.out);
            }
        } else if (stats.outcome == NHREF_OUTCOME_BLOWUP) {
            nhref_csv_meta(r.out, "outcome",
                           "stopped before a finite-time blow-up: the solution leaves every bound "
                           "near t = %.15g (estimated from %s); the last row is the last state "
                           "reached",
                           stats.t_blowup,
                           nhref_scheme_find(r.opt.scheme ? r.opt.scheme : "taylor")->flags &
                                   NHREF_SCHEME_RADIUS
                               ? "the radius of convergence"
                               : "the shrinking steps");
            fprintf(stderr,
                    "%s: the solution leaves every bound near t = %.15g: stopped at t = %.15g "
                    "(%zu of %zu rows written)\n",
                    cli_prog, stats.t_blowup, mpfr_get_d(r.te, MPFR_RNDN), stats.nrows, r.ngrid);
        } else {
            /* the rows so far, and the failure: exit status 1 */
            nhref_csv_meta(r.out, "outcome",
                           "stopped: step size underflow near t = %.15g (the step no longer "
                           "advances t at the working precision, and the last steps show no "
                           "finite-time blow-up); the last row is the last state reached",
                           mpfr_get_d(r.te, MPFR_RNDN));
            fprintf(stderr,
                    "%s: step size underflow near t = %.15g after %lu steps (%zu of %zu rows "
                    "written)\n",
                    cli_prog, mpfr_get_d(r.te, MPFR_RNDN), stats.nsteps, stats.nrows, r.ngrid);
        }
    } else {
        nhref_csv_meta(r.out, "outcome", "%s", nhref_outcome_str(stats.outcome));
    }
finish:
    if (elog.f != NULL) {
        fclose(elog.f);
        elog.f = NULL;
        fwrite(elog.buf, 1, elog.len, r.out);
    }
    nhref_csv_meta(r.out, "steps", "%lu (order %u, |h| from %.6g to %.6g s)", stats.nsteps,
                   stats.order_max, stats.h_min, stats.h_max);
    cli_sha256_line(of);
    {
        int underflow = stats.outcome == NHREF_OUTCOME_UNDERFLOW;
        status = nhref_outfile_commit(of);
        of = NULL;
        if (status != NHREF_OK) {
            cli_write_error(output, errno);
            rc = CLI_FAIL;
            goto done;
        }
        rc = underflow || unproven ? CLI_FAIL : CLI_OK;
    }

done:
    if (of != NULL)
        nhref_outfile_abort(of);
    if (elog.f != NULL)
        fclose(elog.f);
    free(elog.buf);
    free((void *)elog.names);
    nhref_vec_free(r.x0, model->nstate);
    nhref_vec_free(r.grid, r.ngrid);
    nhref_vec_free(r.integrals, model->nintegral);
    if (r.xe != NULL) {
        nhref_vec_free(r.xe, model->nstate);
        mpfr_clear(r.te);
    }
    free((void *)init_str);
    if (made)
        r.be->release(&r); /* before the event tapes its workspaces point to */
    for (size_t i = 0; i < nexprs; i++)
        nhref_tape_free(etapes[i]);
    nhref_system_free(sys);
    return rc;
}

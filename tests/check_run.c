/* check_run.c -- the run layer (nhref_run.h, src/run/, src/io/sink_*.c) tested directly:
 * a spec's defaults and overrides, the words of its messages, digits -> precision, the
 * exact-decimal grid and explicit times, copies, nhref_run's sink protocol in the three
 * number types, events, the trajectory formats and the refusals before a run.
 *
 * Expected values never come from the code under test:
 * - defaults from the model descriptors' tables; message words from nhref_run.h;
 * - precisions from ceil(D log2 10) + NHREF_GUARD_BITS computed in MPFR at 256 bits;
 * - grid times from GMP rationals (t-start + k dt-out, exactly; a decimal reader of
 *   this file), rounded with mpfr_set_q at each precision;
 * - trajectories from the sleigh's closed form (oracle/oracle_sleigh.h);
 * - the data checksum from nettle's SHA-256 over the lines this file reads back;
 * - JSON Lines parsed by jansson and compared with the CSV of the same run.
 *
 * The test case "edges" holds the faults this suite found in the run layer when it was
 * written (each comment says how it failed: input, expected, got); they are fixed, and
 * the tests keep them so.  The quick loop: CK_EXCLUDE_TAGS=slow ./check_run.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <arb.h>
#include <gmp.h>
#include <jansson.h>
#include <mpfr.h>
#include <nettle/sha2.h>

#include <check.h>

#include "ck_mpfr.h"
#include "nhref.h"
#include "nhref_run.h"
#include "run/grid.h"
#include "run/run_internal.h"
#include "../oracle/oracle_sleigh.h"

/* AddressSanitizer maps terabytes of shadow memory at start-up, so under a limit of the
 * address space (RLIMIT_AS) every later mapping of the process fails and ASan aborts it:
 * the tests that set that limit set it only without ASan (.ci/run's sanitizer build) */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define SLEIGH "chaplygin_sleigh"

/* the number types, in the order of the loop tests */
static const nhref_run_type_t types[] = {NHREF_RUN_MPFR, NHREF_RUN_DOUBLE, NHREF_RUN_PROVEN};

/* ------------------------------------------------------------------ helpers */

/* Q = the decimal string S exactly: [sign] digits [. digits] [(e|E) [sign] digits].
 * The reader of this test, not the library's. */
static void q_dec(mpq_t q, const char *s)
{
    const char *p = s;
    char *end;
    int neg = 0, nd = 0;
    long frac = 0, e = 0;
    mpz_t num, pw;

    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    mpz_inits(num, pw, NULL);
    for (int point = 0; isdigit((unsigned char)*p) || (*p == '.' && !point); p++) {
        if (*p == '.') {
            point = 1;
            continue;
        }
        mpz_mul_ui(num, num, 10);
        mpz_add_ui(num, num, (unsigned long)(*p - '0'));
        nd++;
        frac += point;
    }
    if (*p == 'e' || *p == 'E') {
        e = strtol(p + 1, &end, 10);
        p = end;
    }
    ck_assert_msg(*p == '\0' && nd > 0, "q_dec: '%s' is not a decimal of this test", s);
    e -= frac;
    mpz_ui_pow_ui(pw, 10, (unsigned long)(e < 0 ? -e : e));
    if (e >= 0) {
        mpz_mul(num, num, pw);
        mpq_set_z(q, num);
    } else {
        mpq_set_num(q, num);
        mpq_set_den(q, pw);
        mpq_canonicalize(q);
    }
    if (neg)
        mpq_neg(q, q);
    mpz_clears(num, pw, NULL);
}

/* a spec of MODEL, asserted */
static nhref_spec_t *spec_of(const char *model)
{
    nhref_spec_t *spec = NULL;
    int s = nhref_spec_new(&spec, model);
    ck_assert_msg(s == NHREF_OK, "nhref_spec_new(%s): %d %s", model, s,
                  spec != NULL ? nhref_spec_error(spec) : "");
    return spec;
}

/* resolve, asserting success (with the message on failure) */
static void resolve_ok(nhref_spec_t *spec)
{
    int s = nhref_spec_resolve(spec);
    ck_assert_msg(s == NHREF_OK, "resolve: %s: %s", nhref_status_name(s), nhref_spec_error(spec));
}

/* resolve, asserting STATUS and that the message contains each of the NULL-terminated
 * fragments */
static void resolve_fails(nhref_spec_t *spec, int status, ...)
{
    va_list ap;
    const char *frag;
    int s = nhref_spec_resolve(spec);
    ck_assert_msg(s == status, "resolve: %s, expected %s (message: %s)", nhref_status_name(s),
                  nhref_status_name(status), nhref_spec_error(spec));
    va_start(ap, status);
    while ((frag = va_arg(ap, const char *)) != NULL)
        ck_assert_msg(strstr(nhref_spec_error(spec), frag) != NULL, "message '%s' lacks '%s'",
                      nhref_spec_error(spec), frag);
    va_end(ap);
}

/* the message of SPEC contains FRAG */
#define ck_assert_msg_has(spec, frag)                                                              \
    ck_assert_msg(strstr(nhref_spec_error(spec), (frag)) != NULL, "message '%s' lacks '%s'",       \
                  nhref_spec_error(spec), (frag))

/* the message of SPEC starts with PREFIX */
#define ck_assert_msg_starts(spec, prefix)                                                         \
    ck_assert_msg(strncmp(nhref_spec_error(spec), (prefix), strlen(prefix)) == 0,                  \
                  "message '%s' does not start with '%s'", nhref_spec_error(spec), (prefix))

/* the sleigh's parameters and state of the spec's case PUB-2 (check_sleigh.c) */
static const char *const pub2_p[3] = {"1.5", "0.7", "0.4"};
static const char *const pub2_x[5] = {"0.3", "-0.2", "0.5", "-0.8", "1.3"};
static const char *const sleigh_p[3] = {"m", "J", "a"};
static const char *const sleigh_x[5] = {"x", "y", "phi", "v", "omega"};

static nhref_spec_t *sleigh_pub2(void)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(nhref_spec_set_param(spec, sleigh_p[i], pub2_p[i]), NHREF_OK);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(nhref_spec_set_init(spec, sleigh_x[i], pub2_x[i]), NHREF_OK);
    return spec;
}

/* the closed form of the sleigh of SPEC's parameters and initial state (at t = 0) */
static nhref_oracle_sleigh_t *oracle_of(const nhref_spec_t *spec, mpfr_prec_t prec)
{
    __mpfr_struct p[3], s0[5];
    nhref_oracle_sleigh_t *o = NULL;
    for (int i = 0; i < 3; i++) {
        mpfr_init2(p + i, prec);
        ck_assert_int_eq(mpfr_set_str(p + i, nhref_spec_param_str(spec, (size_t)i), 10, MPFR_RNDN),
                         0);
    }
    for (int i = 0; i < 5; i++) {
        mpfr_init2(s0 + i, prec);
        ck_assert_int_eq(mpfr_set_str(s0 + i, nhref_spec_init_str(spec, (size_t)i), 10, MPFR_RNDN),
                         0);
    }
    ck_assert_int_eq(nhref_oracle_sleigh_new(&o, p, s0, prec), NHREF_OK);
    for (int i = 0; i < 3; i++)
        mpfr_clear(p + i);
    for (int i = 0; i < 5; i++)
        mpfr_clear(s0 + i);
    return o;
}

/* "a, b, c": the names of the table of M (params or state), as the test expects them */
static void names_of(char *buf, size_t len, const nhref_model_t *m, int params)
{
    size_t n = params ? m->nparam : m->nstate;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        strncat(buf, i ? ", " : "", len - strlen(buf) - 1);
        strncat(buf, params ? m->param[i].name : m->state[i].name, len - strlen(buf) - 1);
    }
}

/* ------------------------------------------------------------------ a recording sink */
enum { REC_MAXEV = 64 };

typedef struct {
    int nbegin, nend, nrow_calls, nevent;
    char order[4096]; /* 'b', 'r', 'v' (event), 'e' in the order of the calls */
    nhref_run_info_t info;
    nhref_run_type_t type;
    size_t ncol;
    mpfr_prec_t sp; /* the precision values are kept at: every value exactly */
    size_t nrows, cap;
    size_t *index;
    __mpfr_struct *val; /* nrows x ncol */
    double *raw;        /* double runs: t and x read directly through row->t, row->x */
    arb_ptr ball;       /* proven runs: nrows x ncol balls */
    int bad_row;        /* a row whose fields did not match the run */
    size_t stop_at;     /* row returns -1 at this index (SIZE_MAX: never) */
    int begin_rc, end_rc;
    /* events */
    size_t ev_k[REC_MAXEV];
    char *ev_name[REC_MAXEV];
    __mpfr_struct ev_val[REC_MAXEV][8]; /* t, x (at most 7 states) */
    size_t ev_n[REC_MAXEV];
    int ev_index_off;
    /* the end */
    nhref_run_end_t end;
    char *end_event;
    int have_stop, stop_index_off;
    __mpfr_struct stop_val[16];
    size_t stop_n;
} rec_t;

static void rec_init(rec_t *r)
{
    memset(r, 0, sizeof *r);
    r->stop_at = SIZE_MAX;
    r->ev_index_off = 1;
    r->stop_index_off = 1;
}

static void rec_push(rec_t *r, char c)
{
    size_t n = strlen(r->order);
    if (n + 1 < sizeof r->order) {
        r->order[n] = c;
        r->order[n + 1] = '\0';
    }
}

static int rec_begin(void *self, const nhref_run_info_t *info)
{
    rec_t *r = self;
    const nhref_model_t *m = nhref_spec_model(info->spec);
    r->nbegin++;
    rec_push(r, 'b');
    r->info = *info;
    r->type = info->type;
    r->ncol = 1 + m->nstate + info->nintegral;
    r->sp = info->prec > 53 ? info->prec : 53;
    r->cap = info->nrows + 1;
    r->index = calloc(r->cap, sizeof *r->index);
    r->val = malloc(r->cap * r->ncol * sizeof *r->val);
    r->raw = calloc(r->cap * r->ncol, sizeof *r->raw);
    for (size_t i = 0; i < r->cap * r->ncol; i++)
        mpfr_init2(r->val + i, r->sp);
    if (info->type == NHREF_RUN_PROVEN)
        r->ball = _arb_vec_init((slong)(r->cap * r->ncol));
    return r->begin_rc;
}

static int rec_row(void *self, const nhref_row_t *row)
{
    rec_t *r = self;
    size_t k = r->nrows;
    r->nrow_calls++;
    rec_push(r, 'r');
    if (row->type != r->type || row->nintegral != r->info.nintegral ||
        1 + row->nstate + row->nintegral != r->ncol || k >= r->cap)
        r->bad_row = 1;
    if (k >= r->cap)
        return -1;
    r->index[k] = row->index;
    for (size_t j = 0; j < r->ncol; j++)
        nhref_row_get_mpfr(r->val + k * r->ncol + j, row, j);
    if (row->type == NHREF_RUN_DOUBLE) {
        r->raw[k * r->ncol] = *(const double *)row->t;
        for (size_t j = 0; j < row->nstate; j++)
            r->raw[k * r->ncol + 1 + j] = ((const double *)row->x)[j];
    }
    if (row->type == NHREF_RUN_PROVEN) {
        arb_set(r->ball + k * r->ncol, (arb_srcptr)row->t);
        for (size_t j = 0; j < row->nstate; j++)
            arb_set(r->ball + k * r->ncol + 1 + j, (arb_srcptr)row->x + j);
        for (size_t j = 0; j < row->nintegral; j++)
            arb_set(r->ball + k * r->ncol + 1 + row->nstate + j, (arb_srcptr)row->integrals + j);
    }
    r->nrows++;
    return row->index == r->stop_at ? -1 : 0;
}

static void rec_event(void *self, size_t k, const char *name, const nhref_row_t *at)
{
    rec_t *r = self;
    size_t e = (size_t)r->nevent;
    rec_push(r, 'v');
    r->nevent++;
    if (e >= REC_MAXEV)
        return;
    r->ev_k[e] = k;
    r->ev_name[e] = strdup(name != NULL ? name : "(null)");
    if (at->index != NHREF_ROW_OFF)
        r->ev_index_off = 0;
    for (size_t j = 0; j <= at->nstate && j < 8; j++) {
        mpfr_init2(&r->ev_val[e][j], r->sp);
        nhref_row_get_mpfr(&r->ev_val[e][j], at, j);
        r->ev_n[e] = j + 1;
    }
}

static int rec_end(void *self, const nhref_run_end_t *end)
{
    rec_t *r = self;
    r->nend++;
    rec_push(r, 'e');
    r->end = *end;
    r->end.stop = NULL;
    r->end_event = end->event != NULL ? strdup(end->event) : NULL;
    if (end->stop != NULL) {
        r->have_stop = 1;
        if (end->stop->index != NHREF_ROW_OFF)
            r->stop_index_off = 0;
        for (size_t j = 0; j <= end->stop->nstate && j < 16; j++) {
            mpfr_init2(r->stop_val + j, r->sp);
            nhref_row_get_mpfr(r->stop_val + j, end->stop, j);
            r->stop_n = j + 1;
        }
    }
    return r->end_rc;
}

static nhref_sink_t rec_sink(rec_t *r)
{
    return (nhref_sink_t){r, rec_begin, rec_row, rec_event, rec_end, NULL};
}

static void rec_clear(rec_t *r)
{
    for (size_t i = 0; r->val != NULL && i < r->cap * r->ncol; i++)
        mpfr_clear(r->val + i);
    free(r->val);
    free(r->raw);
    free(r->index);
    if (r->ball != NULL)
        _arb_vec_clear(r->ball, (slong)(r->cap * r->ncol));
    for (int e = 0; e < r->nevent && e < REC_MAXEV; e++) {
        free(r->ev_name[e]);
        for (size_t j = 0; j < r->ev_n[e]; j++)
            mpfr_clear(&r->ev_val[e][j]);
    }
    for (size_t j = 0; j < r->stop_n; j++)
        mpfr_clear(r->stop_val + j);
    free(r->end_event);
}

/* value J of row K */
#define REC(r, k, j) ((r)->val + (k) * (r)->ncol + (j))

/* ================================================================== defaults, overrides */

/* every registered model: a fresh spec reports the descriptor's defaults (parameters,
 * initial state, t-start 0, t-end, dt-out), type MPFR, the first scheme, the model's
 * events; it resolves to the default grid and 30 digits */
START_TEST(test_new_defaults)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    nhref_spec_t *spec = spec_of(m->name);
    mpq_t te, dt, span;
    mpz_t n;

    ck_assert_ptr_eq(nhref_spec_model(spec), m);
    ck_assert_ptr_nonnull(nhref_spec_system(spec));
    for (size_t i = 0; i < m->nparam; i++)
        ck_assert_str_eq(nhref_spec_param_str(spec, i), m->param[i].default_value);
    ck_assert_ptr_null(nhref_spec_param_str(spec, m->nparam));
    for (size_t i = 0; i < m->nstate; i++)
        ck_assert_str_eq(nhref_spec_init_str(spec, i), m->state[i].default_init);
    ck_assert_ptr_null(nhref_spec_init_str(spec, m->nstate));
    ck_assert_str_eq(nhref_spec_t_start(spec), "0");
    ck_assert_str_eq(nhref_spec_t_end(spec), m->default_t_end);
    ck_assert_str_eq(nhref_spec_dt_out(spec), m->default_dt_out);
    ck_assert_int_eq(nhref_spec_type(spec), NHREF_RUN_MPFR);
    ck_assert_ptr_eq(nhref_spec_scheme(spec), nhref_scheme_get(0));
    ck_assert_str_eq(nhref_spec_scheme(spec)->name, "taylor");
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "");
    ck_assert_uint_eq(nhref_spec_nevents(spec), m->nevent);
    for (size_t k = 0; k < m->nevent; k++)
        ck_assert_str_eq(nhref_spec_event_name(spec, k), m->event[k].name);
    ck_assert_str_eq(nhref_spec_error(spec), "");

    resolve_ok(spec);
    /* 30 digits: ceil(30 log2 10) = ceil(99.66) = 100 bits, plus the guard bits */
    ck_assert_int_eq(nhref_spec_prec(spec), 100 + NHREF_GUARD_BITS);
    ck_assert(nhref_spec_digits(spec) == 30);
    /* rows: ceil(t-end / dt-out) multiples before t-end, then t-end */
    mpq_inits(te, dt, span, NULL);
    mpz_init(n);
    q_dec(te, m->default_t_end);
    q_dec(dt, m->default_dt_out);
    mpq_div(span, te, dt);
    mpz_cdiv_q(n, mpq_numref(span), mpq_denref(span));
    ck_assert_uint_eq(nhref_spec_nrows(spec), mpz_get_ui(n) + 1);
    mpq_clears(te, dt, span, NULL);
    mpz_clear(n);
    nhref_spec_free(spec);
}
END_TEST

START_TEST(test_new_unknown_model)
{
    nhref_spec_t *spec = NULL;
    ck_assert_int_eq(nhref_spec_new(&spec, "no_such_model"), NHREF_ENOTFOUND);
    ck_assert_ptr_nonnull(spec);
    ck_assert_msg_has(spec, "no_such_model");
    for (size_t i = 0; i < nhref_model_count(); i++)
        ck_assert_msg_has(spec, nhref_model_get(i)->name);
    nhref_spec_free(spec);
    ck_assert_int_eq(nhref_spec_new(&spec, NULL), NHREF_ENOTFOUND);
    nhref_spec_free(spec);
}
END_TEST

/* a descriptor of the caller's (nhref_spec_new_model): a valid one gives its defaults
 * and copies; an invalid one is refused with the reason */
START_TEST(test_new_model_descriptor)
{
    nhref_model_t mine = *nhref_model_find(SLEIGH);
    nhref_spec_t *spec = NULL, *copy = NULL;
    mine.name = "my_sleigh";
    ck_assert_int_eq(nhref_spec_new_model(&spec, &mine), NHREF_OK);
    ck_assert_ptr_eq(nhref_spec_model(spec), &mine);
    ck_assert_str_eq(nhref_spec_param_str(spec, 1), mine.param[1].default_value);
    ck_assert_int_eq(nhref_spec_set_param(spec, "J", "3"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_copy(&copy, spec), NHREF_OK);
    ck_assert_ptr_eq(nhref_spec_model(copy), &mine);
    ck_assert_str_eq(nhref_spec_param_str(copy, 1), "3");
    resolve_ok(copy);
    nhref_spec_free(copy);
    nhref_spec_free(spec);
    mine.nstate = 0; /* no state: not a usable descriptor */
    ck_assert_int_eq(nhref_spec_new_model(&spec, &mine), NHREF_EINVAL);
    ck_assert_ptr_nonnull(spec);
    ck_assert_msg_has(spec, "cannot build model my_sleigh");
    nhref_spec_free(spec);
    ck_assert_int_eq(nhref_spec_new_model(&spec, NULL), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EINVAL);
    nhref_spec_free(spec);
}
END_TEST

/* every model, every parameter: set_param changes exactly that entry and keeps the
 * decimal as written; the others keep their defaults */
START_TEST(test_param_override)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    static const char *const written[] = {"+1.250e0", "0.70", "-3E-2", "12345678901234567890.123"};
    nhref_spec_t *spec = spec_of(m->name);

    for (size_t k = 0; k < m->nparam; k++) {
        const char *v = written[k % 4];
        ck_assert_int_eq(nhref_spec_set_param(spec, m->param[k].name, v), NHREF_OK);
        for (size_t i = 0; i < m->nparam; i++)
            ck_assert_str_eq(nhref_spec_param_str(spec, i),
                             i <= k ? written[i % 4] : m->param[i].default_value);
        for (size_t i = 0; i < m->nstate; i++)
            ck_assert_str_eq(nhref_spec_init_str(spec, i), m->state[i].default_init);
    }
    /* back to the default, written differently: kept as written */
    if (m->nparam > 0) {
        ck_assert_int_eq(nhref_spec_set_param(spec, m->param[0].name, "0.5e1"), NHREF_OK);
        ck_assert_str_eq(nhref_spec_param_str(spec, 0), "0.5e1");
    }
    nhref_spec_free(spec);
}
END_TEST

/* every model, every state component: set_init the same way */
START_TEST(test_init_override)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    static const char *const written[] = {"-0.000", "1e-3", "+7.5", "3.14159265358979323846264338"};
    nhref_spec_t *spec = spec_of(m->name);

    for (size_t k = 0; k < m->nstate; k++) {
        ck_assert_int_eq(nhref_spec_set_init(spec, m->state[k].name, written[k % 4]), NHREF_OK);
        for (size_t i = 0; i < m->nstate; i++)
            ck_assert_str_eq(nhref_spec_init_str(spec, i),
                             i <= k ? written[i % 4] : m->state[i].default_init);
        for (size_t i = 0; i < m->nparam; i++)
            ck_assert_str_eq(nhref_spec_param_str(spec, i), m->param[i].default_value);
    }
    nhref_spec_free(spec);
}
END_TEST

/* unknown names: NHREF_ENOTFOUND, the message lists the model's names; malformed
 * values: NHREF_EPARSE; the spec is unchanged either way */
/* a set of initial values MID+-RAD (issue 26 item 4): kept as midpoint and radius, for
 * the proven type only; a bad radius refused, nothing changed */
START_TEST(test_init_set)
{
    const nhref_model_t *m = nhref_model_find(SLEIGH);
    nhref_spec_t *spec = NULL;
    size_t iv = (size_t)nhref_model_state_index(m, "v");

    ck_assert_int_eq(nhref_spec_new(&spec, SLEIGH), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "0.5+-1e-3"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_init_str(spec, iv), "0.5");
    ck_assert_str_eq(nhref_spec_init_rad_str(spec, iv), "1e-3");
    ck_assert_ptr_null(nhref_spec_init_rad_str(spec, 0));
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EINVAL); /* MPFR: one point */
    ck_assert_msg_has(spec, "'0.5+-1e-3' is a set of initial values: it needs");
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_PROVEN), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "0.5+-x"), NHREF_EPARSE);
    ck_assert_msg_has(spec, "the radius 'x' must be a decimal >= 0");
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "0.5+--1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "abc+-1"), NHREF_EPARSE);
    ck_assert_str_eq(nhref_spec_init_str(spec, iv), "0.5"); /* unchanged */
    ck_assert_str_eq(nhref_spec_init_rad_str(spec, iv), "1e-3");
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "0.25"), NHREF_OK); /* a point again */
    ck_assert_ptr_null(nhref_spec_init_rad_str(spec, iv));
    nhref_spec_free(spec);
}
END_TEST

/* a set of parameter values, MID+-RAD or [LO, HI] (issue 26 item 4): the system takes
 * the midpoint, the set is kept as given; the proven type only; the model's range is
 * checked at both ends; malformed sets, nan ends and LO > HI refused with the column,
 * nothing changed.  [LO, HI] for an initial value: its midpoint and radius as exact
 * expressions. */
START_TEST(test_param_set)
{
    const nhref_model_t *m = nhref_model_find(SLEIGH);
    nhref_spec_t *spec = NULL;
    size_t ia = (size_t)nhref_model_param_index(m, "a");
    size_t im = (size_t)nhref_model_param_index(m, "m");
    size_t iw = (size_t)nhref_model_state_index(m, "omega");
    mpfr_t x, y;

    ck_assert_int_eq(nhref_spec_new(&spec, SLEIGH), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "0.5+-1e-12"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_param_str(spec, ia), "0.5");
    ck_assert_str_eq(nhref_spec_param_set_str(spec, ia), "0.5+-1e-12");
    ck_assert_str_eq(nhref_spec_param_rad_str(spec, ia), "1e-12");
    ck_assert_ptr_null(nhref_spec_param_set_str(spec, im));
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EINVAL); /* MPFR: one value */
    ck_assert_msg_has(spec, "'0.5+-1e-12' is a set of parameter values: it needs");
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_PROVEN), NHREF_OK);
    resolve_ok(spec);
    /* [LO, HI]: the midpoint (LO+HI)/2 as an expression, exactly 0.5 */
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", " [ 0.25 , 0.75 ] "), NHREF_OK);
    ck_assert_str_eq(nhref_spec_param_set_str(spec, ia), "[0.25, 0.75]");
    mpfr_inits2(200, x, y, (mpfr_ptr)0);
    ck_assert_int_eq(nhref_value_set(x, nhref_spec_param_str(spec, ia)), NHREF_OK);
    ck_assert(mpfr_cmp_d(x, 0.5) == 0);
    ck_assert_int_eq(nhref_value_set(x, nhref_spec_param_rad_str(spec, ia)), NHREF_OK);
    ck_assert(mpfr_cmp_d(x, 0.25) == 0);
    resolve_ok(spec);
    /* the model's range at the ends: m > 0 */
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "[-1, 2]"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EPARAM);
    ck_assert_msg_has(spec, "the set '[-1, 2]' reaches m = -1, not admissible");
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "1+-1"), NHREF_OK); /* reaches 0 */
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EPARAM);
    ck_assert_str_eq(nhref_spec_param_str(spec, im), "1"); /* the midpoint restored */
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "1+-0.5"), NHREF_OK);
    resolve_ok(spec);
    /* refused, nothing changed */
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.75, 0.25]"), NHREF_EPARSE);
    ck_assert_msg_has(spec, "its lower end 0.75 exceeds its upper end 0.25");
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.1, nan]"), NHREF_EPARSE);
    ck_assert_msg_has(spec, "its upper end (column 7) 'nan'");
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.1 0.2]"), NHREF_EPARSE);
    ck_assert_msg_has(spec, "no ',' after the '[' at column 1");
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.1, 0.2"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.1, 0.2, 0.3]"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "0.5+--1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "+-1"), NHREF_EPARSE);
    ck_assert_str_eq(nhref_spec_param_set_str(spec, ia), "[0.25, 0.75]");
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "0.3"), NHREF_OK); /* a point again */
    ck_assert_ptr_null(nhref_spec_param_set_str(spec, ia));
    ck_assert_ptr_null(nhref_spec_param_rad_str(spec, ia));
    /* [LO, HI] for an initial value; LO = HI is a set of one point */
    ck_assert_int_eq(nhref_spec_set_init(spec, "omega", "[0.99, 1.01]"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_init_set_str(spec, iw), "[0.99, 1.01]");
    ck_assert_int_eq(nhref_value_set(x, nhref_spec_init_str(spec, iw)), NHREF_OK);
    ck_assert_int_eq(nhref_value_set(y, nhref_spec_init_rad_str(spec, iw)), NHREF_OK);
    mpfr_sub_ui(x, x, 1, MPFR_RNDN);
    mpfr_mul_ui(y, y, 100, MPFR_RNDN); /* 0.01 * 100 = 1, to rounding */
    mpfr_sub_ui(y, y, 1, MPFR_RNDN);
    mpfr_abs(x, x, MPFR_RNDN);
    mpfr_abs(y, y, MPFR_RNDN);
    ck_assert(mpfr_cmp_ui_2exp(x, 1, -190) < 0 && mpfr_cmp_ui_2exp(y, 1, -190) < 0);
    ck_assert_int_eq(nhref_spec_set_init(spec, "omega", "[1, 1]"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_init_str(spec, iw), "1");
    ck_assert_str_eq(nhref_spec_init_rad_str(spec, iw), "0");
    resolve_ok(spec);
    /* a copy keeps the sets; reset_overrides drops them */
    {
        nhref_spec_t *c = NULL;
        ck_assert_int_eq(nhref_spec_set_param(spec, "a", "[0.25, 0.75]"), NHREF_OK);
        ck_assert_int_eq(nhref_spec_copy(&c, spec), NHREF_OK);
        ck_assert_str_eq(nhref_spec_param_set_str(c, ia), "[0.25, 0.75]");
        ck_assert_str_eq(nhref_spec_init_set_str(c, iw), "[1, 1]");
        nhref_spec_reset_overrides(c);
        ck_assert_ptr_null(nhref_spec_param_set_str(c, ia));
        ck_assert_ptr_null(nhref_spec_init_set_str(c, iw));
        nhref_spec_free(c);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    nhref_spec_free(spec);
}
END_TEST

START_TEST(test_override_refused)
{
    static const char *const bad[] = {"",   "abc", "1.2.3", "1e",  "nan", "inf", "-inf",
                                      " 1", "1 ",  "0x10",  "1,5", "--1", "1e+", "."};
    const nhref_model_t *m = nhref_model_find(SLEIGH);
    nhref_spec_t *spec = spec_of(SLEIGH);
    char want[512], names[256];

    ck_assert_int_eq(nhref_spec_set_param(spec, "q", "1"), NHREF_ENOTFOUND);
    names_of(names, sizeof names, m, 1);
    snprintf(want, sizeof want, "unknown parameter 'q' of model %s (parameters: %s)", m->name,
             names);
    ck_assert_str_eq(nhref_spec_error(spec), want);
    ck_assert_int_eq(nhref_spec_set_init(spec, "theta", "1"), NHREF_ENOTFOUND);
    names_of(names, sizeof names, m, 0);
    ck_assert_msg_has(spec, "'theta'");
    ck_assert_msg_has(spec, names);
    /* a parameter is not a state component and the other way round */
    ck_assert_int_eq(nhref_spec_set_param(spec, "x", "1"), NHREF_ENOTFOUND);
    ck_assert_int_eq(nhref_spec_set_init(spec, "m", "1"), NHREF_ENOTFOUND);
    ck_assert_int_eq(nhref_spec_set_param(spec, NULL, "1"), NHREF_ENOTFOUND);

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(nhref_spec_set_param(spec, "m", bad[i]) == NHREF_EPARSE, "param '%s'",
                      bad[i]);
        ck_assert_msg_has(spec, "parameter m: ");
        ck_assert_msg(nhref_spec_set_init(spec, "v", bad[i]) == NHREF_EPARSE, "init '%s'", bad[i]);
        ck_assert_msg_has(spec, "initial value v: ");
        ck_assert_msg(nhref_spec_set_t_end(spec, bad[i]) == NHREF_EPARSE, "t-end '%s'", bad[i]);
        ck_assert_msg(nhref_spec_set_dt_out(spec, bad[i]) == NHREF_EPARSE, "dt-out '%s'", bad[i]);
        ck_assert_msg(nhref_spec_set_t_start(spec, bad[i]) == NHREF_EPARSE, "t-start '%s'", bad[i]);
    }
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", NULL), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", NULL), NHREF_EPARSE);
    /* a parameter beyond nhref_decimal_set's bounds at 64 bits */
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "1e100000000"), NHREF_ERANGE);
    ck_assert_msg_has(spec, "parameter m: '1e100000000' is too large in magnitude");
    /* nothing changed */
    for (size_t i = 0; i < m->nparam; i++)
        ck_assert_str_eq(nhref_spec_param_str(spec, i), m->param[i].default_value);
    for (size_t i = 0; i < m->nstate; i++)
        ck_assert_str_eq(nhref_spec_init_str(spec, i), m->state[i].default_init);
    ck_assert_str_eq(nhref_spec_t_end(spec), m->default_t_end);
    ck_assert_str_eq(nhref_spec_dt_out(spec), m->default_dt_out);
    ck_assert_str_eq(nhref_spec_t_start(spec), "0");
    resolve_ok(spec);
    nhref_spec_free(spec);
}
END_TEST

/* the words of the messages (nhref_spec_set_names): per style, the label each input
 * goes by in nhref_run.h, after the WHERE prefix */
static const struct {
    nhref_spec_names_t style;
    const char *param, *init, *t_start, *t_end, *dt_out, *times, *digits, *prec, *stop_when, *event,
        *dbl, *max_rows;
} words[] = {
    {NHREF_SPEC_WORDS, "parameter m", "initial value v", "t-start", "t-end", "dt-out", "times",
     "digits", "prec", "stop-when", "event", "the double type", "max-rows"},
    {NHREF_SPEC_OPTIONS, "--param m", "--init v", "--t-start", "--t-end", "--dt-out", "--times",
     "--digits", "--prec", "--stop-when", "--event", "--fast", "--max-rows"},
    {NHREF_SPEC_KEYS, "param m", "init v", "t-start", "t-end", "dt-out", "times", "digits", "prec",
     "stop-when", "event", "type double", "max-rows"},
};

START_TEST(test_label_words)
{
    const char *where = _i % 2 ? "cases.txt:7: case [A]: " : NULL;
    const char *w = where != NULL ? where : "";
    nhref_spec_t *spec = spec_of(SLEIGH);
    char want[512];
    const char *only[1] = {"x"};
    size_t s = (size_t)_i / 2;

    ck_assert_int_eq(nhref_spec_set_names(spec, words[s].style, where), NHREF_OK);

#define EXPECT_START(status, call, fmt, ...)                                                       \
    do {                                                                                           \
        ck_assert_int_eq((call), (status));                                                        \
        snprintf(want, sizeof want, "%s" fmt, w, __VA_ARGS__);                                     \
        ck_assert_msg_starts(spec, want);                                                          \
    } while (0)

    EXPECT_START(NHREF_EPARSE, nhref_spec_set_param(spec, "m", "abc"),
                 "%s: 'abc' is not a finite decimal number (admissible range: m > 0)",
                 words[s].param);
    EXPECT_START(NHREF_EPARSE, nhref_spec_set_init(spec, "v", "1..2"),
                 "%s: '1..2' is not a finite decimal number", words[s].init);
    EXPECT_START(NHREF_EPARSE, nhref_spec_set_t_start(spec, "x"), "%s: 'x'", words[s].t_start);
    EXPECT_START(NHREF_EPARSE, nhref_spec_set_t_end(spec, "x"), "%s: 'x'", words[s].t_end);
    EXPECT_START(NHREF_EPARSE, nhref_spec_set_dt_out(spec, "x"), "%s: 'x'", words[s].dt_out);
    only[0] = "2..";
    EXPECT_START(NHREF_EPARSE, nhref_spec_set_times(spec, 1, only), "%s: '2..'", words[s].times);
    EXPECT_START(NHREF_EINVAL, nhref_spec_set_digits(spec, -1), "%s -1: ", words[s].digits);
    EXPECT_START(NHREF_EINVAL, nhref_spec_set_prec(spec, -1), "%s -1: ", words[s].prec);
    EXPECT_START(NHREF_EPARSE, nhref_spec_add_event(spec, "x +", 1),
                 "%s 'x +': ", words[s].stop_when);
    EXPECT_START(NHREF_EPARSE, nhref_spec_add_event(spec, "x +", 0), "%s 'x +': ", words[s].event);
    /* the unknown name: the same sentence in every style */
    EXPECT_START(NHREF_ENOTFOUND, nhref_spec_set_param(spec, "q", "1"), "%s",
                 "unknown parameter 'q' of model chaplygin_sleigh (parameters: m, J, a)");
    /* messages of resolve */
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "2"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    EXPECT_START(NHREF_EINVAL, nhref_spec_resolve(spec), "%s = 1 must be after %s = 2",
                 words[s].t_end, words[s].t_start);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "10"), NHREF_OK);
    nhref_spec_set_max_rows(spec, 10);
    ck_assert_int_eq(nhref_spec_resolve(spec), NHREF_EINVAL);
    snprintf(want, sizeof want,
             "%s10 / %s 1 gives 11 output rows, more than the limit of 10 output rows (raise "
             "%s, lower %s, or raise %s)",
             w, words[s].dt_out, words[s].dt_out, words[s].t_end, words[s].max_rows);
    /* "t-end 10 / dt-out 1 ...": the label of t-end first */
    {
        char full[512];
        snprintf(full, sizeof full, "%s%s %s", w, words[s].t_end, want + strlen(w));
        ck_assert_str_eq(nhref_spec_error(spec), full);
    }
    nhref_spec_set_max_rows(spec, 11);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 100), NHREF_OK);
    EXPECT_START(NHREF_EINVAL, nhref_spec_resolve(spec), "%s is double precision (53 bits): no %s",
                 words[s].dbl, words[s].prec);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 0), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_names(spec, (nhref_spec_names_t)3, NULL), NHREF_EINVAL);
#undef EXPECT_START
    nhref_spec_free(spec);
}
END_TEST

/* nhref_spec_assign: "NAME=VALUE" for "param" and "init" */
START_TEST(test_assign)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_assign(spec, "param", "m=3.50"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_param_str(spec, 0), "3.50");
    ck_assert_int_eq(nhref_spec_assign(spec, "init", "omega=-2e-1"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_init_str(spec, 4), "-2e-1");
    ck_assert_int_eq(nhref_spec_assign(spec, "param", "m"), NHREF_EPARSE);
    ck_assert_msg_has(spec, "parameter expects NAME=VALUE, got 'm'");
    ck_assert_int_eq(nhref_spec_assign(spec, "init", "=1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_assign(spec, "param", "m=3=4"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_spec_assign(spec, "param", "q=1"), NHREF_ENOTFOUND);
    ck_assert_int_eq(nhref_spec_assign(spec, "init", "m=1"), NHREF_ENOTFOUND);
    ck_assert_int_eq(nhref_spec_assign(spec, "digits", "m=1"), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_assign(spec, NULL, "m=1"), NHREF_EINVAL);
    ck_assert_str_eq(nhref_spec_param_str(spec, 0), "3.50");
    ck_assert_str_eq(nhref_spec_init_str(spec, 4), "-2e-1");
    nhref_spec_free(spec);
}
END_TEST

/* ================================================================== copies */

/* every accessor of two resolved specs agrees */
static void ck_specs_equal(nhref_spec_t *a, nhref_spec_t *b)
{
    const nhref_model_t *m = nhref_spec_model(a);
    char ta[256], tb[256];
    ck_assert_ptr_eq(nhref_spec_model(b), m);
    for (size_t i = 0; i < m->nparam; i++)
        ck_assert_str_eq(nhref_spec_param_str(a, i), nhref_spec_param_str(b, i));
    for (size_t i = 0; i < m->nstate; i++)
        ck_assert_str_eq(nhref_spec_init_str(a, i), nhref_spec_init_str(b, i));
    ck_assert_str_eq(nhref_spec_t_start(a), nhref_spec_t_start(b));
    ck_assert_pstr_eq(nhref_spec_t_end(a), nhref_spec_t_end(b));
    ck_assert_pstr_eq(nhref_spec_dt_out(a), nhref_spec_dt_out(b));
    ck_assert_int_eq(nhref_spec_type(a), nhref_spec_type(b));
    ck_assert_ptr_eq(nhref_spec_scheme(a), nhref_spec_scheme(b));
    ck_assert_str_eq(nhref_spec_scheme_options(a), nhref_spec_scheme_options(b));
    ck_assert_uint_eq(nhref_spec_nevents(a), nhref_spec_nevents(b));
    for (size_t k = 0; k < nhref_spec_nevents(a); k++)
        ck_assert_str_eq(nhref_spec_event_name(a, k), nhref_spec_event_name(b, k));
    resolve_ok(a);
    resolve_ok(b);
    ck_assert_uint_eq(nhref_spec_nrows(a), nhref_spec_nrows(b));
    for (size_t i = 0; i < nhref_spec_nrows(a); i++) {
        nhref_spec_time_str(a, i, ta, sizeof ta);
        nhref_spec_time_str(b, i, tb, sizeof tb);
        ck_assert_str_eq(ta, tb);
    }
    ck_assert_int_eq(nhref_spec_prec(a), nhref_spec_prec(b));
    ck_assert(nhref_spec_digits(a) == nhref_spec_digits(b));
}

/* a spec with every field away from its default */
static nhref_spec_t *edited_spec(int explicit_times)
{
    static const char *const times[] = {"0.5", "0.5", "1.25", "3"};
    nhref_spec_t *spec = sleigh_pub2();
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "0.25"), NHREF_OK);
    if (explicit_times) {
        ck_assert_int_eq(nhref_spec_set_times(spec, 4, times), NHREF_OK);
    } else {
        ck_assert_int_eq(nhref_spec_set_t_end(spec, "3.1"), NHREF_OK);
        ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.7"), NHREF_OK);
    }
    ck_assert_int_eq(nhref_spec_set_digits(spec, 25), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 150), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "stages", 7), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x - 100", 1), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, "y + 0.1", 0), NHREF_OK);
    nhref_spec_set_max_rows(spec, 1000);
    nhref_spec_set_max_steps(spec, 123456);
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, "here: "), NHREF_OK);
    return spec;
}

START_TEST(test_copy_equal)
{
    nhref_spec_t *spec = edited_spec(_i), *copy = NULL;
    nhref_sink_t sa, sb;
    rec_t ra, rb;

    resolve_ok(spec); /* a copy of a resolved spec */
    ck_assert_int_eq(nhref_spec_copy(&copy, spec), NHREF_OK);
    ck_specs_equal(spec, copy);
    ck_assert_str_eq(nhref_spec_scheme(copy)->name, "gauss");
    ck_assert_str_eq(nhref_spec_scheme_options(copy), "stages=7");
    ck_assert_int_eq(nhref_spec_prec(copy), 150);
    ck_assert(nhref_spec_digits(copy) == 25);
    /* the names and the prefix of the messages */
    ck_assert_int_eq(nhref_spec_set_param(copy, "m", "x"), NHREF_EPARSE);
    ck_assert_msg_starts(copy, "here: --param m: ");
    /* the bounds: 1000 rows allowed, 1001 not */
    ck_assert_int_eq(nhref_spec_set_dt_out(copy, "0.7"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_start(copy, "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(copy, "699.3"), NHREF_OK); /* 999 x 0.7: 1000 rows */
    resolve_ok(copy);
    ck_assert_uint_eq(nhref_spec_nrows(copy), 1000);
    ck_assert_int_eq(nhref_spec_set_t_end(copy, "699.31"), NHREF_OK); /* 1001 rows */
    resolve_fails(copy, NHREF_EINVAL, "here: --t-end 699.31 / --dt-out 0.7 gives 1001 output rows",
                  "limit of 1000", (const char *)NULL);
    nhref_spec_free(copy);

    /* the same rows from both */
    ck_assert_int_eq(nhref_spec_copy(&copy, spec), NHREF_OK);
    nhref_spec_set_max_steps(spec, 0);
    nhref_spec_set_max_steps(copy, 0);
    rec_init(&ra);
    rec_init(&rb);
    sa = rec_sink(&ra);
    sb = rec_sink(&rb);
    ck_assert_int_eq(nhref_run(spec, &sa, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_run(copy, &sb, NULL), NHREF_OK);
    ck_assert_uint_eq(ra.nrows, rb.nrows);
    ck_assert_uint_eq(ra.nrows, nhref_spec_nrows(spec));
    for (size_t k = 0; k < ra.nrows; k++)
        for (size_t j = 0; j < ra.ncol; j++)
            ck_assert_mpfr_eq(REC(&rb, k, j), REC(&ra, k, j));
    rec_clear(&ra);
    rec_clear(&rb);
    nhref_spec_free(copy);
    nhref_spec_free(spec);
}
END_TEST

/* the copy can be edited without changing the original, and the other way round */
START_TEST(test_copy_independent)
{
    nhref_spec_t *spec = edited_spec(_i), *copy = NULL, *ref = edited_spec(_i);
    static const char *const t2[] = {"1", "2"};

    ck_assert_int_eq(nhref_spec_copy(&copy, spec), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(copy, "m", "9"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_init(copy, "v", "9"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_start(copy, "-1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_times(copy, 2, t2), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(copy, 40), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(copy, 0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_scheme(copy, "taylor"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(copy, "phi - 7", 0), NHREF_OK);
    nhref_spec_set_model_events(copy, 0);
    ck_assert_int_eq(nhref_spec_set_type(copy, NHREF_RUN_DOUBLE), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_names(copy, NHREF_SPEC_KEYS, "there: "), NHREF_OK);
    ck_assert_uint_eq(nhref_spec_nevents(copy), 3);
    ck_specs_equal(spec, ref);
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "x"), NHREF_EPARSE);
    ck_assert_msg_starts(spec, "here: --param m: ");
    ck_assert_int_eq(nhref_spec_set_param(copy, "m", "x"), NHREF_EPARSE);
    ck_assert_msg_starts(copy, "there: param m: ");
    /* and the original edited: the copy keeps its values */
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "-4"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_init_str(copy, 3), "9");
    ck_assert_str_eq(nhref_spec_param_str(copy, 0), "9");
    ck_assert_str_eq(nhref_spec_t_start(copy), "-1");
    nhref_spec_free(spec); /* the copy outlives its original */
    resolve_ok(copy);
    ck_assert_uint_eq(nhref_spec_nrows(copy), 2);
    ck_assert_int_eq(nhref_spec_prec(copy), 53);
    ck_assert(nhref_spec_digits(copy) == 15);
    ck_assert_str_eq(nhref_spec_event_name(copy, 2), "phi - 7");
    nhref_spec_free(copy);
    nhref_spec_free(ref);
}
END_TEST

/* ================================================================== digits -> precision */

/* ceil(D log2 10) + NHREF_GUARD_BITS for the double D, in MPFR at 256 bits (D log2 10 is
 * irrational for D != 0: its ceiling is never a tie) */
static long want_prec(double d)
{
    mpfr_t l, c;
    long p;
    mpfr_inits2(256, l, c, (mpfr_ptr)0);
    mpfr_set_ui(l, 10, MPFR_RNDN);
    mpfr_log2(l, l, MPFR_RNDN);
    mpfr_mul_d(l, l, d, MPFR_RNDN);
    mpfr_ceil(c, l);
    p = mpfr_get_si(c, MPFR_RNDN) + NHREF_GUARD_BITS;
    mpfr_clears(l, c, (mpfr_ptr)0);
    return p;
}

/* the digits D as resolved give the precision ceil(D log2 10) + guard bits; D is kept */
static void ck_digits(nhref_spec_t *spec, double d)
{
    ck_assert_int_eq(nhref_spec_set_digits(spec, d), NHREF_OK);
    resolve_ok(spec);
    ck_assert_msg(nhref_spec_prec(spec) == want_prec(d), "digits %.17g: prec %ld, want %ld", d,
                  nhref_spec_prec(spec), want_prec(d));
    ck_assert(nhref_spec_digits(spec) == d);
}

/* D = 1 .. 3000, and every D <= 10^6 whose D log2 10 lies within 10^-4 of an integer
 * (where a rounding of D log2 10 would show); the Gauss scheme, which takes any digits */
START_TEST(test_digits_prec)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    mpfr_t l, f;
    int near = 0;

    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "0.001"), NHREF_OK);
    for (int d = 1; d <= 3000; d++)
        ck_digits(spec, d);
    mpfr_inits2(160, l, f, (mpfr_ptr)0);
    mpfr_set_ui(l, 10, MPFR_RNDN);
    mpfr_log2(l, l, MPFR_RNDN);
    for (unsigned long d = 3001; d <= 1000000; d++) {
        mpfr_mul_ui(f, l, d, MPFR_RNDN);
        mpfr_frac(f, f, MPFR_RNDN);
        if (mpfr_cmp_d(f, 1e-4) < 0 || mpfr_cmp_d(f, 1 - 1e-4) > 0) {
            ck_digits(spec, (double)d);
            near++;
        }
    }
    ck_assert_int_gt(near, 0);
    mpfr_clears(l, f, (mpfr_ptr)0);
    nhref_spec_free(spec);
}
END_TEST

/* digits that are not whole numbers */
START_TEST(test_digits_fractional)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    gmp_randstate_t rs;
    static const double ds[] = {1.5, 2.5, 15.5, 15.95, 29.999, 30.0001, 33.3, 100.25, 999.75};
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++)
        ck_digits(spec, ds[i]);
    for (int i = 0; i < 500; i++) /* uniform in [1, 1001) */
        ck_digits(spec, 1 + (double)gmp_urandomm_ui(rs, 1UL << 30) / (1UL << 20));
    gmp_randclear(rs);
    nhref_spec_free(spec);
}
END_TEST

/* a precision alone: digits = prec log10 2 - 1 (a double, to a few of its ulps) */
START_TEST(test_prec_digits)
{
    static const long precs[] = {7,   16,   53,   64,     100,    113,    132,
                                 333, 1000, 4096, 100000, 288537, 3321931};
    nhref_spec_t *spec = spec_of(SLEIGH);
    mpfr_t w;
    mpfr_init2(w, 256);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK); /* any precision */
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "0.001"), NHREF_OK);
    for (size_t i = 0; i < sizeof precs / sizeof precs[0]; i++) {
        double want, got;
        ck_assert_int_eq(nhref_spec_set_prec(spec, precs[i]), NHREF_OK);
        resolve_ok(spec);
        ck_assert_int_eq(nhref_spec_prec(spec), precs[i]);
        mpfr_set_ui(w, 2, MPFR_RNDN);
        mpfr_log10(w, w, MPFR_RNDN);
        mpfr_mul_si(w, w, precs[i], MPFR_RNDN);
        mpfr_sub_ui(w, w, 1, MPFR_RNDN);
        want = mpfr_get_d(w, MPFR_RNDN);
        got = nhref_spec_digits(spec);
        ck_assert_msg(fabs(got - want) <= 4 * DBL_EPSILON * want,
                      "prec %ld: digits %.17g, want %.17g", precs[i], got, want);
    }
    /* digits and precision both given: each as given */
    ck_assert_int_eq(nhref_spec_set_prec(spec, 200), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 12), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_prec(spec), 200);
    ck_assert(nhref_spec_digits(spec) == 12);
    /* unset both: 30 digits again */
    ck_assert_int_eq(nhref_spec_set_prec(spec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 0), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_prec(spec), want_prec(30));
    ck_assert(nhref_spec_digits(spec) == 30);
    mpfr_clear(w);
    nhref_spec_free(spec);
}
END_TEST

/* the bounds: digits implied by a precision in [1, 10^6]: 6 bits imply 0.806 digits, 7
 * bits 1.107; 3321931 bits imply 999999.87 digits, 3321932 bits 1000000.17 */
START_TEST(test_prec_bounds)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "0.001"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 6), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "prec 6 implies fewer than 1 digit", (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 7), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 3321932), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "prec 3321932 implies more than 10^6 digits",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 3321931), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_prec(spec), 3321931);
    /* the setters' ranges */
    ck_assert_int_eq(nhref_spec_set_prec(spec, -1), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, -1), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 1e6 + 1), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, NAN), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, INFINITY), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 1e6), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 0), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_prec(spec), want_prec(1e6));
    nhref_spec_free(spec);
}
END_TEST

/* the double type: 53 bits, tolerance min(D, 15) digits (D unset: 15), no precision */
START_TEST(test_double_precision)
{
    static const double ds[] = {0, 1, 5, 10, 14.5, 15, 15.5, 16, 30, 1000};
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    ck_assert_int_eq(nhref_spec_type(spec), NHREF_RUN_DOUBLE);
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        ck_assert_int_eq(nhref_spec_set_digits(spec, ds[i]), NHREF_OK);
        resolve_ok(spec);
        ck_assert_int_eq(nhref_spec_prec(spec), 53);
        ck_assert_msg(nhref_spec_digits(spec) == (ds[i] == 0 || ds[i] > 15 ? 15 : ds[i]),
                      "digits %g: tolerance %g", ds[i], nhref_spec_digits(spec));
    }
    ck_assert_int_eq(nhref_spec_set_prec(spec, 53), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "the double type is double precision (53 bits): no prec",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_type(spec, (nhref_run_type_t)7), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_type(spec), NHREF_RUN_DOUBLE);
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): digits in (0, 1) are refused (nhref_run.h: "digits in [1, 10^6]"), but the message
 * blames a precision the caller never gave: digits 0.5 -> "prec 34 implies fewer than 1
 * digit" (34 bits imply 9.2 digits; resolve.c:resolve_precision formats the message of a
 * given precision for given digits).  Expected: a message naming the digits. */
START_TEST(test_digits_below_one_message)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 0.5), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "digits 0.5", (const char *)NULL);
    ck_assert_msg(strstr(nhref_spec_error(spec), "prec") == NULL,
                  "message '%s' names a precision that was not given", nhref_spec_error(spec));
    nhref_spec_free(spec);
}
END_TEST

/* ================================================================== the grid */

/* the precisions each grid time is rounded to: tiny (ties and carries), double, the
 * spec's, high */
static const mpfr_prec_t grid_precs[] = {2, 3, 24, 53, 0 /* the spec's */, 300};

/* row K's time, rounded at V's precision, is the correctly rounded value of the exact
 * rational Q */
static void ck_point(nhref_spec_t *spec, size_t k, const mpq_t q, const char *what)
{
    for (size_t i = 0; i < sizeof grid_precs / sizeof grid_precs[0]; i++) {
        mpfr_prec_t p = grid_precs[i] ? grid_precs[i] : nhref_spec_prec(spec);
        mpfr_t got, want;
        mpfr_inits2(p, got, want, (mpfr_ptr)0);
        mpfr_set_nan(got);
        nhref_spec_grid_point(spec, k, got);
        mpfr_set_q(want, q, MPFR_RNDN);
        if (!mpfr_equal_p(got, want)) {
            char b[512];
            mpfr_snprintf(b, sizeof b, "%s: grid point %zu at %ld bits: got %.40Rg, want %.40Rg",
                          what, k, (long)p, got, want);
            ck_abort_msg("%s", b);
        }
        mpfr_clears(got, want, (mpfr_ptr)0);
    }
}

/* row K's decimal string (nhref_spec_time_str) read back exactly is Q */
static void ck_time_str(nhref_spec_t *spec, size_t k, const mpq_t q, const char *what)
{
    char buf[4096];
    mpq_t got;
    size_t n = nhref_spec_time_str(spec, k, buf, sizeof buf);
    ck_assert_msg(n > 0 && n < sizeof buf && n == strlen(buf), "%s: row %zu: length %zu", what, k,
                  n);
    mpq_init(got);
    q_dec(got, buf);
    if (!mpq_equal(got, q))
        ck_abort_msg("%s: row %zu is '%s', want %s", what, k, buf, mpq_get_str(NULL, 10, q));
    mpq_clear(got);
    /* snprintf's contract: the whole length, a truncated string */
    ck_assert_uint_eq(nhref_spec_time_str(spec, k, buf, 2), n);
    ck_assert_uint_le(strlen(buf), 1);
}

/* SPEC resolved on the grid T0 + k DT while before TE, then TE: the number of rows and
 * every row's time (all rows up to 6000, else the first and last 1000 and every 997th) */
static void ck_grid(nhref_spec_t *spec, const char *t0s, const char *tes, const char *dts,
                    size_t n_expected)
{
    mpq_t t0, te, dt, q;
    mpz_t c;
    size_t n, first, what_len;
    char what[256];

    snprintf(what, sizeof what, "t-start %s, t-end %s, dt-out %s", t0s, tes, dts);
    what_len = strlen(what);
    (void)what_len;
    mpq_inits(t0, te, dt, q, NULL);
    mpz_init(c);
    q_dec(t0, t0s);
    q_dec(te, tes);
    q_dec(dt, dts);
    mpq_sub(q, te, t0);
    mpq_div(q, q, dt);
    mpz_cdiv_q(c, mpq_numref(q), mpq_denref(q)); /* multiples before t-end */
    n = (size_t)mpz_get_ui(c) + 1;
    if (n_expected != 0)
        ck_assert_msg(n == n_expected, "%s: the test's own count %zu, the table's %zu", what, n,
                      n_expected);
    resolve_ok(spec);
    ck_assert_msg(nhref_spec_nrows(spec) == n, "%s: %zu rows, want %zu", what,
                  nhref_spec_nrows(spec), n);
    ck_assert_uint_eq(nhref_spec_grid_size(spec, &first), n);
    ck_assert_uint_eq(first, 0);
    for (size_t k = 0; k < n; k++) {
        if (n > 6000 && k >= 1000 && k + 1000 < n && k % 997 != 0)
            continue;
        if (k + 1 < n) {
            mpq_set_ui(q, (unsigned long)k, 1);
            mpq_mul(q, q, dt);
            mpq_add(q, q, t0);
        } else {
            mpq_set(q, te);
        }
        ck_time_str(spec, k, q, what);
        ck_point(spec, k, q, what);
    }
    {
        char buf[8] = "x";
        ck_assert_uint_eq(nhref_spec_time_str(spec, n, buf, sizeof buf), 0);
        ck_assert_str_eq(buf, "");
    }
    mpq_clears(t0, te, dt, q, NULL);
    mpz_clear(c);
}

static const struct {
    const char *t0, *te, *dt;
    size_t n; /* rows, counted by hand */
} grids[] = {
    {"0", "10", "1", 11},
    {"0", "1", "0.3", 5},     /* 0, .3, .6, .9, then 1 */
    {"-1.5", "2", "0.5", 8},  /* an exact multiple: t-end once */
    {"-3", "-1", "0.7", 4},   /* -3, -2.3, -1.6, then -1 */
    {"0.1", "0.3", "0.1", 3}, /* exact in decimal, not in binary */
    {"1e-20", "5e-20", "1e-20", 5},
    {"1e20", "100000000000000000005", "1", 6}, /* one double for all of them */
    {"0", "1e300", "1e299", 11},
    {"-2.5e-3", "1.25E-2", "3.3e-3", 6},
    {"123.456", "124", "0.0001", 5441},
    {".5", "3.", "+.25", 11},
    {"0", "1", "0.333333333333333333333333333333333333333", 5},
    {"-0", "1", "0.5", 3},
    {"0", "1e-5", "3e-7", 35},
    {"0", "1", "5", 2},          /* dt-out beyond t-end: t-start, t-end */
    {"0", "1e-45", "1e-46", 11}, /* written with an exponent */
    {"1e50", "1e51", "1e50", 10},
    {"5", "5.0000000000000000000000000000001", "1e-31", 2},
    {"-1e3", "1e3", "2.5e2", 9},
    {"3e3", "1.2e4", "3e3", 4}, /* positive decimal exponents */
    {"0.7", "0.70000000000000001", "0.000000000000000001", 11},
    {"-7.25", "-7.2499999", "0.00000002", 6},
    {"1", "1.00000001", "3e-9", 5},
    {"12345678901234567890.5", "12345678901234567893", "0.75", 5},
    {"-1e-300", "1e-300", "1e-301", 21},
    {"0", "7", "0.0007", 10001},
};

START_TEST(test_grid_table)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, grids[_i].t0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, grids[_i].te), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, grids[_i].dt), NHREF_OK);
    nhref_spec_set_max_rows(spec, 20000);
    ck_assert_str_eq(nhref_spec_t_start(spec), grids[_i].t0);
    ck_assert_str_eq(nhref_spec_t_end(spec), grids[_i].te);
    ck_assert_str_eq(nhref_spec_dt_out(spec), grids[_i].dt);
    ck_grid(spec, grids[_i].t0, grids[_i].te, grids[_i].dt, grids[_i].n);
    /* the same grid for the double type (the times rounded to 53 bits by the run) */
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    ck_grid(spec, grids[_i].t0, grids[_i].te, grids[_i].dt, grids[_i].n);
    nhref_spec_free(spec);
}
END_TEST

/* "M e E" for a random mantissa of up to DIGITS digits and the exponent E */
static void rand_dec(char *buf, size_t len, gmp_randstate_t rs, unsigned digits, long e, int sign)
{
    mpz_t m, b;
    mpz_inits(m, b, NULL);
    mpz_ui_pow_ui(b, 10, digits);
    mpz_urandomm(m, rs, b);
    mpz_add_ui(m, m, 1);
    gmp_snprintf(buf, len, "%s%Zde%ld", sign < 0 ? "-" : "", m, e);
    mpz_clears(m, b, NULL);
}

/* random grids (seeded: NHREF_TEST_SEED): mantissas of 1 to 25 digits, exponents from
 * -40 to 10, at most 3000 rows */
START_TEST(test_grid_random)
{
    gmp_randstate_t rs;
    nhref_spec_t *spec = spec_of(SLEIGH);
    int done = 0;

    nhref_spec_set_max_rows(spec, 3000);
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    while (done < 150) {
        char t0[96], te[96], dt[96], span[96];
        long e0 = (long)gmp_urandomm_ui(rs, 51) - 40;
        long ed = e0 + (long)gmp_urandomm_ui(rs, 6) - 3;
        mpq_t a, b, d, q;
        mpz_t c;
        int ok;

        rand_dec(t0, sizeof t0, rs, 1 + (unsigned)gmp_urandomm_ui(rs, 25), e0,
                 gmp_urandomm_ui(rs, 2) ? 1 : -1);
        rand_dec(dt, sizeof dt, rs, 1 + (unsigned)gmp_urandomm_ui(rs, 6), ed, 1);
        rand_dec(span, sizeof span, rs, 1 + (unsigned)gmp_urandomm_ui(rs, 12),
                 ed + (long)gmp_urandomm_ui(rs, 4), 1);
        /* t-end = t-start + span, written exactly */
        mpq_inits(a, b, d, q, NULL);
        mpz_init(c);
        q_dec(a, t0);
        q_dec(b, span);
        mpq_add(b, a, b);
        {
            /* as a decimal with the smaller of the two exponents */
            long e = e0 < ed ? e0 : ed;
            mpz_t num, p;
            mpz_inits(num, p, NULL);
            mpz_ui_pow_ui(p, 10, (unsigned long)(e < 0 ? -e : e));
            if (e < 0)
                mpz_mul(num, mpq_numref(b), p);
            else
                mpz_set(num, mpq_numref(b));
            mpz_tdiv_q(num, num, mpq_denref(b));
            if (e >= 0)
                mpz_tdiv_q(num, num, p);
            gmp_snprintf(te, sizeof te, "%Zde%ld", num, e);
            mpz_clears(num, p, NULL);
        }
        q_dec(b, te);
        q_dec(d, dt);
        mpq_sub(q, b, a);
        ok = mpq_sgn(q) > 0;
        if (ok) {
            mpq_div(q, q, d);
            mpz_cdiv_q(c, mpq_numref(q), mpq_denref(q));
            ok = mpz_cmp_ui(c, 2999) <= 0;
        }
        mpq_clears(a, b, d, q, NULL);
        mpz_clear(c);
        if (!ok)
            continue;
        ck_assert_int_eq(nhref_spec_set_t_start(spec, t0), NHREF_OK);
        ck_assert_int_eq(nhref_spec_set_t_end(spec, te), NHREF_OK);
        ck_assert_int_eq(nhref_spec_set_dt_out(spec, dt), NHREF_OK);
        ck_grid(spec, t0, te, dt, 0);
        done++;
    }
    gmp_randclear(rs);
    nhref_spec_free(spec);
}
END_TEST

/* max_rows: a grid of exactly max_rows rows runs, one more is refused; the same for
 * explicit times */
START_TEST(test_grid_max_rows)
{
    static const char *const times[] = {"1", "2", "3", "4", "5"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "10"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1"), NHREF_OK);
    nhref_spec_set_max_rows(spec, 11);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 11);
    nhref_spec_set_max_rows(spec, 10);
    resolve_fails(spec, NHREF_EINVAL,
                  "t-end 10 / dt-out 1 gives 11 output rows, more than the limit of 10 output "
                  "rows (raise dt-out, lower t-end, or raise max-rows)",
                  (const char *)NULL);
    /* t-end not a multiple: 10.5 / 1 gives 12 rows */
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "10.5"), NHREF_OK);
    nhref_spec_set_max_rows(spec, 12);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 12);
    nhref_spec_set_max_rows(spec, 11);
    resolve_fails(spec, NHREF_EINVAL, "gives 12 output rows, more than the limit of 11",
                  (const char *)NULL);
    /* the default limit, 10^7 rows: 10^7 rows fit (t-end 9999999 / 1), 10^7 + 1 do not */
    nhref_spec_set_max_rows(spec, NHREF_SPEC_DEFAULT_MAX_ROWS);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "9999999"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 10000000);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "10000000"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "gives 10000001 output rows, more than the limit of 10000000",
                  (const char *)NULL);
    /* far too many: the count in floating point */
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1e-300"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "gives 1e+300 output rows", (const char *)NULL);
    /* explicit times */
    ck_assert_int_eq(nhref_spec_set_times(spec, 5, times), NHREF_OK);
    nhref_spec_set_max_rows(spec, 5);
    resolve_ok(spec);
    nhref_spec_set_max_rows(spec, 4);
    resolve_fails(spec, NHREF_EINVAL, "5 times, more than the limit of 4 rows", (const char *)NULL);
    nhref_spec_free(spec);
}
END_TEST

/* t-end after t-start, dt-out > 0 */
START_TEST(test_grid_refused)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "0"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "t-end = 0 is out of range (admissible range: T > 0)",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "-1e-30"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "t-end = -1e-30 is out of range", (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "2"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "2.0"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "t-end = 2.0 must be after t-start = 2", (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "2.000000000000000000000000000001"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 2);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "dt-out = 0 is out of range (admissible range: H > 0)",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "-0.5"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "dt-out = -0.5 is out of range", (const char *)NULL);
    /* beyond the working precision's bounds: refused by resolve, not by the setter (the
     * status: see test_resolve_range_status) */
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1e-400000000"), NHREF_OK);
    ck_assert_int_ne(nhref_spec_resolve(spec), NHREF_OK);
    ck_assert_msg_has(spec, "dt-out: '1e-400000000' is too small in magnitude");
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): t-end after t-start is decided at the working precision (resolve.c:resolve_grid
 * compares the MPFR values at iprec), not exactly like the rest of the grid: t-start 5,
 * t-end 5 + 10^-49, dt-out 10^-49 at 30 digits (132 bits, where both round to 5) is
 * refused with "t-end = 5.0...01 must be after t-start = 5", which is false -- it is
 * after -- while the same two times as explicit times are accepted.  Expected: the grid
 * of the exact decimals (2 rows, as the case reader's nhref_grid_init counts them), or a
 * message that says what is wrong (equal at the working precision). */
START_TEST(test_grid_t_end_after_exactly)
{
    static const char *const t2[] = {"5", "5.0000000000000000000000000000000000000000000000001"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, t2), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, t2[1]), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1e-49"), NHREF_OK);
    if (nhref_spec_resolve(spec) == NHREF_OK)
        ck_assert_uint_eq(nhref_spec_nrows(spec), 2);
    else
        ck_assert_msg(strstr(nhref_spec_error(spec), "must be after") == NULL,
                      "refused with a false statement: %s", nhref_spec_error(spec));
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): nhref_decimal_set (MPFR's mpfr_strtofr, base 10) accepts MPFR's exponent marker
 * '@' ("5@-1" is 0.5, "1@1" is 10), so the setters take these strings, but the grid's
 * exact reader (grid.c:nhref_dec_parse) knows only 'e'/'E' and ignores mpz_set_str's
 * failure: t-end "1@1" is refused with "t-end = 1@1 is out of range (admissible range:
 * T > 0)", and t-start "5@-1" silently gives the rows 0, 0.5, 1, ... (the initial state
 * placed at t = 0, every row shifted by -0.5).  Expected: either the setter refuses the
 * string (EPARSE) or the grid reads it as the number nhref_decimal_set reads. */
START_TEST(test_grid_mpfr_exponent)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    mpfr_t v;
    mpq_t q;
    int s;

    mpfr_init2(v, 64);
    mpq_init(q);
    ck_assert_int_eq(nhref_decimal_set(v, "5@-1"), NHREF_OK); /* the library reads 0.5 */
    ck_assert(mpfr_cmp_d(v, 0.5) == 0);
    s = nhref_spec_set_t_start(spec, "5@-1");
    if (s == NHREF_OK) {
        ck_assert_int_eq(nhref_spec_set_t_end(spec, "2"), NHREF_OK);
        ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.5"), NHREF_OK);
        resolve_ok(spec);
        ck_assert_uint_eq(nhref_spec_nrows(spec), 4); /* 0.5, 1, 1.5, 2 */
        mpq_set_ui(q, 1, 2);
        ck_point(spec, 0, q, "t-start 5@-1");
    } else {
        ck_assert_int_eq(s, NHREF_EPARSE);
    }
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    s = nhref_spec_set_t_end(spec, "1@1");
    if (s == NHREF_OK) {
        resolve_ok(spec);
        ck_assert_uint_eq(nhref_spec_nrows(spec), 11);
        mpq_set_ui(q, 10, 1);
        ck_point(spec, 10, q, "t-end 1@1");
    } else {
        ck_assert_int_eq(s, NHREF_EPARSE);
    }
    mpq_clear(q);
    mpfr_clear(v);
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): a zero written with a huge decimal exponent is a valid t-start (nhref_decimal_set
 * reads 0), but the grid aligns the mantissas with 10^|exponent| before anything else
 * (grid.c:align), and GMP aborts the process: "gmp: overflow in mpz type" (t-start
 * "0e99999999999999999999", "0e-100000000000"); library code must not end the process.
 * Expected: the grid of t-start 0 (the rows 0, 0.5, 1, 1.5, 2), or a refusal with a
 * status.  Run in a child process so that the abort fails only this test. */
START_TEST(test_grid_zero_huge_exponent)
{
    static const char *const zeros[] = {"0e99999999999999999999", "0e-99999999999999999999",
                                        "-0e-100000000000"};
    pid_t pid;
    int wst;

    fflush(NULL);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct rlimit rl = {(rlim_t)2 << 30, (rlim_t)2 << 30};
        int bad = 0;
        if (!UNDER_ASAN) /* a runaway allocation fails here instead of filling memory */
            setrlimit(RLIMIT_AS, &rl);
        for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++) {
            nhref_spec_t *spec = NULL;
            int s;
            if (nhref_spec_new(&spec, SLEIGH) != NHREF_OK ||
                nhref_spec_set_t_start(spec, zeros[i]) != NHREF_OK ||
                nhref_spec_set_t_end(spec, "2") != NHREF_OK ||
                nhref_spec_set_dt_out(spec, "0.5") != NHREF_OK)
                _exit(3);
            s = nhref_spec_resolve(spec);
            if (s == NHREF_OK && nhref_spec_nrows(spec) != 5)
                bad = 1;
            nhref_spec_free(spec);
        }
        _exit(bad ? 4 : 0);
    }
    ck_assert_int_eq(waitpid(pid, &wst, 0), pid);
    ck_assert_msg(WIFEXITED(wst),
                  "resolving t-start = 0 written with a huge exponent killed "
                  "the process (signal %d)",
                  WIFSIGNALED(wst) ? WTERMSIG(wst) : 0);
    ck_assert_int_eq(WEXITSTATUS(wst), 0);
}
END_TEST

/* ================================================================== explicit times */

static const struct {
    const char *t0;
    size_t n;
    const char *t[6];
    size_t broken; /* 1-based index of the time that breaks the order, or 0 */
    size_t first;  /* grid point of row 0: 0 if the first time is t-start */
} timelists[] = {
    {"0", 4, {"0", "0.5", "0.5", "2"}, 0, 0},
    {"0", 2, {"1", "2"}, 0, 1},
    {"0", 4, {"-1", "-2", "-2", "-3.5"}, 0, 1},
    {"0", 2, {"0", "0"}, 0, 0},
    {"1e-1", 2, {"0.1", "0.3"}, 0, 0}, /* t-start equal to the first time, written otherwise */
    {"0", 3, {"0", "0", "-1"}, 0, 0},  /* the direction set by the first time that moves */
    {"-2.5", 3, {"-2.5e0", "1e1", "1e1"}, 0, 0},
    {"5", 3, {"5", "6", "4"}, 3, 0},
    {"5", 2, {"4", "6"}, 2, 0},
    {"0", 3, {"1", "2", "1.5"}, 3, 0},
    {"0", 4, {"0", "1", "1", "0.99999999999999999999999"}, 4, 0},
    {"-2", 3, {"-3", "-3", "-2.5"}, 3, 0},
    {"0", 1, {"-1e-40"}, 0, 1},
};

START_TEST(test_times)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    size_t n = timelists[_i].n, first, size;
    mpq_t q;
    char want[256];

    ck_assert_int_eq(nhref_spec_set_t_start(spec, timelists[_i].t0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_times(spec, n, timelists[_i].t), NHREF_OK);
    ck_assert_ptr_null(nhref_spec_t_end(spec));
    ck_assert_ptr_null(nhref_spec_dt_out(spec));
    if (timelists[_i].broken) {
        snprintf(want, sizeof want, "times: time %zu (%s) breaks the order", timelists[_i].broken,
                 timelists[_i].t[timelists[_i].broken - 1]);
        resolve_fails(spec, NHREF_EINVAL, want, (const char *)NULL);
        ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, NULL), NHREF_OK);
        snprintf(want, sizeof want, "--times: time %zu (%s) breaks the order", timelists[_i].broken,
                 timelists[_i].t[timelists[_i].broken - 1]);
        resolve_fails(spec, NHREF_EINVAL, want, (const char *)NULL);
        nhref_spec_free(spec);
        return;
    }
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), n);
    size = nhref_spec_grid_size(spec, &first);
    ck_assert_uint_eq(first, timelists[_i].first);
    ck_assert_uint_eq(size, first + n);
    mpq_init(q);
    if (first == 1) { /* t-start is given to the integrator, not a row */
        q_dec(q, timelists[_i].t0);
        ck_point(spec, 0, q, "t-start");
    }
    for (size_t i = 0; i < n; i++) {
        char buf[128];
        nhref_spec_time_str(spec, i, buf, sizeof buf);
        ck_assert_str_eq(buf, timelists[_i].t[i]); /* as written */
        q_dec(q, timelists[_i].t[i]);
        ck_point(spec, first + i, q, "explicit time");
    }
    mpq_clear(q);
    nhref_spec_free(spec);
}
END_TEST

/* a run on explicit times: t-start equal to the first time is row 0 (once), else it is
 * not a row at all; in each type */
START_TEST(test_times_first_not_duplicated)
{
    static const char *const with0[] = {"0", "1", "2"}, *const without0[] = {"1", "2"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_sink_t sink;
    rec_t r;
    mpfr_t want;

    ck_assert_int_eq(nhref_spec_set_type(spec, types[_i]), NHREF_OK);

    for (int pass = 0; pass < 2; pass++) {
        const char *const *t = pass == 0 ? with0 : without0;
        size_t n = pass == 0 ? 3 : 2;
        ck_assert_int_eq(nhref_spec_set_times(spec, n, t), NHREF_OK);
        rec_init(&r);
        sink = rec_sink(&r);
        ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
        ck_assert_uint_eq(r.nrows, n);
        mpfr_init2(want, r.sp);
        for (size_t k = 0; k < n; k++) {
            ck_assert_uint_eq(r.index[k], k);
            mpfr_set_str(want, t[k], 10, MPFR_RNDN);
            ck_assert_mpfr_eq(REC(&r, k, 0), want);
        }
        if (pass == 0) /* row 0 is the initial state itself: omega = 1, the rest 0 */
            for (size_t j = 1; j <= 5; j++) {
                mpfr_set_str(want, j == 5 ? "1" : "0", 10, MPFR_RNDN);
                ck_assert_mpfr_eq(REC(&r, 0, j), want);
            }
        mpfr_clear(want);
        rec_clear(&r);
    }
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): nhref_run_end_t's stats count "rows delivered" (nhref_run.h), but with explicit
 * times that do not start at t-start, stats.nrows also counts t-start, which the
 * integrator is given and which is not a row (run/run.c passes the driver's count of
 * grid points on): times 1, 2 from t-start 0 deliver 2 rows and report 3.  It shows in
 * the files: the JSON Lines outcome says "rows":3 after 2 row objects (nhref run
 * --times 1,2 --format jsonl), and the CLI's "N of M rows written" after a blow-up.
 * Expected: stats.nrows = the rows the sink received. */
START_TEST(test_run_stats_rows_delivered)
{
    static const char *const t[] = {"1", "2"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_sink_t sink;
    nhref_run_end_t end;
    rec_t r;
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, t), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, &end), NHREF_OK);
    ck_assert_uint_eq(r.nrows, 2);
    ck_assert_uint_eq(r.end.stats.nrows, r.nrows);
    ck_assert_uint_eq(end.stats.nrows, r.nrows);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* t-end or dt-out drop explicit times, and times drop the grid */
START_TEST(test_times_and_grid_setters)
{
    static const char *const t[] = {"1", "2"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    const nhref_model_t *m = nhref_spec_model(spec);
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, t), NHREF_OK);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 2);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "3"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_t_end(spec), "3");
    ck_assert_str_eq(nhref_spec_dt_out(spec), m->default_dt_out);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 4);
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, t), NHREF_OK);
    ck_assert_ptr_null(nhref_spec_t_end(spec));
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "3"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 7);
    ck_assert_int_eq(nhref_spec_set_times(spec, 0, t), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, NULL), NHREF_EINVAL);
    ck_assert_str_eq(nhref_spec_t_end(spec), "3"); /* refused setters change nothing */
    resolve_ok(spec);
    ck_assert_uint_eq(nhref_spec_nrows(spec), 7);
    nhref_spec_free(spec);
}
END_TEST

/* nhref_run.h: "Setting t-end or dt-out drops explicit times and the other way round":
 * explicit times delete an earlier t-end and dt-out, so that t-end 3, then times, then
 * dt-out 0.5 gives the grid to the model's t-end 10 (21 rows), not to 3 (it once did). */
START_TEST(test_times_drop_grid)
{
    static const char *const t[] = {"1", "2"};
    nhref_spec_t *spec;
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "3"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_times(spec, 2, t), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.5"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_t_end(spec), nhref_spec_model(spec)->default_t_end);
    nhref_spec_free(spec);
}
END_TEST

/* ================================================================== nhref_run */

/* the ball X contains the rational Q */
static int ball_contains_q(arb_srcptr x, const mpq_t q)
{
    fmpq_t f;
    int in;
    fmpq_init(f);
    fmpq_set_mpq(f, q);
    in = arb_contains_fmpq(x, f);
    fmpq_clear(f);
    return in;
}

/* the sink protocol in each type: begin once with what the run is, rows 0 .. n-1 in
 * order at the grid times (each the exact time rounded to the type once; a proven row's
 * time a ball that contains it), end once with the outcome */
START_TEST(test_run_protocol)
{
    nhref_run_type_t type = types[_i];
    nhref_spec_t *spec = sleigh_pub2();
    nhref_sink_t sink;
    nhref_run_end_t end;
    rec_t r;
    mpq_t q;
    mpfr_t want;
    char order[16];

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "3"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, type), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    memset(&end, 0xff, sizeof end);
    ck_assert_int_eq(nhref_run(spec, &sink, &end), NHREF_OK);
    ck_assert_str_eq(r.order, "brrrrrrre");
    ck_assert_int_eq(r.bad_row, 0);
    /* begin */
    ck_assert_ptr_eq(r.info.spec, spec);
    ck_assert_int_eq(r.info.type, type);
    ck_assert_str_eq(r.info.scheme, "taylor");
    ck_assert_int_eq(r.info.prec, type == NHREF_RUN_DOUBLE ? 53 : want_prec(30));
    ck_assert(r.info.digits == (type == NHREF_RUN_DOUBLE ? 15 : 30));
    ck_assert_int_eq(r.info.print_digits, type == NHREF_RUN_DOUBLE ? 17 : 30);
    ck_assert_uint_eq(r.info.nrows, 7);
    ck_assert_uint_eq(r.info.nintegral, 4);
    /* Taylor order ceil(1.1513 D + 1): 36 at 30 digits */
    if (type == NHREF_RUN_MPFR)
        ck_assert_uint_eq(r.info.order, 36);
    /* rows */
    ck_assert_uint_eq(r.nrows, 7);
    mpq_init(q);
    mpfr_init2(want, r.sp);
    for (size_t k = 0; k < 7; k++) {
        ck_assert_uint_eq(r.index[k], k);
        mpq_set_ui(q, (unsigned long)k, 2); /* k / 2 */
        if (type == NHREF_RUN_PROVEN) {
            ck_assert(ball_contains_q(r.ball + k * r.ncol, q));
        } else {
            mpfr_set_prec(want, r.info.prec);
            mpfr_set_q(want, q, MPFR_RNDN);
            ck_assert_mpfr_eq(REC(&r, k, 0), want);
        }
        if (type == NHREF_RUN_DOUBLE) { /* read directly: the doubles of the row */
            mpfr_set_prec(want, 53);
            mpfr_set_q(want, q, MPFR_RNDN);
            ck_assert(r.raw[k * r.ncol] == mpfr_get_d(want, MPFR_RNDN));
            for (size_t j = 1; j <= 5; j++)
                ck_assert(r.raw[k * r.ncol + j] == mpfr_get_d(REC(&r, k, j), MPFR_RNDN));
        }
    }
    /* end, as the sink saw it and as the caller gets it */
    ck_assert_int_eq(r.end.status, NHREF_OK);
    ck_assert_int_eq(r.end.stats.outcome, NHREF_OUTCOME_REACHED);
    ck_assert_uint_eq(r.end.stats.nrows, 7);
    ck_assert_int_eq(r.have_stop, 0);
    ck_assert_ptr_null(r.end_event);
    ck_assert_int_eq(end.status, NHREF_OK);
    ck_assert_ptr_null(end.stop);
    ck_assert_ptr_null(end.event);
    ck_assert_int_eq(end.stats.outcome, NHREF_OUTCOME_REACHED);
    ck_assert_uint_eq(end.stats.nrows, 7);
    ck_assert_uint_eq(end.stats.nsteps, r.end.stats.nsteps);
    ck_assert_uint_gt(end.stats.nsteps, 0);
    rec_clear(&r);
    /* again, without integrals: rows of 1 + nstate columns */
    nhref_spec_set_integrals(spec, 0);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_uint_eq(r.info.nintegral, 0);
    ck_assert_uint_eq(r.ncol, 6);
    ck_assert_int_eq(r.bad_row, 0);
    ck_assert_uint_eq(r.nrows, 7);
    rec_clear(&r);
    /* no sink at all */
    memset(&end, 0, sizeof end);
    ck_assert_int_eq(nhref_run(spec, NULL, &end), NHREF_OK);
    ck_assert_uint_eq(end.stats.nrows, 7);
    ck_assert_int_eq(end.stats.outcome, NHREF_OUTCOME_REACHED);
    (void)order;
    mpfr_clear(want);
    mpq_clear(q);
    nhref_spec_free(spec);
}
END_TEST

/* the rows of an MPFR run of the sleigh (case PUB-2 of the spec, 40 digits) against the
 * closed form at each row's time, to 10^-37 max(1, |x|); the integrals against the
 * oracle's integrals of the row's state */
START_TEST(test_run_sleigh_oracle)
{
    const double digits = 40;
    nhref_spec_t *spec = sleigh_pub2();
    nhref_oracle_sleigh_t *o;
    nhref_sink_t sink;
    rec_t r;
    __mpfr_struct want[5], I[4], p[3];
    mpfr_prec_t wp;

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "7"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.25"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(spec, digits), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_uint_eq(r.nrows, 29);
    wp = r.info.prec + 64;
    o = oracle_of(spec, wp);
    for (int i = 0; i < 5; i++)
        mpfr_init2(want + i, wp);
    for (int i = 0; i < 4; i++)
        mpfr_init2(I + i, wp);
    for (int i = 0; i < 3; i++) {
        mpfr_init2(p + i, wp);
        mpfr_set_str(p + i, pub2_p[i], 10, MPFR_RNDN);
    }
    for (size_t k = 0; k < r.nrows; k++) {
        ck_assert_int_eq(nhref_oracle_sleigh_state(want, o, REC(&r, k, 0)), NHREF_OK);
        for (size_t j = 0; j < 5; j++)
            ck_assert_mpfr_digits(REC(&r, k, 1 + j), want + j, digits - 3, "1");
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(I, p, REC(&r, k, 1), REC(&r, k, 0)),
                         NHREF_OK);
        for (size_t j = 0; j < 4; j++)
            ck_assert_mpfr_digits(REC(&r, k, 6 + j), I + j, digits - 3, "1");
    }
    nhref_oracle_sleigh_free(o);
    for (int i = 0; i < 5; i++)
        mpfr_clear(want + i);
    for (int i = 0; i < 4; i++)
        mpfr_clear(I + i);
    for (int i = 0; i < 3; i++)
        mpfr_clear(p + i);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* a double run: rows of doubles, the same values as the closed form and as an MPFR run to
 * about 1e-13 */
START_TEST(test_run_double)
{
    nhref_spec_t *spec = sleigh_pub2(), *mp = NULL;
    nhref_oracle_sleigh_t *o;
    nhref_sink_t sink;
    rec_t r, rm;
    __mpfr_struct want[5];
    mpfr_t t;

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "7"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.25"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_copy(&mp, spec), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_int_eq(r.type, NHREF_RUN_DOUBLE);
    ck_assert_int_eq(r.bad_row, 0);
    rec_init(&rm);
    sink = rec_sink(&rm);
    ck_assert_int_eq(nhref_run(mp, &sink, NULL), NHREF_OK);
    ck_assert_uint_eq(r.nrows, 29);
    ck_assert_uint_eq(rm.nrows, 29);
    o = oracle_of(spec, 200);
    for (int i = 0; i < 5; i++)
        mpfr_init2(want + i, 200);
    mpfr_init2(t, 200);
    for (size_t k = 0; k < r.nrows; k++) {
        mpfr_set_d(t, r.raw[k * r.ncol], MPFR_RNDN); /* the row's own time */
        ck_assert_int_eq(nhref_oracle_sleigh_state(want, o, t), NHREF_OK);
        for (size_t j = 0; j < 5; j++) {
            mpfr_t got;
            mpfr_init2(got, 53);
            mpfr_set_d(got, r.raw[k * r.ncol + 1 + j], MPFR_RNDN);
            ck_assert_mpfr_digits(got, want + j, 13, "1");
            ck_assert_mpfr_digits(got, REC(&rm, k, 1 + j), 13, "1");
            mpfr_clear(got);
        }
    }
    for (int i = 0; i < 5; i++)
        mpfr_clear(want + i);
    mpfr_clear(t);
    nhref_oracle_sleigh_free(o);
    rec_clear(&r);
    rec_clear(&rm);
    nhref_spec_free(mp);
    nhref_spec_free(spec);
}
END_TEST

/* a proven run: every ball contains the closed form at the exact grid time and the row of
 * an MPFR run at 60 digits, and is small (radius below 1e-20 max(1, |x|)) */
START_TEST(test_run_proven)
{
    nhref_spec_t *spec = sleigh_pub2(), *mp = NULL;
    nhref_oracle_sleigh_t *o;
    nhref_sink_t sink;
    rec_t r, rm;
    __mpfr_struct want[5];
    mpfr_t t, rad;
    mpq_t q;

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "7"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.7"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_copy(&mp, spec), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(mp, 60), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_PROVEN), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_int_eq(r.type, NHREF_RUN_PROVEN);
    rec_init(&rm);
    sink = rec_sink(&rm);
    ck_assert_int_eq(nhref_run(mp, &sink, NULL), NHREF_OK);
    ck_assert_uint_eq(r.nrows, 11);
    ck_assert_uint_eq(rm.nrows, 11);
    o = oracle_of(spec, 300);
    for (int i = 0; i < 5; i++)
        mpfr_init2(want + i, 300);
    mpfr_inits2(300, t, rad, (mpfr_ptr)0);
    mpq_init(q);
    for (size_t k = 0; k < r.nrows; k++) {
        /* the exact grid time: 0.7 k, then 7 */
        mpq_set_ui(q, k + 1 < r.nrows ? 7 * (unsigned long)k : 70, 10);
        ck_assert(ball_contains_q(r.ball + k * r.ncol, q));
        mpfr_set_q(t, q, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_sleigh_state(want, o, t), NHREF_OK);
        for (size_t j = 0; j < 5; j++) {
            arb_srcptr b = r.ball + k * r.ncol + 1 + j;
            ck_assert_msg(arb_contains_mpfr(b, want + j), "row %zu, %s: the closed form is outside",
                          k, sleigh_x[j]);
            ck_assert_msg(arb_contains_mpfr(b, REC(&rm, k, 1 + j)),
                          "row %zu, %s: the 60-digit MPFR row is outside", k, sleigh_x[j]);
            arf_get_mpfr(rad, arb_midref(b), MPFR_RNDN);
            mpfr_abs(rad, rad, MPFR_RNDN);
            if (mpfr_cmp_ui(rad, 1) < 0)
                mpfr_set_ui(rad, 1, MPFR_RNDN);
            mpfr_mul_d(rad, rad, 1e-20, MPFR_RNDN);
            ck_assert_msg(mag_cmp_2exp_si(arb_radref(b), mpfr_get_exp(rad) - 1) < 0,
                          "row %zu, %s: radius too large", k, sleigh_x[j]);
        }
    }
    mpq_clear(q);
    for (int i = 0; i < 5; i++)
        mpfr_clear(want + i);
    mpfr_clears(t, rad, (mpfr_ptr)0);
    nhref_oracle_sleigh_free(o);
    rec_clear(&r);
    rec_clear(&rm);
    nhref_spec_free(mp);
    nhref_spec_free(spec);
}
END_TEST

/* a sink that returns nonzero from row stops the run: NHREF_EIO, no row after it, end
 * still called once with that status; in each type */
START_TEST(test_run_sink_stops)
{
    nhref_spec_t *spec = sleigh_pub2();
    nhref_sink_t sink;
    nhref_run_end_t end;
    rec_t r;

    ck_assert_int_eq(nhref_spec_set_type(spec, types[_i]), NHREF_OK);
    rec_init(&r);
    r.stop_at = 3;
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, &end), NHREF_EIO);
    ck_assert_str_eq(r.order, "brrrre");
    ck_assert_int_eq(r.end.status, NHREF_EIO);
    ck_assert_int_eq(r.end.stats.outcome, NHREF_OUTCOME_FAILED);
    ck_assert_int_eq(end.status, NHREF_EIO);
    rec_clear(&r);
    /* begin refuses: no rows, NHREF_EIO */
    rec_init(&r);
    r.begin_rc = -1;
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_EIO);
    ck_assert_int_eq(r.nrow_calls, 0);
    ck_assert_int_eq(r.nbegin, 1);
    rec_clear(&r);
    /* end refuses: every row delivered, then NHREF_EIO */
    rec_init(&r);
    r.end_rc = -1;
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_EIO);
    ck_assert_uint_eq(r.nrows, 11);
    ck_assert_int_eq(r.nend, 1);
    ck_assert_int_eq(r.end.status, NHREF_OK);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* a terminal event x + 5 (a --stop-when): outcome EVENT, the event named, the stop where
 * x = -5: both in the stop row and in the closed form at the stop time; the rows before
 * it all delivered */
START_TEST(test_run_stop_when)
{
    nhref_run_type_t type = types[_i];
    double tol = type == NHREF_RUN_DOUBLE ? 12 : 27;
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_oracle_sleigh_t *o;
    nhref_sink_t sink;
    nhref_run_end_t end;
    rec_t r;
    __mpfr_struct want[5];
    mpfr_t m5;

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "20"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, type), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x + 5", 1), NHREF_OK);
    ck_assert_uint_eq(nhref_spec_nevents(spec), 1);
    ck_assert_str_eq(nhref_spec_event_name(spec, 0), "x + 5");
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, &end), NHREF_OK);
    ck_assert_int_eq(end.stats.outcome, NHREF_OUTCOME_EVENT);
    ck_assert_int_eq(end.stats.event, 0);
    ck_assert_str_eq(end.event, "x + 5");
    ck_assert_ptr_null(end.stop);
    ck_assert_int_eq(r.have_stop, 1);
    ck_assert_int_eq(r.stop_index_off, 1);
    ck_assert_pstr_eq(r.end_event, "x + 5");
    /* the stop between the rows at t = 4 and t = 5 (the closed form: x(4) = -3.83,
     * x(5) < -5), the rows 0 .. 4 before it */
    ck_assert(mpfr_cmp_ui(r.stop_val, 4) > 0 && mpfr_cmp_ui(r.stop_val, 5) < 0);
    ck_assert_uint_eq(r.nrows, 5);
    ck_assert_uint_eq(end.stats.nrows, 5);
    for (size_t k = 0; k < 5; k++)
        ck_assert_uint_eq(r.index[k], k);
    mpfr_init2(m5, 64);
    mpfr_set_si(m5, -5, MPFR_RNDN);
    ck_assert_mpfr_digits(r.stop_val + 1, m5, tol, "1");
    o = oracle_of(spec, 200);
    for (int i = 0; i < 5; i++)
        mpfr_init2(want + i, 200);
    ck_assert_int_eq(nhref_oracle_sleigh_state(want, o, r.stop_val), NHREF_OK);
    ck_assert_mpfr_digits(want + 0, m5, tol, "1");
    for (size_t j = 1; j < 5; j++)
        ck_assert_mpfr_digits(r.stop_val + 1 + j, want + j, tol, "1");
    /* the crossing also reaches the event callback, with its name (not for proven) */
    if (type != NHREF_RUN_PROVEN) {
        ck_assert_int_eq(r.nevent, 1);
        ck_assert_uint_eq(r.ev_k[0], 0);
        ck_assert_str_eq(r.ev_name[0], "x + 5");
        ck_assert_mpfr_eq(&r.ev_val[0][0], r.stop_val);
    }
    for (int i = 0; i < 5; i++)
        mpfr_clear(want + i);
    mpfr_clear(m5);
    nhref_oracle_sleigh_free(o);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* recorded events: every crossing reaches the event callback with its index and name,
 * at a time where the closed form crosses; the run goes on to t-end */
START_TEST(test_run_recorded_events)
{
    nhref_run_type_t type = types[_i];
    double tol = type == NHREF_RUN_DOUBLE ? 12 : 27;
    static const char *const ev[2] = {"y - 1", "y + 1"};
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_oracle_sleigh_t *o;
    nhref_sink_t sink;
    rec_t r;
    __mpfr_struct want[5];
    mpfr_t c;
    int seen[2] = {0, 0};

    ck_assert_int_eq(nhref_spec_set_type(spec, type), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, ev[0], 0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, ev[1], 0), NHREF_OK);
    ck_assert_uint_eq(nhref_spec_nevents(spec), 2);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_int_eq(r.end.stats.outcome, NHREF_OUTCOME_REACHED);
    ck_assert_uint_eq(r.nrows, 11);
    ck_assert_int_eq(r.ev_index_off, 1);
    ck_assert_int_le(r.nevent, REC_MAXEV);
    o = oracle_of(spec, 200);
    for (int i = 0; i < 5; i++)
        mpfr_init2(want + i, 200);
    mpfr_init2(c, 64);
    for (int e = 0; e < r.nevent; e++) {
        size_t k = r.ev_k[e];
        ck_assert_uint_lt(k, 2);
        ck_assert_str_eq(r.ev_name[e], ev[k]);
        seen[k]++;
        mpfr_set_si(c, k == 0 ? 1 : -1, MPFR_RNDN);
        ck_assert_mpfr_digits(&r.ev_val[e][2], c, tol, "1");
        ck_assert_int_eq(nhref_oracle_sleigh_state(want, o, &r.ev_val[e][0]), NHREF_OK);
        ck_assert_mpfr_digits(want + 1, c, tol, "1");
    }
    /* the closed form: y rises through 1 before t = 1, falls through -1 before t = 6 */
    ck_assert_int_ge(seen[0], 1);
    ck_assert_int_ge(seen[1], 1);
    for (int i = 0; i < 5; i++)
        mpfr_clear(want + i);
    mpfr_clear(c);
    nhref_oracle_sleigh_free(o);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* ------------------------------------------------------------------ rows as text */

/* a sink that checks nhref_row_format, nhref_row_fprint and nhref_row_get_d on every row
 * (in the callback: a row is valid only there) and counts what did not match */
typedef struct {
    int digits;
    size_t rows, bad_text, bad_d, bad_len, bad_ball, bad_range;
    char first_bad[512];
} fmt_check_t;

static int fc_begin(void *self, const nhref_run_info_t *info)
{
    fmt_check_t *c = self;
    c->digits = info->print_digits;
    return 0;
}

static void fc_bad(fmt_check_t *c, size_t *count, const char *what, const char *got,
                   const char *want)
{
    if ((*count)++ == 0 && c->first_bad[0] == '\0')
        snprintf(c->first_bad, sizeof c->first_bad, "%s: got '%.200s', want '%.200s'", what, got,
                 want);
}

static int fc_row(void *self, const nhref_row_t *row)
{
    fmt_check_t *c = self;
    size_t ncol = 1 + row->nstate + row->nintegral;
    char got[512], want[512], tiny[4];
    mpfr_t v;
    mpfr_init2(v, 4096);
    for (size_t j = 0; j < ncol; j++) {
        size_t n = nhref_row_format(got, sizeof got, row, j, c->digits);
        nhref_row_get_mpfr(v, row, j); /* a ball: its midpoint */
        if (row->type == NHREF_RUN_PROVEN) {
            /* "MID,RAD": [MID - RAD, MID + RAD] contains the ball */
            arb_srcptr b =
                (j == 0             ? (arb_srcptr)row->t
                 : j <= row->nstate ? (arb_srcptr)row->x + (j - 1)
                                    : (arb_srcptr)row->integrals + (j - 1 - row->nstate));
            char *comma = strchr(got, ',');
            arb_t mid, rad;
            arb_init(mid);
            arb_init(rad);
            if (comma == NULL || !arb_is_finite(b)) {
                if (arb_is_finite(b))
                    fc_bad(c, &c->bad_ball, "ball text", got, "MID,RAD");
            } else {
                *comma = '\0';
                if (arb_set_str(mid, got, 4096) != 0 || arb_set_str(rad, comma + 1, 4096) != 0)
                    fc_bad(c, &c->bad_ball, "ball text", got, "two decimals");
                arb_add_error(mid, rad);
                if (!arb_contains(mid, b))
                    fc_bad(c, &c->bad_ball, "ball text (does not contain the ball)", got, "");
                *comma = ',';
            }
            arb_clear(mid);
            arb_clear(rad);
        } else {
            /* MPFR and double: d.ddd...e+XX with DIGITS significant digits, correctly
             * rounded (MPFR's %Re of the exact value), nan / inf / -inf */
            if (mpfr_nan_p(v))
                snprintf(want, sizeof want, "nan");
            else if (mpfr_inf_p(v))
                snprintf(want, sizeof want, mpfr_sgn(v) > 0 ? "inf" : "-inf");
            else
                mpfr_snprintf(want, sizeof want, "%.*Re", c->digits - 1, v);
            if (strcmp(got, want) != 0)
                fc_bad(c, &c->bad_text, "text", got, want);
        }
        if (n != strlen(got) || nhref_row_format(tiny, sizeof tiny, row, j, c->digits) != n ||
            strlen(tiny) != 3 || strncmp(tiny, got, 3) != 0)
            fc_bad(c, &c->bad_len, "length", got, "as snprintf");
        if (!(nhref_row_get_d(row, j) == mpfr_get_d(v, MPFR_RNDN) ||
              (isnan(nhref_row_get_d(row, j)) && mpfr_nan_p(v))))
            fc_bad(c, &c->bad_d, "get_d", got, "the double nearest");
    }
    /* beyond the last column: nothing */
    snprintf(got, sizeof got, "x");
    if (nhref_row_format(got, sizeof got, row, ncol, c->digits) != 0 || got[0] != '\0' ||
        !isnan(nhref_row_get_d(row, ncol)))
        fc_bad(c, &c->bad_range, "column out of range", got, "");
    nhref_row_get_mpfr(v, row, ncol);
    if (!mpfr_nan_p(v))
        fc_bad(c, &c->bad_range, "get_mpfr out of range", "a number", "nan");
    mpfr_clear(v);
    c->rows++;
    return 0;
}

/* the text of each value: what the formats print (nhref_row_format), in each type */
START_TEST(test_row_format)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    fmt_check_t c;
    nhref_sink_t sink = {&c, fc_begin, fc_row, NULL, NULL, NULL};
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(nhref_spec_set_init(spec, "omega", "0"), NHREF_OK); /* t0 = NaN */
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "-3.25"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, types[_i]), NHREF_OK);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_OK);
    ck_assert_uint_eq(c.rows, 11);
    ck_assert_msg(c.bad_text + c.bad_d + c.bad_len + c.bad_ball + c.bad_range == 0,
                  "%zu text, %zu get_d, %zu length, %zu ball, %zu range mismatches; first: %s",
                  c.bad_text, c.bad_d, c.bad_len, c.bad_ball, c.bad_range, c.first_bad);
    nhref_spec_free(spec);
}
END_TEST

/* progress: FN(ARG, fraction) after every step, fractions in [0, 1], never decreasing,
 * the last one 1 when the run reaches t-end */
typedef struct {
    size_t calls;
    double last;
    int bad;
} progress_t;

static void on_progress(void *arg, double f)
{
    progress_t *p = arg;
    if (!(f >= 0 && f <= 1) || f < p->last)
        p->bad = 1;
    p->last = f;
    p->calls++;
}

START_TEST(test_run_progress)
{
    nhref_spec_t *spec = sleigh_pub2();
    progress_t pr = {0, 0, 0};
    nhref_run_end_t end;
    ck_assert_int_eq(nhref_spec_set_type(spec, types[_i]), NHREF_OK);
    nhref_spec_set_progress(spec, on_progress, &pr);
    ck_assert_int_eq(nhref_run(spec, NULL, &end), NHREF_OK);
    ck_assert_int_eq(pr.bad, 0);
    ck_assert_uint_gt(pr.calls, 0);
    ck_assert_uint_eq(pr.calls, end.stats.nsteps);
    ck_assert(pr.last == 1);
    nhref_spec_free(spec);
}
END_TEST

/* a failed integration (too many steps): end still called once, outcome FAILED, the
 * status, the state where it stopped (after the last row delivered) */
START_TEST(test_run_max_steps)
{
    nhref_spec_t *spec = sleigh_pub2();
    nhref_sink_t sink;
    nhref_run_end_t end;
    rec_t r;
    int status;
    ck_assert_int_eq(nhref_spec_set_type(spec, types[_i]), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "7"), NHREF_OK);
    nhref_spec_set_max_steps(spec, 5);
    rec_init(&r);
    sink = rec_sink(&r);
    status = nhref_run(spec, &sink, &end);
    ck_assert_int_eq(status, NHREF_EMAXSTEPS);
    ck_assert_str_eq(r.order + strlen(r.order) - 1, "e");
    ck_assert_int_eq(r.nend, 1);
    ck_assert_int_eq(r.end.status, NHREF_EMAXSTEPS);
    ck_assert_int_eq(r.end.stats.outcome, NHREF_OUTCOME_FAILED);
    ck_assert_uint_eq(r.end.stats.nsteps, 5);
    ck_assert_uint_lt(r.nrows, 8);
    ck_assert_uint_eq(r.end.stats.nrows, r.nrows);
    ck_assert_int_eq(r.have_stop, 1);
    ck_assert_int_eq(r.stop_index_off, 1);
    if (r.nrows > 0) /* stopped after the last row delivered */
        ck_assert(mpfr_cmp(r.stop_val, REC(&r, r.nrows - 1, 0)) >= 0);
    ck_assert_ptr_null(end.stop);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* a finite-time blow-up (tests/hostile.sh section 9: the MPFR path sees one at about
 * 3e-29 s): NHREF_EBLOWUP, outcome BLOWUP, the row at t-start delivered, the stop row
 * between it and the estimated blow-up time */
START_TEST(test_run_blowup)
{
    nhref_spec_t *spec = spec_of("suslov_servo");
    nhref_sink_t sink;
    rec_t r;
    ck_assert_int_eq(nhref_spec_set_param(spec, "b1", "2.91"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "b2", "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "b3", "0.37500000000000000000000000001"), NHREF_OK);
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), NHREF_EBLOWUP);
    ck_assert_int_eq(r.nend, 1);
    ck_assert_int_eq(r.end.status, NHREF_EBLOWUP);
    ck_assert_int_eq(r.end.stats.outcome, NHREF_OUTCOME_BLOWUP);
    ck_assert_uint_eq(r.nrows, 1);
    ck_assert_uint_eq(r.index[0], 0);
    ck_assert(mpfr_zero_p(REC(&r, 0, 0)));
    ck_assert_int_eq(r.have_stop, 1);
    ck_assert(mpfr_sgn(r.stop_val) > 0);
    ck_assert(isfinite(r.end.stats.t_blowup) && r.end.stats.t_blowup > 0 &&
              r.end.stats.t_blowup < 1e-20);
    ck_assert(mpfr_cmp_d(r.stop_val, r.end.stats.t_blowup) <= 0);
    rec_clear(&r);
    nhref_spec_free(spec);
}
END_TEST

/* scheme options: one of each name, replaced when set again, reset with the scheme */
START_TEST(test_scheme_options)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "order", 20), NHREF_OK);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "order=20");
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "order", 25), NHREF_OK);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "order=25");
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "order", 1), NHREF_EINVAL);
    ck_assert_msg_has(spec, "order");
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "stages", 4), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, NULL, 4), NHREF_EINVAL);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "order=25");
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "");
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "stages", 4), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "stages", 5), NHREF_OK);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "stages=5");
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_scheme_options(spec), "");
    nhref_spec_free(spec);
}
END_TEST

/* ================================================================== formats */

static char tmpdir[64];

static void tmp_setup(void)
{
    strcpy(tmpdir, "/tmp/ck_run.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void tmp_teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (tmpdir[0] != '\0' && system(cmd) != 0)
        fprintf(stderr, "check_run: could not remove %s\n", tmpdir);
}

/* run SPEC through the format FMT into the file NAME of the temporary directory */
static int run_to_file(nhref_spec_t *spec, const char *fmt, const char *name, char *path,
                       nhref_run_end_t *end)
{
    const nhref_format_t *f = nhref_format_find(fmt);
    nhref_outfile_t *of = NULL;
    nhref_sink_t sink = {0};
    int status;
    ck_assert_ptr_nonnull(f);
    ck_assert_str_eq(f->name, fmt);
    snprintf(path, 512, "%s/%s", tmpdir, name);
    ck_assert_int_eq(nhref_outfile_open(&of, path), NHREF_OK);
    ck_assert_int_eq(f->open(&sink, of), NHREF_OK);
    status = nhref_run(spec, &sink, end);
    nhref_sink_free(&sink);
    ck_assert_ptr_null(sink.self);
    ck_assert_int_eq(nhref_outfile_commit(of), NHREF_OK);
    return status;
}

/* the lines of the file PATH (without their '\n'); *N lines; the file ends with '\n' */
static char **read_lines(const char *path, size_t *n)
{
    FILE *f = fopen(path, "r");
    char **lines = NULL, *line = NULL;
    size_t cap = 0, len = 0;
    ssize_t got;
    int last_nl = 1;
    ck_assert_ptr_nonnull(f);
    *n = 0;
    while ((got = getline(&line, &cap, f)) > 0) {
        last_nl = line[got - 1] == '\n';
        if (last_nl)
            line[got - 1] = '\0';
        lines = realloc(lines, (*n + 1) * sizeof *lines);
        lines[(*n)++] = strdup(line);
        len += (size_t)got;
    }
    free(line);
    fclose(f);
    ck_assert_msg(last_nl, "%s: the last line has no newline", path);
    ck_assert_uint_gt(len, 0);
    return lines;
}

static void free_lines(char **lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

/* the cells of a CSV line (split at commas, in place) */
static size_t split(char *line, char **cell, size_t max)
{
    size_t n = 0;
    char *p = line;
    while (n < max) {
        cell[n++] = p;
        p = strchr(p, ',');
        if (p == NULL)
            break;
        *p++ = '\0';
    }
    return n;
}

/* the index of the line equal to WANT (or starting with it if PREFIX), or -1 */
static long find_line(char **lines, size_t n, const char *want, int prefix)
{
    for (size_t i = 0; i < n; i++)
        if (prefix ? strncmp(lines[i], want, strlen(want)) == 0 : strcmp(lines[i], want) == 0)
            return (long)i;
    return -1;
}

/* the header row a trajectory of M with these columns has, by the test: t, the state,
 * the integrals; with balls every name followed by NAME_rad */
static void header_of(char *buf, size_t len, const nhref_model_t *m, int balls)
{
    buf[0] = '\0';
    for (size_t k = 0; k < 1 + m->nstate + m->nintegral; k++) {
        const char *nm = k == 0           ? "t"
                         : k <= m->nstate ? m->state[k - 1].name
                                          : m->integral[k - 1 - m->nstate].name;
        size_t u = strlen(buf);
        snprintf(buf + u, len - u, balls ? "%s%s,%s_rad" : "%s%s", k ? "," : "", nm, nm);
    }
}

/* the trajectory CSV: header row, metadata, rows, outcome, sha256 (nettle's, of the lines
 * not starting with '#', and nhref_file_data_sha256's) */
START_TEST(test_csv_file)
{
    const nhref_model_t *m = nhref_model_find(SLEIGH);
    nhref_spec_t *spec = sleigh_pub2();
    nhref_oracle_sleigh_t *o;
    nhref_run_end_t end;
    char path[512], want[1024], hex[65], claimed[65], mine[65];
    char **lines, *cell[32];
    size_t n, ndata = 0;
    long hdr_meta;
    struct sha256_ctx ctx;
    uint8_t dg[SHA256_DIGEST_SIZE];
    __mpfr_struct st[5], I[4], p[3];
    mpfr_t v;
    mpq_t q, qt;

    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "1.50"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "3"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1"), NHREF_OK);
    ck_assert_int_eq(run_to_file(spec, "csv", "t.csv", path, &end), NHREF_OK);
    lines = read_lines(path, &n);

    header_of(want, sizeof want, m, 0);
    ck_assert_str_eq(lines[0], want);
    ck_assert_str_eq(lines[0], "t,x,y,phi,v,omega,E,P1,P2,t0");
    /* metadata: as written */
    ck_assert_int_ge(find_line(lines, n, "# model: chaplygin_sleigh", 0), 1);
    for (size_t i = 0; i < m->nparam; i++) {
        snprintf(want, sizeof want, "# param: %s = %s [%s]", m->param[i].name,
                 i == 0 ? "1.50" : pub2_p[i], m->param[i].unit);
        ck_assert_msg(find_line(lines, n, want, 0) > 0, "no line '%s'", want);
    }
    for (size_t i = 0; i < m->nstate; i++) {
        snprintf(want, sizeof want, "# init: %s = %s [%s]", m->state[i].name, pub2_x[i],
                 m->state[i].unit);
        ck_assert_msg(find_line(lines, n, want, 0) > 0, "no line '%s'", want);
    }
    ck_assert_int_gt(find_line(lines, n, "# t-start: 0", 0), 0);
    ck_assert_int_gt(find_line(lines, n, "# t-end: 3", 0), 0);
    ck_assert_int_gt(find_line(lines, n, "# dt-out: 1", 0), 0);
    snprintf(want, sizeof want, "# precision: %ld bits", want_prec(30));
    ck_assert_int_gt(find_line(lines, n, want, 0), 0);
    ck_assert_int_gt(find_line(lines, n, "# tolerance: 1e-30 ", 1), 0);
    ck_assert_int_gt(find_line(lines, n, "# outcome: ", 1), 0);
    ck_assert_ptr_nonnull(strstr(lines[find_line(lines, n, "# outcome: ", 1)], "reached"));
    hdr_meta = find_line(lines, n, "# units: ", 1);
    ck_assert_int_gt(hdr_meta, 0);
    /* the rows: after the metadata, before the outcome; t exact, the state and the
     * integrals to 27 digits of the closed form */
    o = oracle_of(spec, 200);
    for (int i = 0; i < 5; i++)
        mpfr_init2(st + i, 200);
    for (int i = 0; i < 4; i++)
        mpfr_init2(I + i, 200);
    for (int i = 0; i < 3; i++) {
        mpfr_init2(p + i, 200);
        mpfr_set_str(p + i, nhref_spec_param_str(spec, (size_t)i), 10, MPFR_RNDN);
    }
    mpfr_init2(v, 200);
    mpq_inits(q, qt, NULL);
    sha256_init(&ctx);
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] == '#')
            continue;
        sha256_update(&ctx, strlen(lines[i]), (const uint8_t *)lines[i]);
        sha256_update(&ctx, 1, (const uint8_t *)"\n");
        if (i == 0)
            continue;
        ck_assert_int_gt((long)i, hdr_meta);
        ck_assert_uint_eq(split(lines[i], cell, 32), 10);
        q_dec(q, cell[0]);
        mpq_set_ui(qt, (unsigned long)ndata, 1);
        ck_assert(mpq_equal(q, qt));
        mpfr_set_q(v, q, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_sleigh_state(st, o, v), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(I, p, st, v), NHREF_OK);
        for (size_t j = 0; j < 9; j++) {
            ck_assert_int_eq(mpfr_set_str(v, cell[1 + j], 10, MPFR_RNDN), 0);
            ck_assert_mpfr_digits(v, j < 5 ? st + j : I + j - 5, 27, "1");
        }
        ndata++;
    }
    ck_assert_uint_eq(ndata, 4);
    sha256_digest(&ctx, sizeof dg, dg);
    for (size_t i = 0; i < sizeof dg; i++)
        snprintf(mine + 2 * i, 3, "%02x", dg[i]);
    /* the checksum line: last; the same digest three ways */
    ck_assert_int_eq(find_line(lines, n, "# sha256: ", 1), (long)n - 1);
    ck_assert_int_eq(nhref_file_data_sha256(path, hex, claimed), NHREF_OK);
    ck_assert_str_eq(hex, mine);
    ck_assert_str_eq(claimed, mine);
    ck_assert_int_eq(strncmp(lines[n - 1] + strlen("# sha256: "), mine, 64), 0);

    mpq_clears(q, qt, NULL);
    mpfr_clear(v);
    for (int i = 0; i < 5; i++)
        mpfr_clear(st + i);
    for (int i = 0; i < 4; i++)
        mpfr_clear(I + i);
    for (int i = 0; i < 3; i++)
        mpfr_clear(p + i);
    nhref_oracle_sleigh_free(o);
    free_lines(lines, n);
    nhref_spec_free(spec);
}
END_TEST

/* JSON Lines against the CSV of the same run, in each type: every line parses; the first
 * says what was run; each row object has "t" and the columns (and their radii for
 * balls) as numbers equal to the CSV's cells, null where the CSV says nan; the last says
 * the outcome.  The sleigh with omega = 0 has t0 = NaN in every row. */
START_TEST(test_jsonl_file)
{
    nhref_run_type_t type = types[_i];
    static const char *const tname[] = {"mpfr", "double", "proven"};
    const nhref_model_t *m = nhref_model_find(SLEIGH);
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_run_end_t end;
    char cpath[512], jpath[512], hdr[1024], *hcell[64], *cell[64];
    char **cl, **jl;
    size_t nc, nj, nh, row = 0, nnull = 0;
    json_error_t err;
    json_t *j, *x;

    ck_assert_int_eq(nhref_spec_set_init(spec, "omega", "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_init(spec, "v", "1.5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "2"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "0.5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_type(spec, type), NHREF_OK);
    ck_assert_int_eq(run_to_file(spec, "csv", "t.csv", cpath, &end), NHREF_OK);
    ck_assert_int_eq(run_to_file(spec, "jsonl", "t.jsonl", jpath, &end), NHREF_OK);
    cl = read_lines(cpath, &nc);
    jl = read_lines(jpath, &nj);
    header_of(hdr, sizeof hdr, m, type == NHREF_RUN_PROVEN);
    ck_assert_str_eq(cl[0], hdr);
    nh = split(cl[0], hcell, 64);
    ck_assert_uint_eq(nj, 1 + 5 + 1); /* what, 5 rows, the outcome */

    /* what was run */
    j = json_loads(jl[0], 0, &err);
    ck_assert_msg(j != NULL, "line 1: %s", err.text);
    ck_assert_str_eq(json_string_value(json_object_get(j, "format")), "nhref-trajectory-jsonl 1");
    ck_assert_str_eq(json_string_value(json_object_get(j, "model")), SLEIGH);
    ck_assert_str_eq(json_string_value(json_object_get(j, "type")), tname[type]);
    ck_assert_str_eq(json_string_value(json_object_get(j, "scheme")), "taylor");
    ck_assert_str_eq(json_string_value(json_object_get(j, "t_start")), "0");
    ck_assert_str_eq(json_string_value(json_object_get(j, "t_end")), "2");
    ck_assert_str_eq(json_string_value(json_object_get(j, "dt_out")), "0.5");
    ck_assert_int_eq(json_integer_value(json_object_get(j, "rows")), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(j, "precision")),
                     type == NHREF_RUN_DOUBLE ? 53 : want_prec(30));
    ck_assert_int_eq(json_integer_value(json_object_get(j, "digits_printed")),
                     type == NHREF_RUN_DOUBLE ? 17 : 30);
    x = json_object_get(j, "params");
    for (size_t i = 0; i < m->nparam; i++)
        ck_assert_str_eq(json_string_value(json_object_get(x, m->param[i].name)),
                         m->param[i].default_value);
    x = json_object_get(j, "init");
    ck_assert_str_eq(json_string_value(json_object_get(x, "omega")), "0");
    ck_assert_str_eq(json_string_value(json_object_get(x, "v")), "1.5");
    x = json_object_get(j, "columns");
    ck_assert_uint_eq(json_array_size(x), 1 + m->nstate + m->nintegral);
    for (size_t k = 0; k < json_array_size(x); k++)
        ck_assert_str_eq(json_string_value(json_array_get(x, k)),
                         hcell[type == NHREF_RUN_PROVEN ? 2 * k : k]);
    json_decref(j);

    /* the rows, against the CSV's data lines */
    for (size_t i = 1; i < nc; i++) {
        size_t ncell;
        if (cl[i][0] == '#')
            continue;
        ck_assert_uint_lt(1 + row, nj);
        j = json_loads(jl[1 + row], 0, &err);
        ck_assert_msg(j != NULL, "line %zu: %s", 2 + row, err.text);
        ck_assert_uint_eq(json_object_size(j), nh);
        ncell = split(cl[i], cell, 64);
        ck_assert_uint_eq(ncell, nh);
        for (size_t k = 0; k < nh; k++) {
            json_t *e = json_object_get(j, hcell[k]);
            ck_assert_msg(e != NULL, "row %zu: no key '%s'", row, hcell[k]);
            if (strcmp(cell[k], "nan") == 0 || strstr(cell[k], "inf") != NULL) {
                ck_assert_msg(json_is_null(e), "row %zu, %s: '%s' is not null", row, hcell[k],
                              cell[k]);
                nnull++;
            } else {
                ck_assert_msg(json_is_number(e), "row %zu, %s: not a number", row, hcell[k]);
                ck_assert_msg(json_number_value(e) == strtod(cell[k], NULL),
                              "row %zu, %s: %.17g, the CSV says %s", row, hcell[k],
                              json_number_value(e), cell[k]);
            }
        }
        json_decref(j);
        row++;
    }
    ck_assert_uint_eq(row, 5);
    /* t0 = NaN in every row (omega = 0); proven: its radius too */
    ck_assert_uint_eq(nnull, type == NHREF_RUN_PROVEN ? 10 : 5);

    /* the outcome */
    j = json_loads(jl[nj - 1], 0, &err);
    ck_assert_msg(j != NULL, "last line: %s", err.text);
    ck_assert_str_eq(json_string_value(json_object_get(j, "outcome")),
                     nhref_outcome_str(NHREF_OUTCOME_REACHED));
    ck_assert_str_eq(json_string_value(json_object_get(j, "status")), nhref_status_name(NHREF_OK));
    ck_assert_int_eq(json_integer_value(json_object_get(j, "rows")), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(j, "steps")), (json_int_t)end.stats.nsteps);
    json_decref(j);
    free_lines(cl, nc);
    free_lines(jl, nj);
    nhref_spec_free(spec);
}
END_TEST

START_TEST(test_format_registry)
{
    ck_assert_uint_ge(nhref_format_count(), 2);
    ck_assert_str_eq(nhref_format_get(0)->name, "csv");
    ck_assert_ptr_eq(nhref_format_find("csv"), nhref_format_get(0));
    ck_assert_ptr_nonnull(nhref_format_find("jsonl"));
    ck_assert_ptr_null(nhref_format_find("xml"));
    ck_assert_ptr_null(nhref_format_find(NULL));
    ck_assert_ptr_null(nhref_format_get(nhref_format_count()));
    for (size_t i = 0; i < nhref_format_count(); i++) {
        ck_assert_ptr_nonnull(nhref_format_get(i)->open);
        ck_assert_ptr_nonnull(nhref_format_get(i)->description);
    }
}
END_TEST

/* a run stopped by an event, in both formats: the CSV's last data row is the stop
 * (the outcome line names the event and its time, an event line follows, the checksum
 * still holds); JSON Lines has an event object, the stop row, the outcome with the
 * event's name */
/* The extra metadata line (nhref_spec_set_meta, what nhref sweep records): "# KEY: VALUE"
 * right after the CSV's first '#' line, a field of the JSON Lines' first object, kept by a
 * copy of the spec; a key the sinks write themselves, a malformed key and a value of two
 * lines are refused and change nothing; NULL removes it. */
START_TEST(test_spec_meta)
{
    nhref_spec_t *spec = spec_of(SLEIGH), *copy;
    nhref_run_end_t end;
    char path[512];
    char **l;
    size_t n, i;
    const char *v;
    json_error_t err;
    json_t *j;

    ck_assert_ptr_null(nhref_spec_meta(spec, &v));
    ck_assert_int_eq(nhref_spec_set_meta(spec, "model", "x"), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "sha256", "x"), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "Sweep", "x"), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "", "x"), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "sweep", "a\nb"), NHREF_EINVAL);
    ck_assert_ptr_null(nhref_spec_meta(spec, &v));
    ck_assert_int_eq(nhref_spec_set_meta(spec, "sweep", "first"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "sweep", "abc (provenance)"), NHREF_OK);
    ck_assert_str_eq(nhref_spec_meta(spec, &v), "sweep");
    ck_assert_str_eq(v, "abc (provenance)");
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_copy(&copy, spec), NHREF_OK);
    ck_assert_int_eq(run_to_file(copy, "csv", "m.csv", path, &end), NHREF_OK);
    l = read_lines(path, &n);
    for (i = 0; i < n && l[i][0] != '#'; i++)
        ;
    ck_assert_uint_lt(i + 1, n);
    ck_assert_str_eq(l[i], "# nhref trajectory");
    ck_assert_str_eq(l[i + 1], "# sweep: abc (provenance)");
    free_lines(l, n);
    ck_assert_int_eq(run_to_file(copy, "jsonl", "m.jsonl", path, &end), NHREF_OK);
    l = read_lines(path, &n);
    j = json_loads(l[0], 0, &err);
    ck_assert_ptr_nonnull(j);
    ck_assert_str_eq(json_string_value(json_object_get(j, "sweep")), "abc (provenance)");
    json_decref(j);
    free_lines(l, n);
    ck_assert_int_eq(nhref_spec_set_meta(spec, "sweep", NULL), NHREF_OK);
    ck_assert_ptr_null(nhref_spec_meta(spec, &v));
    nhref_spec_free(copy);
    nhref_spec_free(spec);
}
END_TEST

START_TEST(test_formats_event_stop)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    nhref_run_end_t end;
    char path[512], hex[65], claimed[65], **lines, *cell[32], tstop[128], want[256];
    size_t n, ndata = 0;
    long last_data = -1, out;
    json_error_t err;
    json_t *j;

    ck_assert_int_eq(nhref_spec_set_t_end(spec, "20"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x + 5", 1), NHREF_OK);
    ck_assert_int_eq(run_to_file(spec, "csv", "e.csv", path, &end), NHREF_OK);
    ck_assert_int_eq(end.stats.outcome, NHREF_OUTCOME_EVENT);
    lines = read_lines(path, &n);
    for (size_t i = 1; i < n; i++)
        if (lines[i][0] != '#') {
            ndata++;
            last_data = (long)i;
        }
    ck_assert_uint_eq(ndata, 6); /* t = 0 .. 4, then the stop */
    ck_assert_uint_eq(split(lines[last_data], cell, 32), 10);
    snprintf(tstop, sizeof tstop, "%s", cell[0]);
    ck_assert(strtod(tstop, NULL) > 4 && strtod(tstop, NULL) < 5);
    ck_assert(fabs(strtod(cell[1], NULL) + 5) < 1e-25);
    out = find_line(lines, n, "# outcome: ", 1);
    ck_assert_int_gt(out, last_data);
    snprintf(want, sizeof want, "# outcome: stopped by the event 'x + 5' at t = %s", tstop);
    ck_assert_msg(strncmp(lines[out], want, strlen(want)) == 0, "'%s'", lines[out]);
    snprintf(want, sizeof want, "# event: x + 5 at t = %s", tstop);
    ck_assert_int_gt(find_line(lines, n, want, 0), out);
    ck_assert_int_eq(nhref_file_data_sha256(path, hex, claimed), NHREF_OK);
    ck_assert_str_eq(hex, claimed);
    free_lines(lines, n);

    ck_assert_int_eq(run_to_file(spec, "jsonl", "e.jsonl", path, &end), NHREF_OK);
    lines = read_lines(path, &n);
    ck_assert_uint_eq(n, 1 + 5 + 1 + 1 + 1); /* what, 5 rows, the event, the stop, outcome */
    /* the event object (where it comes among the rows is not specified: it is written
     * when the driver reports the crossing, before the rows of that step) */
    {
        size_t nev = 0;
        for (size_t i = 1; i < 8; i++) {
            j = json_loads(lines[i], 0, &err);
            ck_assert_msg(j != NULL, "%s", err.text);
            if (json_object_get(j, "event") != NULL) {
                ck_assert_str_eq(json_string_value(json_object_get(j, "event")), "x + 5");
                ck_assert(json_number_value(json_object_get(j, "t")) == strtod(tstop, NULL));
                ck_assert_uint_eq(json_object_size(j), 2);
                nev++;
            }
            json_decref(j);
        }
        ck_assert_uint_eq(nev, 1);
    }
    j = json_loads(lines[7], 0, &err);
    ck_assert_msg(j != NULL, "%s", err.text);
    ck_assert(json_number_value(json_object_get(j, "t")) == strtod(tstop, NULL));
    ck_assert(fabs(json_number_value(json_object_get(j, "x")) + 5) < 1e-14);
    json_decref(j);
    j = json_loads(lines[8], 0, &err);
    ck_assert_msg(j != NULL, "%s", err.text);
    ck_assert_str_eq(json_string_value(json_object_get(j, "event")), "x + 5");
    ck_assert_str_eq(json_string_value(json_object_get(j, "outcome")),
                     nhref_outcome_str(NHREF_OUTCOME_EVENT));
    ck_assert(fabs(json_number_value(json_object_get(j, "t_stop")) - strtod(tstop, NULL)) < 1e-14);
    ck_assert_int_eq(json_integer_value(json_object_get(j, "rows")), 5);
    json_decref(j);
    free_lines(lines, n);
    nhref_spec_free(spec);
}
END_TEST

/* a trajectory file's metadata back into a spec (nhref_spec_from_table): the
 * parameters, initial state and t-start as written */
START_TEST(test_spec_from_table)
{
    nhref_spec_t *spec = sleigh_pub2(), *back = spec_of(SLEIGH);
    nhref_table_t *tab = NULL;
    nhref_run_end_t end;
    char path[512], err[512];
    ck_assert_int_eq(nhref_spec_set_param(spec, "J", "0.70"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "-0.5"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    ck_assert_int_eq(run_to_file(spec, "csv", "t.csv", path, &end), NHREF_OK);
    ck_assert_msg(nhref_table_read(&tab, path, 128, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_int_eq(nhref_spec_from_table(back, tab), NHREF_OK);
    for (size_t i = 0; i < 3; i++)
        ck_assert_str_eq(nhref_spec_param_str(back, i), nhref_spec_param_str(spec, i));
    for (size_t i = 0; i < 5; i++)
        ck_assert_str_eq(nhref_spec_init_str(back, i), nhref_spec_init_str(spec, i));
    ck_assert_str_eq(nhref_spec_t_start(back), "-0.5");
    nhref_table_free(tab);
    nhref_spec_free(back);
    nhref_spec_free(spec);
}
END_TEST

/* ================================================================== refusals */

/* a refused spec reaches no sink: nhref_run returns resolve's status, no callback */
static void ck_run_refused(nhref_spec_t *spec, int status)
{
    rec_t r;
    nhref_sink_t sink;
    rec_init(&r);
    sink = rec_sink(&r);
    ck_assert_int_eq(nhref_run(spec, &sink, NULL), status);
    ck_assert_str_eq(r.order, "");
    rec_clear(&r);
}

/* more memory than any machine has: 10^15 + 1 rows of the grid (within a generous
 * max_rows), refused by resolve with the estimate */
START_TEST(test_refuse_memory_rows)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1e-15"), NHREF_OK);
    nhref_spec_set_max_rows(spec, 2000000000000000UL);
    resolve_fails(spec, NHREF_EINVAL,
                  "not enough memory: ", "the output grid (1000000000000001 rows at 132 bits",
                  "more than the", (const char *)NULL);
    ck_run_refused(spec, NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL,
                  "not enough memory: ", "the output grid (1000000000000001 rows in double",
                  (const char *)NULL);
    nhref_spec_free(spec);
}
END_TEST

/* under a limit of the address space (setrlimit in a child): what fits is resolved, what
 * does not is refused before anything is allocated -- the grid of 10^6 rows at 132 bits
 * (about 70 MB) fits in 1 GB, 10^8 rows (7 GB) do not; 10^6 digits with the Gauss scheme
 * (several GB of workspace) do not */
START_TEST(test_refuse_memory_rlimit)
{
    pid_t pid;
    int wst;
    fflush(NULL);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct rlimit rl = {(rlim_t)1 << 30, (rlim_t)1 << 30};
        nhref_spec_t *spec = NULL;
        int code = 0;
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            _exit(10);
        if (!(nhref_memory_available() <= (double)(1UL << 30)))
            _exit(11);
        if (nhref_spec_new(&spec, SLEIGH) != NHREF_OK)
            _exit(12);
        nhref_spec_set_max_rows(spec, 1000000000UL);
        nhref_spec_set_t_end(spec, "1");
        nhref_spec_set_dt_out(spec, "1e-6");
        if (nhref_spec_resolve(spec) != NHREF_OK)
            code = 13;
        nhref_spec_set_dt_out(spec, "1e-8");
        if (code == 0 && (nhref_spec_resolve(spec) != NHREF_EINVAL ||
                          strstr(nhref_spec_error(spec), "not enough memory") == NULL))
            code = 14;
        nhref_spec_set_dt_out(spec, "1");
        nhref_spec_set_scheme(spec, "gauss");
        nhref_spec_set_digits(spec, 1e6);
        if (code == 0 && (nhref_spec_resolve(spec) != NHREF_EINVAL ||
                          strstr(nhref_spec_error(spec), "not enough memory") == NULL))
            code = 15;
        if (code != 0)
            fprintf(stderr, "check_run: memory: %s\n", nhref_spec_error(spec));
        nhref_spec_free(spec);
        _exit(code);
    }
    ck_assert_int_eq(waitpid(pid, &wst, 0), pid);
    ck_assert_msg(WIFEXITED(wst), "the child died of signal %d", WTERMSIG(wst));
    ck_assert_msg(WEXITSTATUS(wst) == 0, "the child failed at check %d", WEXITSTATUS(wst));
}
END_TEST

/* the Taylor scheme's order limit (N = ceil(1.1513 D + 1) <= 100000, DESIGN §3): digits
 * 86858 need order 100001, digits 86857 do not; a precision alone the same way */
START_TEST(test_refuse_taylor_order)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    /* the test's own arithmetic: the largest D with 1.1513 D + 1 <= 100000 */
    long dmax = (long)floor(99999 / 1.1513);
    char want[512];

    ck_assert_int_eq(dmax, 86857);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 100000), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL,
                  "digits 100000: the Taylor order ceil(1.1513 D + 1) = 115131 is above the "
                  "Taylor scheme's limit of 100000: give digits <= 86857",
                  (const char *)NULL);
    ck_assert_ptr_null(strstr(nhref_spec_error(spec), "--order")); /* no options in WORDS */
    ck_assert_int_eq(nhref_spec_set_digits(spec, (double)dmax + 1), NHREF_OK);
    snprintf(want, sizeof want, "digits %ld: the Taylor order ceil(1.1513 D + 1) = 100001 is above",
             dmax + 1);
    resolve_fails(spec, NHREF_EINVAL, want, (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, NULL), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL,
                  "give --digits <= 86857, or --order N (N <= 100000), or --scheme gauss",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_digits(spec, (double)dmax), NHREF_OK);
    if (nhref_spec_resolve(spec) != NHREF_OK) /* 288565 bits x 2.2 million numbers */
        ck_assert_msg_has(spec, "not enough memory");
    ck_assert_ptr_null(strstr(nhref_spec_error(spec), "Taylor order"));
    /* a precision alone: 300000 bits imply 300000 log10 2 - 1 = 90307.9987 digits, order
     * ceil(1.1513 x 90307.9987 + 1) = 103973; the largest precision allowed is 288537 */
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_WORDS, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_digits(spec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 300000), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL,
                  "prec 300000 implies 90307 digits and a Taylor order ceil(1.1513 D + 1) = "
                  "103973, above the Taylor scheme's limit of 100000: give prec <= 288537",
                  (const char *)NULL);
    {
        /* 288537 bits: ceil(1.1513 (288537 log10 2 - 1) + 1) = 99999.6.. -> 100000; 288538:
         * 100000.0.. -> 100001 */
        double d1 = 288537 * 0.30102999566398119521 - 1, d2 = 288538 * 0.30102999566398119521 - 1;
        ck_assert(ceil(1.1513 * d1 + 1) <= 100000 && ceil(1.1513 * d2 + 1) > 100000);
    }
    ck_assert_int_eq(nhref_spec_set_prec(spec, 288538), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "above the Taylor scheme's limit", (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_prec(spec, 288537), NHREF_OK);
    if (nhref_spec_resolve(spec) != NHREF_OK)
        ck_assert_msg_has(spec, "not enough memory");
    /* an order of the caller's above the limit: refused where it is set */
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "order", 100001), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_scheme_option(spec, "stages", 3), NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "rk4_of_nobody"), NHREF_ENOTFOUND);
    ck_assert_msg_has(spec, "taylor");
    ck_assert_msg_has(spec, "gauss");
    nhref_spec_free(spec);
}
END_TEST

/* events: a parse error where the event is added (with the column); at resolve, one
 * undefined at the initial state, or undefined whatever the state */
START_TEST(test_refuse_events)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x +", 1), NHREF_EPARSE);
    ck_assert_msg_has(spec, "stop-when 'x +': ");
    ck_assert_msg_has(spec, "column");
    ck_assert_int_eq(nhref_spec_add_event(spec, "q + 1", 0), NHREF_EPARSE);
    ck_assert_uint_eq(nhref_spec_nevents(spec), 0);
    /* x = 0 at the start: log(x) undefined there */
    ck_assert_int_eq(nhref_spec_add_event(spec, "log(x)", 1), NHREF_OK);
    resolve_fails(spec, NHREF_EPARSE, "stop-when 'log(x)' is undefined at the initial state, t = 0",
                  "an event function must be defined where the run starts", (const char *)NULL);
    ck_run_refused(spec, NHREF_EPARSE);
    /* defined once the state moves away */
    ck_assert_int_eq(nhref_spec_set_init(spec, "x", "2"), NHREF_OK);
    resolve_ok(spec);
    nhref_spec_free(spec);

    /* a recorded event undefined at t-start, in the words of options */
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, "X: "), NHREF_OK);
    ck_assert_int_eq(nhref_spec_add_event(spec, "1/t + y", 0), NHREF_OK);
    resolve_fails(spec, NHREF_EPARSE,
                  "X: --event '1/t + y' is undefined at the initial state, t = 0",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "-1"), NHREF_OK);
    resolve_ok(spec);
    nhref_spec_free(spec);

    /* undefined by the parameters alone: sqrt(m - 3) with m = 2 */
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_add_event(spec, "sqrt(m - 3) + x", 1), NHREF_OK);
    resolve_fails(spec, NHREF_EPARSE,
                  "stop-when 'sqrt(m - 3) + x': a part of it that depends only on the "
                  "parameters is undefined",
                  (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "4"), NHREF_OK);
    resolve_ok(spec);
    /* a constant beyond double, for the double type */
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x - 6e1000", 1), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    resolve_fails(spec, NHREF_EPARSE, "stop-when 'x - 6e1000': a constant in it overflows double",
                  (const char *)NULL);
    nhref_spec_free(spec);
}
END_TEST

/* the double type with parameters double cannot represent the same way (tests/hostile.sh
 * section 9): refused, while the MPFR type takes the decimals as given */
START_TEST(test_refuse_double_params)
{
    nhref_spec_t *spec = spec_of("suslov_servo");
    ck_assert_int_eq(nhref_spec_set_param(spec, "b1", "2.91"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "b2", "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "b3", "0.37500000000000000000000000001"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM,
                  "the double type: with the parameters rounded to double, the right-hand side "
                  "at the initial state differs from the decimal parameters'",
                  (const char *)NULL);
    ck_run_refused(spec, NHREF_EPARAM);
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, NULL), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM, "--fast: with the parameters rounded to double",
                  (const char *)NULL);
    /* b3 = 0.5: a decimal double holds exactly; the same model in both types */
    ck_assert_int_eq(nhref_spec_set_param(spec, "b3", "0.5"), NHREF_OK);
    resolve_ok(spec);
    nhref_spec_free(spec);

    spec = spec_of("suslov_servo");
    ck_assert_int_eq(nhref_spec_set_param(spec, "I11", "1.00000000000000000001"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "I12", "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "I22", "1"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "I13", "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "I23", "0"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM,
                  "the parameters rounded to double are not admissible: the block [[I11, I12], "
                  "[I12, I22]] must be positive definite",
                  (const char *)NULL);
    nhref_spec_free(spec);

    /* an initial value beyond double's range */
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_init(spec, "x", "1e400"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_DOUBLE), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM, "x = 1e400 is beyond double's range", (const char *)NULL);
    nhref_spec_free(spec);
}
END_TEST

/* what the proven type cannot run: another scheme, stages, events of the caller's */
START_TEST(test_refuse_proven)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_type(spec, NHREF_RUN_PROVEN), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "gauss"), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL, "the proven type is a validated Taylor scheme in Arb balls",
                  (const char *)NULL);
    ck_run_refused(spec, NHREF_EINVAL);
    ck_assert_int_eq(nhref_spec_set_scheme(spec, "taylor"), NHREF_OK);
    resolve_ok(spec);
    ck_assert_int_eq(nhref_spec_add_event(spec, "x + 5", 1), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, NULL), NHREF_OK);
    resolve_fails(spec, NHREF_EINVAL,
                  "--rigorous is a validated Taylor scheme in Arb balls: not with another "
                  "--scheme, --stages, --stop-when or --event",
                  (const char *)NULL);
    nhref_spec_free(spec);
}
END_TEST

/* the model's ranges and conditions, checked by resolve (not by the setters) */
START_TEST(test_refuse_params)
{
    nhref_spec_t *spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "-1"), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM, "parameter m must be > 0", (const char *)NULL);
    ck_run_refused(spec, NHREF_EPARAM);
    ck_assert_int_eq(nhref_spec_set_param(spec, "m", "2"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "J", "0"), NHREF_OK);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "0"), NHREF_OK);
    resolve_fails(spec, NHREF_EPARAM, "J = 0 and a = 0", (const char *)NULL);
    ck_assert_int_eq(nhref_spec_set_param(spec, "a", "1e-30"), NHREF_OK);
    resolve_ok(spec);
    /* an initial value beyond the working precision's bounds */
    ck_assert_int_eq(nhref_spec_set_init(spec, "phi", "1e100000000"), NHREF_OK);
    ck_assert_int_ne(nhref_spec_resolve(spec), NHREF_OK); /* the status: below */
    ck_assert_msg_has(spec, "initial value phi: '1e100000000' is too large in magnitude");
    nhref_spec_free(spec);
}
END_TEST

/* An edge this suite found broken, now fixed (the comment says how it failed): a value beyond the working precision's bounds gets NHREF_ERANGE or NHREF_EPARSE
 * depending on which input it is: resolve.c:decimal_at returns NHREF_ERANGE for it (and
 * set_param does for a parameter), and resolve_times passes that on for t-start, but
 * resolve_init, resolve_grid and resolve_times_list replace it by NHREF_EPARSE ("return
 * NHREF_EPARSE" after decimal_at) -- the same 1e100000000 is ERANGE as t-start and
 * EPARSE as t-end, an initial value or a time, each with the message "too large in
 * magnitude".  Expected: NHREF_ERANGE for all (nhref_run.h: NHREF_ERANGE for a value
 * beyond the working precision's bounds). */
START_TEST(test_resolve_range_status)
{
    static const char *const t1[] = {"1e100000000"};
    nhref_spec_t *spec;
    int got[5];

    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_start(spec, "1e100000000"), NHREF_OK);
    got[0] = nhref_spec_resolve(spec);
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_t_end(spec, "1e100000000"), NHREF_OK);
    got[1] = nhref_spec_resolve(spec);
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_dt_out(spec, "1e-400000000"), NHREF_OK);
    got[2] = nhref_spec_resolve(spec);
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_init(spec, "phi", "1e100000000"), NHREF_OK);
    got[3] = nhref_spec_resolve(spec);
    nhref_spec_free(spec);
    spec = spec_of(SLEIGH);
    ck_assert_int_eq(nhref_spec_set_times(spec, 1, t1), NHREF_OK);
    got[4] = nhref_spec_resolve(spec);
    nhref_spec_free(spec);
    ck_assert_msg(got[0] == NHREF_ERANGE && got[1] == NHREF_ERANGE && got[2] == NHREF_ERANGE &&
                      got[3] == NHREF_ERANGE && got[4] == NHREF_ERANGE,
                  "t-start %s, t-end %s, dt-out %s, init %s, times %s (expected NHREF_ERANGE)",
                  nhref_status_name(got[0]), nhref_status_name(got[1]), nhref_status_name(got[2]),
                  nhref_status_name(got[3]), nhref_status_name(got[4]));
}
END_TEST

/* ================================================================== the suite */

static Suite *run_suite(void)
{
    Suite *s = suite_create("run");
    TCase *tc;
    int nmodels = (int)nhref_model_count();

    tc = tcase_create("spec");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_new_defaults, 0, nmodels);
    tcase_add_test(tc, test_new_unknown_model);
    tcase_add_test(tc, test_new_model_descriptor);
    tcase_add_loop_test(tc, test_param_override, 0, nmodels);
    tcase_add_loop_test(tc, test_init_override, 0, nmodels);
    tcase_add_test(tc, test_override_refused);
    tcase_add_test(tc, test_init_set);
    tcase_add_test(tc, test_param_set);
    tcase_add_loop_test(tc, test_label_words, 0, 6);
    tcase_add_test(tc, test_assign);
    tcase_add_loop_test(tc, test_copy_equal, 0, 2);
    tcase_add_loop_test(tc, test_copy_independent, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("precision");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_digits_fractional);
    tcase_add_test(tc, test_prec_digits);
    tcase_add_test(tc, test_prec_bounds);
    tcase_add_test(tc, test_double_precision);
    suite_add_tcase(s, tc);

    tc = tcase_create("precision_all");
    tcase_set_tags(tc, "slow");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_digits_prec);
    suite_add_tcase(s, tc);

    tc = tcase_create("grid");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_grid_table, 0, (int)(sizeof grids / sizeof grids[0]));
    tcase_add_test(tc, test_grid_random);
    tcase_add_test(tc, test_grid_max_rows);
    tcase_add_test(tc, test_grid_refused);
    tcase_add_loop_test(tc, test_times, 0, (int)(sizeof timelists / sizeof timelists[0]));
    tcase_add_loop_test(tc, test_times_first_not_duplicated, 0, 3);
    tcase_add_test(tc, test_times_and_grid_setters);
    suite_add_tcase(s, tc);

    tc = tcase_create("run");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_run_protocol, 0, 3);
    tcase_add_test(tc, test_run_sleigh_oracle);
    tcase_add_test(tc, test_run_double);
    tcase_add_loop_test(tc, test_run_sink_stops, 0, 3);
    tcase_add_loop_test(tc, test_run_stop_when, 0, 2);       /* MPFR, double */
    tcase_add_loop_test(tc, test_run_recorded_events, 0, 2); /* MPFR, double */
    tcase_add_loop_test(tc, test_run_progress, 0, 3);
    tcase_add_loop_test(tc, test_run_max_steps, 0, 2); /* MPFR, double */
    tcase_add_test(tc, test_run_blowup);
    tcase_add_test(tc, test_scheme_options);
    suite_add_tcase(s, tc);

    tc = tcase_create("run_proven");
    tcase_set_tags(tc, "slow");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_run_proven);
    suite_add_tcase(s, tc);

    tc = tcase_create("formats");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
    tcase_add_test(tc, test_csv_file);
    tcase_add_loop_test(tc, test_jsonl_file, 0, 3);
    tcase_add_test(tc, test_format_registry);
    tcase_add_loop_test(tc, test_row_format, 0, 3);
    tcase_add_test(tc, test_spec_from_table);
    tcase_add_test(tc, test_formats_event_stop);
    tcase_add_test(tc, test_spec_meta);
    suite_add_tcase(s, tc);

    tc = tcase_create("refusals");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_refuse_memory_rows);
    tcase_add_test(tc, test_refuse_taylor_order);
    tcase_add_test(tc, test_refuse_events);
    tcase_add_test(tc, test_refuse_double_params);
    tcase_add_test(tc, test_refuse_proven);
    tcase_add_test(tc, test_refuse_params);
    suite_add_tcase(s, tc);

    /* the edges this suite found broken when it was written (each comment says how) */
    tc = tcase_create("edges");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_digits_below_one_message);
    tcase_add_test(tc, test_grid_t_end_after_exactly);
    tcase_add_test(tc, test_grid_mpfr_exponent);
    tcase_add_test(tc, test_grid_zero_huge_exponent);
    tcase_add_test(tc, test_run_stats_rows_delivered);
    tcase_add_test(tc, test_resolve_range_status);
    tcase_add_test(tc, test_times_drop_grid);
    suite_add_tcase(s, tc);

    if (!UNDER_ASAN) { /* see UNDER_ASAN; the plain build of make check runs it */
        tc = tcase_create("refusals_rlimit");
        tcase_set_tags(tc, "slow");
        tcase_set_timeout(tc, 120);
        tcase_add_test(tc, test_refuse_memory_rlimit);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    SRunner *sr;
    int nfail;
    fprintf(stderr, "check_run: seed %lu\n", ck_seed());
    sr = srunner_create(run_suite());
    srunner_run_all(sr, CK_NORMAL);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

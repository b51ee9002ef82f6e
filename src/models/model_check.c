/* model_check.c -- what a model file's model does at run time (nhref_model_file.h):
 * its tapes copied into every system (mf_build), its parameters checked against their
 * ranges and [conditions] (mf_check), its initial state against the state conditions,
 * the constraints and the regularity of the equations (mf_check_init); and what
 * `nhref describe` prints of it (nhref_model_file_describe). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "models/model_file_internal.h"

/* tape/tape_num.h's nhref_tape_new_interpreted_d (the double interpreter, without the
 * jets compiled at run time: one evaluation does not pay a compilation) */
int nhref_tape_new_interpreted_d(nhref_tape_d_t **ws, const nhref_tape_t *tape, long prec,
                                 unsigned order);

int mf_build(nhref_tape_t *tape, nhref_model_tape_t which, const void *data)
{
    const nhref_model_file_t *mf = data;
    const nhref_tape_t *src = which == NHREF_MODEL_RHS         ? mf->rhs
                              : which == NHREF_MODEL_INTEGRALS ? mf->integrals
                                                               : mf->events;
    return src != NULL ? nhref_tape_copy(tape, src) : NHREF_ETAPE;
}

/* ------------------------------------------------------------------ evaluation
 * An idle workspace of one of MF's tapes at one precision (MPFR), or in double (PREC
 * 0: the double interpreter, for mf_check_init_d), with the parameters it was last
 * given and the status of that; the checks take one (or make one), evaluate, and give
 * it back, so that a check repeated by every integration (mf_check_init) costs an
 * evaluation, not a workspace (building the tape's program, thousands of mpfr_init2,
 * the constant program).  At most WS_IDLE_MAX are kept per model file. */
#define WS_IDLE_MAX 16

typedef struct mf_ws {
    struct mf_ws *next;
    const nhref_tape_t *tape;
    mpfr_prec_t prec; /* 0: in double (WD, PD, ZD) */
    nhref_tape_mp_t *ws;
    mpfr_ptr p;    /* nparam: the parameters last set (if SET is not NHREF_EINVAL; in
                    * double: at 53 bits) */
    mpfr_ptr zero; /* nstate + 1 zeros: time 0, and the state when none is given */
    mpfr_ptr out;  /* nout: the outputs of the last evaluation (eval_in) */
    nhref_tape_d_t *wd; /* in double: the workspace, */
    double *pd, *zd;    /* the parameters last set (P rounded), nstate + 1 zeros */
    int set;       /* the status of nhref_tape_mp_set_params with P; NHREF_EINVAL: none yet */
} mf_ws_t;

static void ws_free(mf_ws_t *w)
{
    if (w == NULL)
        return;
    nhref_tape_mp_free(w->ws);
    nhref_vec_free(w->p, nhref_tape_nparam(w->tape));
    nhref_vec_free(w->zero, nhref_tape_nstate(w->tape) + 1);
    nhref_vec_free(w->out, nhref_tape_nout(w->tape));
    nhref_tape_d_free(w->wd);
    free(w->pd);
    free(w->zd);
    free(w);
}

void mf_ws_free_all(nhref_model_file_t *mf)
{
    while (mf->ws_idle != NULL) {
        mf_ws_t *w = mf->ws_idle;
        mf->ws_idle = w->next;
        ws_free(w);
    }
    mf->nws_idle = 0;
}

/* an idle workspace of T at PREC bits (0: in double), taken from MF's (mutable: MF is
 * shared, the list is under its lock), or a new one; NULL with *STATUS (NHREF_ENOMEM,
 * or nhref_tape_mp_new's or nhref_tape_new_interpreted_d's status) if none can be made */
static mf_ws_t *ws_take(const nhref_model_file_t *mf, const nhref_tape_t *t, mpfr_prec_t prec,
                        int *status)
{
    nhref_model_file_t *m = (nhref_model_file_t *)mf;
    mf_ws_t *w = NULL, **pp;
    size_t np = nhref_tape_nparam(t), ns = nhref_tape_nstate(t);

    pthread_mutex_lock(&m->ws_lock);
    for (pp = &m->ws_idle; *pp != NULL; pp = &(*pp)->next)
        if ((*pp)->tape == t && (*pp)->prec == prec) {
            w = *pp;
            *pp = w->next;
            m->nws_idle--;
            break;
        }
    pthread_mutex_unlock(&m->ws_lock);
    if (w != NULL)
        return w;
    *status = NHREF_ENOMEM;
    if ((w = calloc(1, sizeof *w)) == NULL)
        return NULL;
    w->tape = t;
    w->prec = prec;
    w->set = NHREF_EINVAL;
    if (prec == 0) { /* in double: the interpreter (no compilation for one evaluation) */
        w->p = nhref_vec_new(np, 53);
        w->pd = malloc((np + 1) * sizeof *w->pd); /* set before first use (SET) */
        w->zd = calloc(ns + 1, sizeof *w->zd);
        if (w->p == NULL || w->pd == NULL || w->zd == NULL ||
            (*status = nhref_tape_new_interpreted_d(&w->wd, t, 53, 0)) != NHREF_OK) {
            ws_free(w);
            return NULL;
        }
        return w;
    }
    w->p = nhref_vec_new(np, prec); /* set before first use (SET) */
    w->zero = nhref_vec_new(ns + 1, prec);
    w->out = nhref_vec_new(nhref_tape_nout(t), prec);
    if (w->p == NULL || w->zero == NULL || w->out == NULL ||
        (*status = nhref_tape_mp_new(&w->ws, t, prec, 0)) != NHREF_OK) {
        ws_free(w);
        return NULL;
    }
    for (size_t i = 0; i <= ns; i++)
        mpfr_set_zero(w->zero + i, 1);
    return w;
}

/* W back to MF's idle ones (freed beyond WS_IDLE_MAX) */
static void ws_give(const nhref_model_file_t *mf, mf_ws_t *w)
{
    nhref_model_file_t *m = (nhref_model_file_t *)mf;

    pthread_mutex_lock(&m->ws_lock);
    if (m->nws_idle < WS_IDLE_MAX) {
        w->next = m->ws_idle;
        m->ws_idle = w;
        m->nws_idle++;
        w = NULL;
    }
    pthread_mutex_unlock(&m->ws_lock);
    ws_free(w);
}

/* (*WP)->out (T's nout values, at PREC bits) = T at time 0 and state X (NULL: zeros)
 * with the parameters P (T: one of MF's tapes), in a workspace *WP taken from MF's,
 * which the caller gives back (ws_give; *WP NULL if none could be made); the
 * evaluation's status (NHREF_EDOMAIN: some outputs are NaN), else that of setting the
 * parameters.  The parameters are set again only when they differ from the ones the
 * workspace was last given (mpfr_equal_p, value by value): the constant program's
 * values are a function of them at PREC bits. */
static int eval_in(mf_ws_t **wp, const nhref_model_file_t *mf, const nhref_tape_t *t,
                   mpfr_srcptr p, mpfr_srcptr x, mpfr_prec_t prec)
{
    size_t np = nhref_tape_nparam(t);
    int same = 1, s;
    mf_ws_t *w = *wp = ws_take(mf, t, prec, &s);

    if (w == NULL)
        return s;
    for (size_t i = 0; i < np && same; i++)
        same = mpfr_equal_p(w->p + i, p + i);
    if (!same || w->set == NHREF_EINVAL) {
        for (size_t i = 0; i < np; i++)
            mpfr_set(w->p + i, p + i, MPFR_RNDN);
        w->set = nhref_tape_mp_set_params(w->ws, p);
    }
    s = nhref_tape_mp_eval(w->out, w->ws, w->zero, x != NULL ? x : w->zero + 1);
    return s == NHREF_OK ? w->set : s;
}

/* OUT (T's nout values, at PREC bits) = T at time 0 and state X (eval_in), its status */
static int eval_at(mpfr_ptr out, const nhref_model_file_t *mf, const nhref_tape_t *t,
                   mpfr_srcptr p, mpfr_srcptr x, mpfr_prec_t prec)
{
    mf_ws_t *w;
    int s = eval_in(&w, mf, t, p, x, prec);

    if (w == NULL)
        return s;
    for (size_t i = 0; i < nhref_tape_nout(t); i++)
        mpfr_set(out + i, w->out + i, MPFR_RNDN);
    ws_give(mf, w);
    return s;
}

/* eval_at's status in double: T (one of MF's tapes) at time 0 and state X (nstate
 * doubles) with the parameters P rounded to double, by the double interpreter, its
 * outputs dropped; the parameters set again only when they differ (as eval_in) */
static int eval_at_d(const nhref_model_file_t *mf, const nhref_tape_t *t, mpfr_srcptr p,
                     const double *x)
{
    size_t np = nhref_tape_nparam(t), nout = nhref_tape_nout(t);
    int same = 1, s;
    double out[nout ? nout : 1];
    mf_ws_t *w = ws_take(mf, t, 0, &s);

    if (w == NULL)
        return s;
    for (size_t i = 0; i < np && same; i++)
        same = mpfr_equal_p(w->p + i, p + i);
    if (!same || w->set == NHREF_EINVAL) {
        for (size_t i = 0; i < np; i++) {
            mpfr_set(w->p + i, p + i, MPFR_RNDN);
            w->pd[i] = mpfr_get_d(p + i, MPFR_RNDN);
        }
        w->set = nhref_tape_d_set_params(w->wd, w->pd);
    }
    s = nhref_tape_d_eval(out, w->wd, w->zd, x);
    if (s == NHREF_OK)
        s = w->set;
    ws_give(mf, w);
    return s;
}

/* does D = LHS - RHS satisfy OP?  -1: D is NaN (cannot be evaluated) */
static int holds(mpfr_srcptr d, int op)
{
    int sg;
    if (mpfr_nan_p(d))
        return -1;
    sg = mpfr_sgn(d);
    switch (op) {
    case '<':
        return sg < 0;
    case '>':
        return sg > 0;
    case 'l':
        return sg <= 0;
    case 'g':
        return sg >= 0;
    case '=':
        return sg == 0;
    default:
        return sg != 0;
    }
}

/* the conditions whose inputs are READS exactly (parameters only, or with the state)
 * at state X; NHREF_EPARAM naming the first that fails */
/* does condition C apply to a check WITH_STATE (reads exactly that, and not t)? */
static int cond_applies(const mf_cond_t *c, int with_state)
{
    return !(c->reads & NHREF_TAPE_READS_TIME) &&
           !!(c->reads & NHREF_TAPE_READS_STATE) == with_state;
}

static int check_conds(const nhref_model_file_t *mf, mpfr_srcptr p, mpfr_srcptr x, mpfr_prec_t prec,
                       int with_state, char *why, size_t len)
{
    mf_ws_t *w;
    mpfr_srcptr out;
    int status = NHREF_OK, any = 0;
    for (size_t k = 0; k < mf->ncond; k++)
        any |= cond_applies(&mf->cond[k], with_state);
    if (mf->conds == NULL || !any) /* nothing to evaluate */
        return NHREF_OK;
    status = eval_in(&w, mf, mf->conds, p, x, prec);
    if (w == NULL)
        return status;
    out = w->out;
    status = NHREF_OK;
    for (size_t k = 0; k < mf->ncond && status == NHREF_OK; k++) {
        const mf_cond_t *c = &mf->cond[k];
        int h;
        if (!cond_applies(c, with_state))
            continue;
        if ((h = holds(out + c->out, c->op)) != 1) {
            snprintf(why, len, "%s: %s %s%s (%s:%zu)", c->what, c->text,
                     h < 0 ? "cannot be evaluated" : "does not hold",
                     with_state ? " at the initial state" : "", mf->path, c->line);
            status = NHREF_EPARAM;
        }
    }
    ws_give(mf, w);
    return status;
}

int mf_check(mpfr_srcptr p, char *why, size_t len, const void *data)
{
    const nhref_model_file_t *mf = data;
    /* P has nparam values: with none, P may point at no number at all */
    mpfr_prec_t prec = mf->model.nparam > 0 && mpfr_get_prec(p) > 128 ? mpfr_get_prec(p) : 128;
    return check_conds(mf, p, NULL, prec, 0, why, len);
}

/* "x = 0, y = 1.5, ..." of the state X, into BUF */
static void point(char *buf, size_t len, const nhref_model_t *m, mpfr_srcptr x)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < m->nstate && used < len; i++)
        used += (size_t)mpfr_snprintf(buf + used, len - used, "%s%s = %.6Rg", i ? ", " : "",
                                      m->state[i].name, x + i);
}

/* the constraints' residuals at X: NHREF_EPARAM naming the first beyond the tolerance
 * 2^(20 - prec) (1 + max |x_i|) */
static int check_constraints(const nhref_model_file_t *mf, mpfr_srcptr p, mpfr_srcptr x,
                             mpfr_prec_t prec, char *why, size_t len)
{
    size_t nout = mf->model.nintegral;
    mpfr_ptr out;
    mpfr_t tol;
    int status = NHREF_OK;
    if (mf->ncons == 0 || mf->integrals == NULL)
        return NHREF_OK;
    if ((out = nhref_vec_new(nout, prec)) == NULL)
        return NHREF_ENOMEM;
    eval_at(out, mf, mf->integrals, p, x, prec);
    mpfr_init2(tol, 64);
    mpfr_set_ui(tol, 1, MPFR_RNDU);
    for (size_t i = 0; i < mf->model.nstate; i++)
        if (mpfr_cmpabs(x + i, tol) > 0)
            mpfr_abs(tol, x + i, MPFR_RNDU);
    mpfr_mul_2si(tol, tol, 20 - (long)prec, MPFR_RNDU);
    for (size_t k = 0; k < mf->ncons && status == NHREF_OK; k++) {
        mpfr_srcptr r = out + mf->nuser + k;
        if (mf->cons_reads[k] & NHREF_TAPE_READS_TIME)
            continue; /* the initial time is not known here: the row at t-start shows it */
        if (mpfr_nan_p(r) || mpfr_cmpabs(r, tol) > 0) {
            mpfr_snprintf(why, len,
                          "the initial velocities are off the constraint %s: its residual is "
                          "%.6Rg, beyond the tolerance %.2Rg at %ld bits (give velocities on "
                          "the constraint manifold, to the working precision)",
                          mf->integral[mf->nuser + k].name, r, tol, (long)prec);
            status = NHREF_EPARAM;
        }
    }
    mpfr_clear(tol);
    nhref_vec_free(out, nout);
    return status;
}

/* the first row of the N x N matrix K (double) that depends on the rows before it
 * (modified Gram-Schmidt, relative tolerance 1e-10), or N */
static size_t dependent_row(double *K, size_t N)
{
    for (size_t i = 0; i < N; i++) {
        double *r = K + i * N, norm0 = 0, norm = 0;
        for (size_t j = 0; j < N; j++)
            norm0 += r[j] * r[j];
        for (size_t k = 0; k < i; k++) {
            const double *b = K + k * N;
            double dot = 0;
            for (size_t j = 0; j < N; j++)
                dot += r[j] * b[j];
            for (size_t j = 0; j < N; j++)
                r[j] -= dot * b[j];
        }
        for (size_t j = 0; j < N; j++)
            norm += r[j] * r[j];
        if (!(norm > 1e-20 * norm0) || norm0 == 0)
            return i;
        for (size_t j = 0; j < N; j++)
            r[j] /= sqrt(norm);
    }
    return N;
}

/* why the equations cannot be evaluated at X: a singular matrix (which row), or an
 * undefined operation */
static int explain_singular(const nhref_model_file_t *mf, mpfr_srcptr p, mpfr_srcptr x,
                            mpfr_prec_t prec, char *why, size_t len)
{
    const nhref_model_t *m = &mf->model;
    size_t N = mf->form == MF_LAGRANGE ? mf->nq + mf->ncons : m->nstate, row = N;
    size_t nout = mf->kkt != NULL ? nhref_tape_nout(mf->kkt) : 0;
    char at[512];
    mpfr_ptr out = nout > 0 ? nhref_vec_new(nout, prec) : NULL;
    double *K = malloc((N * N + 1) * sizeof *K);

    point(at, sizeof at, m, x);
    if (out != NULL && K != NULL) {
        eval_at(out, mf, mf->kkt, p, x, prec);
        for (size_t i = 0; i < N * N; i++)
            K[i] = mpfr_get_d(out + i, MPFR_RNDN);
        row = dependent_row(K, N);
    }
    free(K);
    nhref_vec_free(out, nout);
    if (row < N && mf->form == MF_LAGRANGE && row >= mf->nq)
        snprintf(why, len,
                 "the KKT matrix [M A^T; A 0] is singular at the initial point (%s): the "
                 "constraint %s depends on the constraints before it there (the rows of A "
                 "are dependent)",
                 at, mf->integral[mf->nuser + row - mf->nq].name);
    else if (row < N && mf->form == MF_LAGRANGE)
        snprintf(why, len,
                 "the KKT matrix [M A^T; A 0] is singular at the initial point (%s): the row "
                 "of coordinate %s depends on the rows before it (the mass matrix M = "
                 "d^2L/dv^2 is singular there and the constraints do not fix %s')",
                 at, m->state[row].name, m->state[mf->nq + row].name);
    else if (row < N)
        snprintf(why, len,
                 "the mass matrix is singular at the initial point (%s): its row %s depends "
                 "on the rows before it",
                 at, m->state[row].name);
    else
        snprintf(why, len,
                 "the equations of motion cannot be evaluated at the initial point (%s): an "
                 "operation is undefined there (a division by zero, the square root or "
                 "logarithm of a negative number, %s)",
                 at,
                 mf->kkt != NULL ? "or a singular matrix"
                                 : "atanh outside (-1, 1), asin or acos outside [-1, 1], a real "
                                   "power of a base <= 0");
    return NHREF_EPARAM;
}

/* mf_check_init, with the right-hand side evaluated in double (IN_DOUBLE) or in MPFR
 * at the precision of X0 */
static int check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len,
                      const nhref_model_file_t *mf, int in_double)
{
    mpfr_prec_t prec = mpfr_get_prec(x0);
    size_t ns = mf->model.nstate;
    int s;

    if ((s = check_conds(mf, p, x0, prec, 1, why, len)) != NHREF_OK ||
        (s = check_constraints(mf, p, x0, prec, why, len)) != NHREF_OK)
        return s;
    if (mf->rhs_reads & NHREF_TAPE_READS_TIME)
        return NHREF_OK; /* evaluated at t-start by the integrator, which says where */
    if (in_double) {
        double x[ns ? ns : 1];
        for (size_t i = 0; i < ns; i++)
            x[i] = mpfr_get_d(x0 + i, MPFR_RNDN);
        s = eval_at_d(mf, mf->rhs, p, x);
    } else {
        mf_ws_t *w;
        s = eval_in(&w, mf, mf->rhs, p, x0, prec);
        if (w != NULL)
            ws_give(mf, w);
    }
    if (s == NHREF_EDOMAIN)
        return explain_singular(mf, p, x0, prec, why, len);
    return s == NHREF_ENOMEM ? s : NHREF_OK;
}

int mf_check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len, const void *data)
{
    return check_init(p, x0, why, len, data, 0);
}

int mf_check_init_d(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len, const void *data)
{
    return check_init(p, x0, why, len, data, 1);
}

/* ------------------------------------------------------------------ describe */
/* "  LABEL = EXPR" of T's output O, wrapped by the caller's terminal */
static int put_expr(FILE *out, const nhref_model_file_t *mf, const nhref_tape_t *t, size_t o,
                    const char *label)
{
    char buf[4096];
    nhref_tape_format_simplified(buf, sizeof buf, t, nhref_tape_output(t, o), mf->sname, mf->pname);
    return fprintf(out, "    %s = %s\n", label, buf) < 0 ? -1 : 0;
}

/* the entries of SECTION as written: "    KEY = VALUE" */
static void put_section(FILE *out, const nhref_model_file_t *mf, const char *section,
                        const char *title)
{
    int any = 0;
    for (size_t i = 0; i < mf->ne; i++)
        if (strcmp(mf->e[i].section, section) == 0 &&
            (strchr(mf->e[i].key, '.') == NULL || strcmp(section, "mass") == 0)) {
            if (!any)
                fprintf(out, "  %s\n", title);
            any = 1;
            fprintf(out, "    %s = %s\n", mf->e[i].key, mf->e[i].value);
        }
}

static void describe_lagrange(FILE *out, const nhref_model_file_t *mf)
{
    size_t n = mf->nq, m = mf->ncons, N = n + m;
    const nhref_model_t *md = &mf->model;
    char label[256];

    fprintf(out,
            "Form: Lagrangian with %zu coordinate%s and %zu constraint%s affine in the "
            "velocities (Lagrange-d'Alembert)\n\nAs written:\n",
            n, n == 1 ? "" : "s", m, m == 1 ? "" : "s");
    put_section(out, mf, "lagrangian", "Lagrangian");
    put_section(out, mf, "constraints", "Constraints A(t, q) q_dot + b(t, q) = 0");
    put_section(out, mf, "forces", "Generalized forces Q");
    fprintf(out, "\nDerived (what nhref integrates): q' = q_dot and, for q_dot',\n"
                 "  [M A^T; A 0] [q_dot'; mu] = [dL/dq + Q - C; -(dg/dq q_dot + dg/dt)]\n"
                 "  with M = d^2L/dq_dot^2, C = d/dq (dL/dq_dot) q_dot + d/dt (dL/dq_dot), "
                 "A = dg/dq_dot, mu the Chetaev multipliers (with a minus sign)\n");
    fprintf(out, "  M (mass matrix; entries not shown are 0):\n");
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            char buf[64];
            nhref_tape_format_simplified(buf, sizeof buf, mf->kkt,
                                         nhref_tape_output(mf->kkt, i * N + j), NULL, NULL);
            if (strcmp(buf, "0") == 0)
                continue;
            snprintf(label, sizeof label, "M[%s, %s]", md->state[n + i].name,
                     md->state[n + j].name);
            put_expr(out, mf, mf->kkt, i * N + j, label);
        }
    if (m > 0)
        fprintf(out, "  A (constraint matrix; entries not shown are 0):\n");
    for (size_t k = 0; k < m; k++)
        for (size_t j = 0; j < n; j++) {
            char buf[64];
            nhref_tape_format_simplified(buf, sizeof buf, mf->kkt,
                                         nhref_tape_output(mf->kkt, (n + k) * N + j), NULL, NULL);
            if (strcmp(buf, "0") == 0)
                continue;
            snprintf(label, sizeof label, "A[%s, %s]", md->integral[mf->nuser + k].name,
                     md->state[n + j].name);
            put_expr(out, mf, mf->kkt, (n + k) * N + j, label);
        }
    fprintf(out, "  Right-hand side:\n");
    for (size_t i = 0; i < N; i++) {
        if (i < n)
            snprintf(label, sizeof label, "r[%s]", md->state[n + i].name);
        else
            snprintf(label, sizeof label, "r[%s]", md->integral[mf->nuser + i - n].name);
        put_expr(out, mf, mf->kkt, N * N + i, label);
    }
}

int nhref_model_file_describe(const nhref_model_file_t *mf, FILE *out)
{
    const nhref_model_t *m = &mf->model;
    fprintf(out,
            "Model file: %s (%zu state component%s, %zu parameter%s; %zu tape nodes in the "
            "right-hand side)\n",
            mf->path, m->nstate, m->nstate == 1 ? "" : "s", m->nparam, m->nparam == 1 ? "" : "s",
            nhref_tape_nnodes(mf->rhs));
    if (mf->form == MF_LAGRANGE) {
        describe_lagrange(out, mf);
    } else if (mf->form == MF_ODE) {
        fprintf(out, "Form: explicit ODE x' = f(t, x)\n");
        put_section(out, mf, "ode", "Right-hand sides");
    } else {
        fprintf(out, "Form: mass matrix M(t, x) x' = F(t, x), solved for x' at every "
                     "evaluation\n");
        put_section(out, mf, "mass", "M (ROW.COL; entries not given are 0)");
        put_section(out, mf, "forcing", "F (entries not given are 0)");
    }
    put_section(out, mf, "integrals", "First integrals (as written)");
    put_section(out, mf, "events", "Events (as written)");
    put_section(out, mf, "conditions", "Conditions (as written)");
    put_section(out, mf, "solution",
                "Closed form (as written; t from the initial state, <state>_0 its values)");
    return ferror(out) ? -1 : 0;
}

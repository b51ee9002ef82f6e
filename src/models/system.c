/* system.c -- a model with its parameter values (kept as the decimal strings
 * the user gave) and its compiled right-hand-side and integral tapes. */
#include "nhref_model.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "strutil.h"
#include "models/model_file_internal.h"
#include "models/models_internal.h"
#include "tape/tape_internal.h"

struct nhref_system {
    const nhref_model_t *model;
    nhref_model_t *owned;             /* a derived system's model */
    nhref_state_desc_t *owned_state;
    char *owned_names;
    char **param; /* nparam decimal strings */
    nhref_tape_t *rhs;
    nhref_tape_t *integrals;
    nhref_tape_t *events;
    /* the parameters parsed at PCACHE_PREC bits for nhref_system_check_init (every
     * integration checks its initial state, and parsing nparam decimal strings cost it
     * more than a short integration's steps); NULL: none; dropped by set_param */
    pthread_mutex_t lock;
    __mpfr_struct *pcache;
    mpfr_prec_t pcache_prec;
};

int nhref_model_build(const nhref_model_t *m, nhref_tape_t *tape, nhref_model_tape_t which)
{
    if (m->build != NULL)
        return m->build(tape, which, m->data);
    return which == NHREF_MODEL_RHS         ? m->build_rhs(tape)
           : which == NHREF_MODEL_INTEGRALS ? m->build_integrals(tape)
                                            : m->build_events(tape);
}

int nhref_model_run_check(const nhref_model_t *m, mpfr_srcptr p, char *why, size_t len)
{
    if (m->check_data != NULL)
        return m->check_data(p, why, len, m->data);
    return m->check != NULL && m->nparam > 0 ? m->check(p, why, len) : NHREF_OK;
}

int nhref_system_new(nhref_system_t **sysp, const nhref_model_t *model)
{
    nhref_system_t *sys;
    char why[256];
    int status;

    *sysp = NULL;
    if (nhref_model_check(model, why, sizeof why) != NHREF_OK)
        return NHREF_EINVAL;
    sys = calloc(1, sizeof *sys);
    if (sys == NULL)
        return NHREF_ENOMEM;
    pthread_mutex_init(&sys->lock, NULL);
    sys->model = model;
    sys->param = calloc(model->nparam ? model->nparam : 1, sizeof *sys->param);
    if (sys->param == NULL) {
        nhref_system_free(sys);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < model->nparam; i++)
        if ((sys->param[i] = nhref_strdup(model->param[i].default_value)) == NULL) {
            nhref_system_free(sys);
            return NHREF_ENOMEM;
        }
    status = nhref_tape_new(&sys->rhs, model->nstate, model->nparam, model->nstate);
    if (status == NHREF_OK && nhref_model_build(model, sys->rhs, NHREF_MODEL_RHS) != NHREF_OK)
        status = NHREF_ETAPE;
    if (status == NHREF_OK)
        nhref_tape_set_label(sys->rhs, model->name);
    if (status == NHREF_OK && model->nintegral > 0) {
        status = nhref_tape_new(&sys->integrals, model->nstate, model->nparam, model->nintegral);
        if (status == NHREF_OK &&
            nhref_model_build(model, sys->integrals, NHREF_MODEL_INTEGRALS) != NHREF_OK)
            status = NHREF_ETAPE;
    }
    if (status == NHREF_OK && model->nevent > 0) {
        status = nhref_tape_new(&sys->events, model->nstate, model->nparam, model->nevent);
        if (status == NHREF_OK &&
            nhref_model_build(model, sys->events, NHREF_MODEL_EVENTS) != NHREF_OK)
            status = NHREF_ETAPE;
    }
    if (status != NHREF_OK) {
        nhref_system_free(sys);
        return status;
    }
    *sysp = sys;
    return NHREF_OK;
}

void nhref_system_free(nhref_system_t *sys)
{
    if (sys == NULL)
        return;
    for (size_t i = 0; i < sys->model->nparam && sys->param != NULL; i++)
        free(sys->param[i]);
    free(sys->param);
    nhref_tape_free(sys->rhs);
    nhref_tape_free(sys->integrals);
    nhref_tape_free(sys->events);
    free(sys->owned);
    free(sys->owned_state);
    free(sys->owned_names);
    if (sys->pcache != NULL)
        nhref_vec_free(sys->pcache, sys->model->nparam);
    pthread_mutex_destroy(&sys->lock);
    free(sys);
}

int nhref_system_derive(nhref_system_t **sysp, const nhref_system_t *base, nhref_tape_t *rhs)
{
    const nhref_model_t *bm = base->model;
    size_t n = nhref_tape_nstate(rhs);
    nhref_system_t *sys;

    *sysp = NULL;
    if (nhref_tape_nparam(rhs) != bm->nparam || nhref_tape_status(rhs) != NHREF_OK) {
        nhref_tape_free(rhs);
        return NHREF_EINVAL;
    }
    sys = calloc(1, sizeof *sys);
    if (sys == NULL) {
        nhref_tape_free(rhs);
        return NHREF_ENOMEM;
    }
    pthread_mutex_init(&sys->lock, NULL);
    sys->owned = malloc(sizeof *sys->owned);
    sys->owned_state = calloc(n ? n : 1, sizeof *sys->owned_state);
    sys->owned_names = calloc(n ? n : 1, 16);
    sys->param = calloc(bm->nparam ? bm->nparam : 1, sizeof *sys->param);
    sys->rhs = rhs;
    if (sys->owned == NULL || sys->owned_state == NULL || sys->owned_names == NULL ||
        sys->param == NULL) {
        sys->model = bm;
        nhref_system_free(sys);
        return NHREF_ENOMEM;
    }
    *sys->owned = *bm;
    for (size_t i = 0; i < n; i++) {
        if (i < bm->nstate) {
            sys->owned_state[i] = bm->state[i];
        } else {
            snprintf(sys->owned_names + 16 * i, 16, "d%zu", i - bm->nstate + 1);
            sys->owned_state[i] = (nhref_state_desc_t){sys->owned_names + 16 * i, "", "tangent", "0"};
        }
    }
    sys->owned->nstate = n;
    sys->owned->state = sys->owned_state;
    sys->owned->nintegral = 0;
    sys->owned->integral = NULL;
    sys->owned->build_integrals = NULL;
    sys->owned->nevent = 0;
    sys->owned->event = NULL;
    sys->owned->build_events = NULL;
    sys->owned->check_init = NULL;
    sys->owned->check_init_data = NULL;
    sys->owned->build = NULL; /* a derived system has its own tape: nothing to build */
    sys->model = sys->owned;
    for (size_t i = 0; i < bm->nparam; i++)
        if ((sys->param[i] = nhref_strdup(base->param[i])) == NULL) {
            nhref_system_free(sys);
            return NHREF_ENOMEM;
        }
    *sysp = sys;
    return NHREF_OK;
}

const nhref_model_t *nhref_system_model(const nhref_system_t *sys)
{
    return sys->model;
}

const nhref_tape_t *nhref_system_rhs_tape(const nhref_system_t *sys)
{
    return sys->rhs;
}

const nhref_tape_t *nhref_system_integral_tape(const nhref_system_t *sys)
{
    return sys->integrals;
}


int nhref_system_derive_like(nhref_system_t **sysp, const nhref_system_t *like,
                             const nhref_system_t *base, nhref_tape_t *rhs)
{
    const nhref_model_t *lm = like->model;
    nhref_system_t *sys;

    *sysp = NULL;
    if (nhref_tape_nstate(rhs) != lm->nstate || nhref_tape_nparam(rhs) != lm->nparam ||
        base->model->nparam != lm->nparam || nhref_tape_status(rhs) != NHREF_OK) {
        nhref_tape_free(rhs);
        return NHREF_EINVAL;
    }
    if ((sys = calloc(1, sizeof *sys)) == NULL) {
        nhref_tape_free(rhs);
        return NHREF_ENOMEM;
    }
    pthread_mutex_init(&sys->lock, NULL);
    sys->model = lm; /* LIKE's: not owned */
    sys->rhs = rhs;
    if ((sys->param = calloc(lm->nparam ? lm->nparam : 1, sizeof *sys->param)) == NULL) {
        nhref_system_free(sys);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < lm->nparam; i++)
        if ((sys->param[i] = nhref_strdup(base->param[i])) == NULL) {
            nhref_system_free(sys);
            return NHREF_ENOMEM;
        }
    *sysp = sys;
    return NHREF_OK;
}

const nhref_tape_t *nhref_system_event_tape(const nhref_system_t *sys)
{
    return sys->events;
}

int nhref_system_set_param(nhref_system_t *sys, const char *name, const char *decimal)
{
    int i = nhref_model_param_index(sys->model, name);
    mpfr_t probe;
    int status;
    char *copy;

    if (i < 0)
        return NHREF_ENOTFOUND;
    mpfr_init2(probe, 64);
    status = nhref_value_set(probe, decimal); /* a decimal or a constant expression */
    mpfr_clear(probe);
    if (status != NHREF_OK)
        return status;
    if ((copy = nhref_strdup(decimal)) == NULL)
        return NHREF_ENOMEM;
    free(sys->param[i]);
    sys->param[i] = copy;
    pthread_mutex_lock(&sys->lock);
    if (sys->pcache != NULL)
        nhref_vec_free(sys->pcache, sys->model->nparam);
    sys->pcache = NULL;
    pthread_mutex_unlock(&sys->lock);
    return NHREF_OK;
}

const char *nhref_system_param_str(const nhref_system_t *sys, size_t i)
{
    return i < sys->model->nparam ? sys->param[i] : NULL;
}

int nhref_system_params(mpfr_ptr p, const nhref_system_t *sys)
{
    /* a model without parameters: P holds no number, so its precision is not read */
    if (sys->model->nparam == 0)
        return NHREF_OK;
    return nhref_system_params_mp(p, sys, mpfr_get_prec(p));
}

int nhref_system_check(const nhref_system_t *sys, char *why, size_t len)
{
    const nhref_model_t *model = sys->model;
    size_t n = model->nparam;
    __mpfr_struct *p = nhref_vec_new(n, 256);
    int status = NHREF_OK;

    if (p == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < n && status == NHREF_OK; i++)
        if (nhref_value_set(p + i, sys->param[i]) != NHREF_OK) {
            snprintf(why, len, "parameter %s = '%s' is not a finite number", model->param[i].name,
                     sys->param[i]);
            status = NHREF_EPARAM;
        }
    if (status == NHREF_OK)
        status = nhref_model_run_check(model, p, why, len);
    nhref_vec_free(p, n);
    return status;
}

/* P = the parameters at P's precision (nhref_system_params), parsed once per precision:
 * SYS's cache (mutable, under its lock) holds the last precision's values */
static int params_cached(mpfr_ptr p, nhref_system_t *sys)
{
    size_t n = sys->model->nparam;
    mpfr_prec_t prec = mpfr_get_prec(p);
    int status = NHREF_OK, hit;

    if (n == 0)
        return NHREF_OK;
    pthread_mutex_lock(&sys->lock);
    if ((hit = sys->pcache != NULL && sys->pcache_prec == prec))
        for (size_t i = 0; i < n; i++)
            mpfr_set(p + i, sys->pcache + i, MPFR_RNDN);
    pthread_mutex_unlock(&sys->lock);
    if (hit || (status = nhref_system_params(p, sys)) != NHREF_OK)
        return status;
    pthread_mutex_lock(&sys->lock);
    if (sys->pcache != NULL)
        nhref_vec_free(sys->pcache, n);
    if ((sys->pcache = nhref_vec_new(n, prec)) != NULL) {
        sys->pcache_prec = prec;
        for (size_t i = 0; i < n; i++)
            mpfr_set(sys->pcache + i, p + i, MPFR_RNDN);
    }
    pthread_mutex_unlock(&sys->lock);
    return NHREF_OK;
}

/* nhref_system_check_init, or nhref_system_check_init_d (IN_DOUBLE) */
static int check_init(const nhref_system_t *sys, mpfr_srcptr x0, char *why, size_t len,
                      int in_double)
{
    const nhref_model_t *model = sys->model;
    __mpfr_struct *p;
    int status;

    for (size_t i = 0; i < model->nstate; i++)
        if (!mpfr_number_p(x0 + i)) {
            snprintf(why, len, "initial %s is not a finite number", model->state[i].name);
            return NHREF_EPARAM;
        }
    if (model->check_init == NULL && model->check_init_data == NULL)
        return NHREF_OK;
    p = nhref_vec_new(model->nparam, mpfr_get_prec(x0));
    if (p == NULL)
        return NHREF_ENOMEM;
    status = params_cached(p, (nhref_system_t *)sys);
    if (status == NHREF_OK)
        status = in_double && model->check_init_data == mf_check_init
                     ? mf_check_init_d(p, x0, why, len, model->data)
                 : model->check_init_data != NULL
                     ? model->check_init_data(p, x0, why, len, model->data)
                     : model->check_init(p, x0, why, len);
    nhref_vec_free(p, model->nparam);
    return status;
}

int nhref_system_check_init(const nhref_system_t *sys, mpfr_srcptr x0, char *why, size_t len)
{
    return check_init(sys, x0, why, len, 0);
}

int nhref_system_check_init_d(const nhref_system_t *sys, mpfr_srcptr x0, char *why, size_t len)
{
    return check_init(sys, x0, why, len, 1);
}

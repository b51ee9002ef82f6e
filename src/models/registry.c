/* registry.c -- the table of models generated from models.def, and the checks of
 * a model descriptor (nhref_model_check). */
#include "nhref_model.h"

#include <stdio.h>
#include <string.h>

#include "models/models_internal.h"
#include "nhref_io.h"
#include "nhref_oracle.h"

#define NHREF_MODEL(sym) extern const nhref_model_t sym;
#include "models/models.def"
#undef NHREF_MODEL

static const nhref_model_t *const registry[] = {
#define NHREF_MODEL(sym) &sym,
#include "models/models.def"
#undef NHREF_MODEL
};

size_t nhref_model_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const nhref_model_t *nhref_model_get(size_t i)
{
    return i < nhref_model_count() ? registry[i] : NULL;
}

const nhref_model_t *nhref_model_find(const char *name)
{
    for (size_t i = 0; i < nhref_model_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

int nhref_model_state_index(const nhref_model_t *model, const char *name)
{
    for (size_t i = 0; i < model->nstate; i++)
        if (strcmp(model->state[i].name, name) == 0)
            return (int)i;
    return -1;
}

int nhref_model_param_index(const nhref_model_t *model, const char *name)
{
    for (size_t i = 0; i < model->nparam; i++)
        if (strcmp(model->param[i].name, name) == 0)
            return (int)i;
    return -1;
}

int nhref_model_integral_index(const nhref_model_t *model, const char *name)
{
    for (size_t i = 0; i < model->nintegral; i++)
        if (strcmp(model->integral[i].name, name) == 0)
            return (int)i;
    return -1;
}

int nhref_model_chart_index(const nhref_model_t *model, const char *name)
{
    for (size_t i = 0; i < model->nchart; i++)
        if (strcmp(model->chart[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* ------------------------------------------------------------------ descriptor checks */
/* write the reason into WHY and return NHREF_EINVAL (WHY and LEN in scope) */
#define FAIL(...) return snprintf(why, len, __VA_ARGS__), NHREF_EINVAL

/* S is a finite decimal number (a default value; a model file's values, which may be
 * constant expressions, are checked by its compiler: M->build set) */
#define value_ok(m, s) ((m)->build != NULL ? (s) != NULL : decimal_ok(s))
static int decimal_ok(const char *s)
{
    mpfr_t x;
    int ok;
    if (s == NULL)
        return 0;
    mpfr_init2(x, 64);
    ok = nhref_decimal_set(x, s) == NHREF_OK;
    mpfr_clear(x);
    return ok;
}

/* The N entries of table WHAT (TAB, entries of STRIDE bytes whose first member is
 * the name) have names, all different.  A table shorter than its declared size
 * (static, so its missing entries are zero) shows as an entry without a name. */
static int check_names(const nhref_model_t *m, const char *what, const void *tab, size_t n,
                       size_t stride, char *why, size_t len)
{
    const char *base = tab;
    for (size_t i = 0; i < n; i++) {
        const char *ni = *(const char *const *)(const void *)(base + i * stride);
        if (ni == NULL || ni[0] == '\0') {
            FAIL("model %s: %s %zu of %zu has no name (is the table shorter than its size?)",
                 m->name, what, i, n);
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(*(const char *const *)(const void *)(base + j * stride), ni) == 0)
                FAIL("model %s: %ss %zu and %zu are both named '%s'", m->name, what, j, i, ni);
    }
    return NHREF_OK;
}

/* the checks of nhref_model_check that need no registry */
static int check_descriptor(const nhref_model_t *m, char *why, size_t len)
{
    int status;

    if (m == NULL)
        FAIL("no model descriptor (NULL)");
    if (m->name == NULL || m->name[0] == '\0')
        FAIL("a model descriptor without a name");
    if (m->build_rhs == NULL && m->build == NULL)
        FAIL("model %s: no right-hand-side builder (build_rhs and build are NULL)", m->name);
    if (m->nstate == 0 || m->state == NULL)
        FAIL("model %s: nstate = %zu with %s state table: a model needs a state table of "
             "nstate >= 1 entries",
             m->name, m->nstate, m->state == NULL ? "no" : "a");
    if (m->nparam > 0 && m->param == NULL)
        FAIL("model %s: nparam = %zu but no parameter table", m->name, m->nparam);
    if (m->nintegral > 0 &&
        (m->integral == NULL || (m->build_integrals == NULL && m->build == NULL)))
        FAIL("model %s: nintegral = %zu but no integral %s", m->name, m->nintegral,
             m->integral == NULL ? "table" : "builder (build_integrals is NULL)");
    if (m->nintegral == 0 && m->build_integrals != NULL)
        FAIL("model %s: an integral builder but nintegral = 0 (table and size do not match)",
             m->name);
    if (m->nevent > 0 && (m->event == NULL || (m->build_events == NULL && m->build == NULL)))
        FAIL("model %s: nevent = %zu but no event %s", m->name, m->nevent,
             m->event == NULL ? "table" : "builder (build_events is NULL)");
    if (m->nevent == 0 && m->build_events != NULL)
        FAIL("model %s: an event builder but nevent = 0 (table and size do not match)", m->name);
    if ((status = check_names(m, "state component", m->state, m->nstate, sizeof *m->state, why,
                              len)) != NHREF_OK ||
        (status = check_names(m, "parameter", m->param, m->nparam, sizeof *m->param, why, len)) !=
            NHREF_OK ||
        (status = check_names(m, "integral", m->integral, m->nintegral, sizeof *m->integral, why,
                              len)) != NHREF_OK ||
        (status = check_names(m, "event", m->event, m->nevent, sizeof *m->event, why, len)) !=
            NHREF_OK)
        return status;
    for (size_t i = 0; i < m->nstate; i++) {
        if (nhref_model_param_index(m, m->state[i].name) >= 0)
            FAIL("model %s: '%s' names both a state component and a parameter", m->name,
                 m->state[i].name);
        if (!value_ok(m, m->state[i].default_init))
            FAIL("model %s: state component %s: the default initial value is not a finite "
                 "decimal number",
                 m->name, m->state[i].name);
    }
    for (size_t i = 0; i < m->nparam; i++)
        if (!value_ok(m, m->param[i].default_value))
            FAIL("model %s: parameter %s: the default value is not a finite decimal number",
                 m->name, m->param[i].name);
    for (size_t i = 0; i < m->nevent; i++)
        if (m->event[i].direction < -1 || m->event[i].direction > 1 ||
            (m->event[i].terminal != 0 && m->event[i].terminal != 1))
            FAIL("model %s: event %s: direction must be -1, 0 or 1 and terminal 0 or 1", m->name,
                 m->event[i].name);
    return NHREF_OK;
}

/* a model in a registry TABLE of N: what `nhref list`, `describe` and `run` need, and a
 * name no other entry has */
static int check_registered(const nhref_model_t *m, const nhref_model_t *const *table, size_t n,
                            char *why, size_t len)
{
    const char *missing = m->title == NULL         ? "title"
                          : m->source == NULL      ? "source"
                          : m->spec == NULL        ? "spec"
                          : m->description == NULL ? "description"
                                                   : NULL;
    if (missing != NULL)
        FAIL("model %s: a registered model needs its %s", m->name, missing);
    if (!decimal_ok(m->default_t_end) || !decimal_ok(m->default_dt_out))
        FAIL("model %s: a registered model needs default_t_end and default_dt_out (finite "
             "decimal numbers)",
             m->name);
    for (size_t i = 0; i < n; i++)
        if (table[i] != m && table[i] != NULL && table[i]->name != NULL &&
            strcmp(table[i]->name, m->name) == 0)
            FAIL("model %s: two registered models have this name (models.def)", m->name);
    return NHREF_OK;
}

int nhref_model_check_in(const nhref_model_t *m, const nhref_model_t *const *table, size_t n,
                         char *why, size_t len)
{
    const nhref_oracle_t *o;
    int status = check_descriptor(m, why, len);

    if (status != NHREF_OK)
        return status;
    for (size_t i = 0; i < n; i++)
        if (table[i] == m && (status = check_registered(m, table, n, why, len)) != NHREF_OK)
            return status;
    /* the oracle judged by this name must fit the model, or it would be dropped */
    o = nhref_oracle_find(m->name);
    if (o != NULL &&
        (o->nparam != m->nparam || o->nstate != m->nstate || o->nintegral != m->nintegral))
        FAIL("model %s: its oracle (oracle/registry.c) has nparam = %zu, nstate = %zu, "
             "nintegral = %zu; the model %zu, %zu, %zu",
             m->name, o->nparam, o->nstate, o->nintegral, m->nparam, m->nstate, m->nintegral);
#undef FAIL
    return NHREF_OK;
}

int nhref_model_check(const nhref_model_t *m, char *why, size_t len)
{
    return nhref_model_check_in(m, registry, nhref_model_count(), why, len);
}

/* registry.c -- the table of models generated from models.def. */
#include "nhref_model.h"

#include <string.h>

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

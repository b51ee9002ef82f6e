/* registry.c -- the table of schemes generated from schemes.def. */
#include "nhref_scheme.h"

#include <string.h>

#define NHREF_SCHEME(sym) extern const nhref_scheme_type_t sym;
#include "schemes/schemes.def"
#undef NHREF_SCHEME

static const nhref_scheme_type_t *const registry[] = {
#define NHREF_SCHEME(sym) &sym,
#include "schemes/schemes.def"
#undef NHREF_SCHEME
};

size_t nhref_scheme_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const nhref_scheme_type_t *nhref_scheme_get(size_t i)
{
    return i < nhref_scheme_count() ? registry[i] : NULL;
}

const nhref_scheme_type_t *nhref_scheme_find(const char *name)
{
    for (size_t i = 0; i < nhref_scheme_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

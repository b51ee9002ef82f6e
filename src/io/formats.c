/* formats.c -- the registry of trajectory formats, generated from formats.def. */
#include <string.h>

#include "nhref_run.h"

#define NHREF_FORMAT(name) extern const nhref_format_t nhref_format_##name;
#include "io/formats.def"
#undef NHREF_FORMAT

static const nhref_format_t *const registry[] = {
#define NHREF_FORMAT(name) &nhref_format_##name,
#include "io/formats.def"
#undef NHREF_FORMAT
};

size_t nhref_format_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const nhref_format_t *nhref_format_get(size_t i)
{
    return i < nhref_format_count() ? registry[i] : NULL;
}

const nhref_format_t *nhref_format_find(const char *name)
{
    for (size_t i = 0; name != NULL && i < nhref_format_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

/* ops.c -- the operations of every registered scheme in one number type (compiled
 * once per type), looked up by descriptor (schemes.def). */
#include <stddef.h>

#include "schemes/scheme_num.h"

#define NHREF_SCHEME(name) extern const scheme_ops_t NUM_IN(nhref_ops_##name);
#include "schemes/schemes.def"
#undef NHREF_SCHEME

static const scheme_ops_t *const ops[] = {
#define NHREF_SCHEME(name) &NUM_IN(nhref_ops_##name),
#include "schemes/schemes.def"
#undef NHREF_SCHEME
};

/* nhref_scheme_ops_mp, nhref_scheme_ops_d, nhref_scheme_ops_arb */
const scheme_ops_t *NUM_IN(nhref_scheme_ops)(const nhref_scheme_t *desc)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i]->desc == desc)
            return ops[i];
    return NULL;
}

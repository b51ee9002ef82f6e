/* registry.c -- the oracles by model name (see nhref_oracle.h). */
#include <string.h>

#include "nhref_oracle.h"

static int sleigh_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    nhref_oracle_sleigh_t *o;
    int status = nhref_oracle_sleigh_new(&o, p, s0, prec);
    *sol = status == NHREF_OK ? o : NULL;
    return status;
}

static int sleigh_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    return nhref_oracle_sleigh_state(s, sol, t);
}

static void sleigh_free(void *sol)
{
    nhref_oracle_sleigh_free(sol);
}

static const nhref_oracle_t oracles[] = {
    {"chaplygin_sleigh",
     "tanh law (spec §5.1, all branches); positions by Gauss-Legendre quadrature (§5.3)",
     NHREF_ORACLE_SLEIGH_NPARAM, NHREF_ORACLE_SLEIGH_NSTATE, NHREF_ORACLE_SLEIGH_NINTEGRAL,
     sleigh_new, sleigh_state, sleigh_free, nhref_oracle_sleigh_integrals},
    {"skater", "none for general data (integrals E, J1, J2 only; special solutions in nhref_oracle_skater.h)", NHREF_ORACLE_SKATER_NPARAM, NHREF_ORACLE_SKATER_NSTATE, NHREF_ORACLE_SKATER_NINTEGRAL, NULL, NULL, NULL, nhref_oracle_skater_integrals},
    /* new oracles: one entry each above this line (wrappers in the model's oracle file) */
};

const nhref_oracle_t *nhref_oracle_find(const char *model)
{
    for (size_t i = 0; i < sizeof oracles / sizeof oracles[0]; i++)
        if (strcmp(oracles[i].model, model) == 0)
            return &oracles[i];
    return NULL;
}

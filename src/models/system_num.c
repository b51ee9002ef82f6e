/* system_num.c -- a system's parameters and tape workspaces, for every number type
 * (compiled once per type, with NHREF_NUM set; declared in models/models_internal.h):
 * the parameters' decimal strings in the type, and a tape workspace with them set. */
#include "models/models_internal.h"

#include "num/num.h"
#include "tape/tape_num.h"

/* nhref_system_workspace_mp, nhref_system_workspace_d, nhref_system_workspace_arb */
int NUM_IN(nhref_system_workspace)(tape_ws_t **ws, const nhref_system_t *sys,
                                   const nhref_tape_t *tape, long prec, unsigned order, int strict)
{
    size_t np = nhref_system_model(sys)->nparam;
    num_ptr p;
    int status = NUM_TAPE_FN(new)(ws, tape, prec, order);

    if (status != NHREF_OK)
        return status;
    p = num_vec_new(np, NUM_TAPE_FN(prec)(*ws));
    status = p != NULL ? NUM_IN(nhref_system_params)(p, sys, NUM_TAPE_FN(prec)(*ws))
                       : NHREF_ENOMEM;
    if (status == NHREF_OK) {
        int set = NUM_TAPE_FN(set_params)(*ws, p);
        if (strict)
            status = set;
    }
    num_vec_free(p, np);
    if (status != NHREF_OK) {
        NUM_TAPE_FN(free)(*ws);
        *ws = NULL;
    }
    return status;
}

/* nhref_system_params_mp, nhref_system_params_d, nhref_system_params_arb */
int NUM_IN(nhref_system_params)(num_ptr p, const nhref_system_t *sys, long prec)
{
    const nhref_model_t *m = nhref_system_model(sys);

    for (size_t i = 0; i < m->nparam; i++)
        if (num_set_value(p + i, nhref_system_param_str(sys, i), prec) != NHREF_OK)
            return NHREF_EPARSE;
    return NHREF_OK;
}

/* options.c -- what every integrator shares, whatever its number type: the outcome
 * messages and the options (nhref_integrate.h). */
#include <math.h>

#include "nhref_integrate.h"

const char *nhref_outcome_str(nhref_outcome_t outcome)
{
    switch (outcome) {
#define NHREF_X_OUTCOME(name, msg) \
    case name:                     \
        return msg;
        NHREF_OUTCOME_LIST(NHREF_X_OUTCOME)
#undef NHREF_X_OUTCOME
    }
    return "unknown outcome";
}

void nhref_options_default(nhref_options_t *opt)
{
    opt->scheme = NULL;
    opt->scheme_opt = NULL;
    opt->prec = 0;
    opt->digits = 0;
    opt->max_steps = 10000000UL;
    opt->h_fixed = 0;
    opt->progress = NULL;
    opt->progress_arg = NULL;
    opt->no_model_events = 0;
    opt->nuser_event = 0;
    opt->user_event_tape = NULL;
    opt->user_event = NULL;
    opt->blowup_radius = 1e-8;
}

int nhref_options_resolve(nhref_options_t *opt)
{
    if (!(opt->digits >= 0 && opt->digits <= 1e6) || opt->prec < 0 || opt->prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    if (opt->digits == 0 && opt->prec == 0)
        opt->digits = 30;
    if (opt->prec == 0)
        opt->prec = (mpfr_prec_t)ceil(opt->digits * 3.3219280948873623) + NHREF_GUARD_BITS;
    if (opt->digits == 0)
        opt->digits = (double)opt->prec * 0.30102999566398120 - 1;
    if (opt->prec < MPFR_PREC_MIN || opt->digits < 1)
        return NHREF_EINVAL;
    return NHREF_OK;
}

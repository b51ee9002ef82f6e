/* options.c -- what every integrator shares, whatever its number type: the outcome
 * messages and the options (nhref_integrate.h). */
#include <math.h>

#include "nhref_integrate.h"
#include "integrate/integrate_internal.h"

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

long nhref_digits_prec(double digits)
{
    return (long)ceil(digits * 3.3219280948873623) + NHREF_GUARD_BITS;
}

double nhref_prec_digits(long bits)
{
    return (double)bits * 0.30102999566398120 - 1;
}

long nhref_prec_max(void)
{
    long p = (long)((1e6 + 1) / 0.30102999566398120) + 16;
    while (nhref_prec_digits(p) > 1e6)
        p--;
    return p;
}

int nhref_options_resolve(nhref_options_t *opt)
{
    double digits = opt->digits;
    mpfr_prec_t prec = opt->prec;

    if (!(digits >= 0 && digits <= 1e6) || prec < 0 || prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    if (digits == 0 && prec == 0)
        digits = 30;
    if (prec == 0)
        prec = (mpfr_prec_t)nhref_digits_prec(digits);
    if (digits == 0)
        digits = nhref_prec_digits(prec);
    /* the implied digits obey the same bounds as given ones, so that a resolved
     * OPT resolves again to itself (nhref_integrator_new resolves anew) */
    if (prec < MPFR_PREC_MIN || !(digits >= 1 && digits <= 1e6))
        return NHREF_EINVAL;
    opt->digits = digits;
    opt->prec = prec;
    return NHREF_OK;
}

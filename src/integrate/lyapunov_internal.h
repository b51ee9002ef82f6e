/* lyapunov_internal.h -- what the MPFR exponents (lyapunov.c) share with the double
 * ones (lyapunov_batch.c), so that both start and count alike. */
#ifndef NHREF_LYAPUNOV_INTERNAL_H
#define NHREF_LYAPUNOV_INTERNAL_H

#include "nhref_lyapunov.h"

/* nhref_lyap_direction -- U (nstate values at PREC bits, initialised by the caller) = the
 * initial direction of OPT on the components S[0 .. NS-1] (ones, or OPT->direction),
 * projected on the tangent plane of the level set of first integral
 * OPT->project_integral at X0 when asked, normalised on S; zero outside S.
 * Returns NHREF_OK; NHREF_EINVAL (a direction that does not parse, an integral the model
 * lacks, or a zero direction once projected); a tape's status. */
int nhref_lyap_direction(mpfr_ptr u, const nhref_system_t *sys, mpfr_srcptr x0, const size_t *S,
                         size_t ns, const nhref_lyap_opts_t *opt, mpfr_prec_t prec);

/* nhref_lyap_stats_add -- the statistics of one integration (ONE) added to a run's (ALL):
 * steps summed, order and step extremes, ONE's outcome, stop and blow-up times. */
void nhref_lyap_stats_add(nhref_stats_t *all, const nhref_stats_t *one);

#endif /* NHREF_LYAPUNOV_INTERNAL_H */

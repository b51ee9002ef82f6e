/* nhref_lyapunov.h -- finite-time Lyapunov exponents (FTLE) of a model, at any
 * precision.
 *
 * FTLE(T) = (1/T) sum_k ln(d_k / d_{k-1}), the growth of a perturbation measured
 * in a norm on chosen state components S and renormalised every tau seconds:
 *   tangent   (default) the variational equations w' = J(t, x) w, generated from
 *             the model's own tape (nhref_tape_linearize) and integrated with
 *             the state by the same integrator; d_k = |w(k tau)|_S, then
 *             w <- w / d_k with its components outside S set to 0;
 *   benettin  two trajectories x and y = x + delta0 u: d_k = |y - x|_S just
 *             before the k-th renormalisation, FTLE = (1/T) sum ln(d_k/delta0),
 *             then y <- x + delta0 (y - x)/d_k on S and y = x elsewhere (the
 *             recipe of docs/models/skater.md §6.2).
 * The initial direction u (on S; ones by default) may be projected onto the
 * tangent plane of a first integral's level set (e.g. the energy surface)
 * before it is normalised.  For T not a multiple of tau, the last interval is
 * shorter.  Source: G. Benettin, L. Galgani, A. Giorgilli, J.-M. Strelcyn,
 * Meccanica 15 (1980); spec skater.md §6.2 for the two-trajectory recipe.
 */
#ifndef NHREF_LYAPUNOV_H
#define NHREF_LYAPUNOV_H

#include <mpfr.h>

#include "nhref_integrate.h"
#include "nhref_run.h"

NHREF_BEGIN_DECLS

typedef struct {
    const char *method;        /* "tangent" (default) or "benettin" */
    const char *tau;           /* renormalisation interval [s], decimal; default "1" */
    const char *delta0;        /* benettin: initial separation, decimal; default "1e-20" */
    size_t ncomponent;         /* S: how many components (0 = all state components) */
    const size_t *component;   /* S: their indices */
    const char *const *direction; /* u on S as decimal strings (ncomponent, or nstate if
                                     ncomponent = 0); NULL = all ones */
    int project_integral;      /* >= 0: project u onto the tangent plane of that first
                                  integral's level set at x0; -1: no projection */
} nhref_lyap_opts_t;

void nhref_lyap_opts_default(nhref_lyap_opts_t *opt);

/* nhref_lyapunov -- FTLE(T_i) of SYS from X0 at t = 0, for the times T (N
 * values, increasing, > 0), integrated with the options IOPT (scheme,
 * precision, tolerance, blow-up detection; events are not used).  IOPT's
 * progress callback, if set, is called with the fraction of [0, T_{N-1}] done.
 * Shapes:    x0: nstate values; t: N values; ftle: N values (each rounded at its
 *            own precision) [1/s], NaN for the times not reached.
 * Precision: the integrations at IOPT's precision; the tangent method's FTLE
 *            agrees with the two-trajectory one to O(delta0).
 * Returns:   NHREF_OK; NHREF_EINVAL (bad options: method, tau <= 0, a component
 *            out of range, times not increasing and positive, a zero direction);
 *            NHREF_EBLOWUP (outcome BLOWUP: a finite-time blow-up before
 *            T_{N-1}, estimated at STATS->t_blowup; the FTLE of the STATS->nrows
 *            times before it are filled) or NHREF_ESTEP (outcome UNDERFLOW, the
 *            same, near STATS->t_stop), as nhref_integrate_grid; another
 *            integration status (NHREF_EDOMAIN, ...).
 *            STATS (NULL: none): the outcome, the steps of every integration,
 *            nrows = the FTLE values filled.
 * Cost:      tangent: one integration of 2 nstate equations (the linearised tape
 *            is about 4 times the model's); benettin: two of nstate. */
int nhref_lyapunov(mpfr_ptr ftle, const nhref_system_t *sys, mpfr_srcptr x0, mpfr_srcptr t,
                   size_t n, const nhref_lyap_opts_t *opt, const nhref_options_t *iopt,
                   nhref_stats_t *stats);

/* nhref_lyapunov_check -- what nhref_lyapunov_run needs of SPEC, checked before any work:
 * t-start 0; explicit times after 0 and increasing (exactly, as decimals); SPEC
 * resolved (nhref_spec_resolve); type MPFR; a grid's times after 0.  Returns NHREF_OK
 * or an error with the message in SPEC (NHREF_EINVAL, or nhref_spec_resolve's). */
int nhref_lyapunov_check(nhref_spec_t *spec);

/* nhref_lyapunov_run -- the same for SPEC (nhref_run.h; resolved here): FTLE(T_i) of its
 * model from its initial state at t-start = 0, at its times T_i (its rows: after 0,
 * increasing), with its scheme, precision and tolerance; the memory of the tangent
 * equations checked against what the process may use before anything is allocated.
 * Shapes:    ftle: nhref_spec_nrows(spec) values [1/s], at their own precision.
 * Returns:   as nhref_lyapunov; also nhref_spec_resolve's statuses, and NHREF_EINVAL
 *            (a type other than MPFR, t-start not 0, times not after 0 and increasing,
 *            a scheme's limit or the memory), with the message in SPEC.
 * Cost:      as nhref_lyapunov. */
int nhref_lyapunov_run(mpfr_ptr ftle, nhref_spec_t *spec, const nhref_lyap_opts_t *opt,
                       nhref_stats_t *stats);

NHREF_END_DECLS

#endif /* NHREF_LYAPUNOV_H */

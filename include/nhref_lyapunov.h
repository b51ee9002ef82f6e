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

/* nhref_lyapunov_batch_d -- the tangent method's FTLE(T_i) in double for NLANES systems of
 * one model at once: lane b from X0 + b nstate at t = 0 with the parameters of SYS[b]
 * (NSYS = NLANES) or of SYS[0] (NSYS = 1), the times T (N doubles, increasing, > 0) shared
 * by the lanes, the options OPT (method tangent; NULL: defaults) and IOPT (digits at most
 * 16, prec 0 or 53, scheme, max_steps; events and progress are not used; NULL: defaults).
 * The variational equations of the lanes (nhref_tape_linearize) run in one batch
 * integrator (nhref_batch.h), one nhref_batch_grid_d per renormalisation interval
 * [k tau, (k+1) tau] (shorter up to each T_i); between the calls each lane's tangent
 * vector is renormalised as nhref_lyapunov does: d_k = |w|_S, w <- w / d_k on S, zero
 * elsewhere; the initial direction (ones or OPT->direction on S, projected on a first
 * integral's level set when asked) is made as nhref_lyapunov makes it, at 53 bits.
 * Shapes:    x0: NLANES rows of nstate doubles (lane-major); t: N doubles; ftle: NLANES
 *            blocks of N doubles (lane b's at ftle + b N) [1/s], NaN for the times a
 *            lane did not reach; status: NLANES ints; stats: NLANES, or NULL.  SYS:
 *            NSYS systems of one model (the same nhref_model_t).
 * Units:     t in seconds; FTLE in 1/s.
 * Precision: double (53 bits), tolerance 10^-digits (at most 10^-15 by default) of
 *            each interval's integration.  Lane b's values are bit for bit those of
 *            nhref_lyapunov_d on its own (the batch integrator's lanes are separate runs;
 *            a lane's renormalisation reads only its own values).  Against nhref_lyapunov
 *            at high precision: the tolerance times the growth of the errors over
 *            [0, T], e.g. 13 digits on the skater's case L1 at T = 40
 *            (tests/check_lyapunov.c).
 * Returns:   NHREF_OK when every lane ran, STATUS[b] lane b's: NHREF_OK; NHREF_EINVAL (its
 *            initial direction is zero once projected, or does not parse); NHREF_EPARAM
 *            (its parameters or initial state fail the model's checks); NHREF_EDOMAIN
 *            (its tangent vector's norm became 0 or not finite), or an interval's
 *            status (NHREF_EBLOWUP, NHREF_ESTEP, NHREF_EDOMAIN, NHREF_EMAXSTEPS: see
 *            nhref_batch_grid_d) with stats[b] that interval's outcome and times --
 *            its FTLE filled for the stats[b].nrows times before; such a lane leaves
 *            the batch, the others go on as if it had never been there.  The step
 *            limit IOPT->max_steps bounds each interval and the lane's total (a lane at
 *            it before an interval stops with NHREF_EMAXSTEPS); a run of more than
 *            max_steps intervals is refused for every lane (NHREF_EMAXSTEPS, the count
 *            in steps_estimate).
 *            NHREF_EINVAL (nothing run, every STATUS[b] NHREF_EINVAL): a NULL pointer,
 *            NLANES or N 0, NSYS neither 1 nor NLANES, systems of different models,
 *            a method other than tangent, tau not > 0, times not increasing and
 *            positive, a component out of range, IOPT refused by
 *            nhref_integrator_new_d.  NHREF_ENOMEM (every STATUS[b] so).
 * Cost:      one batch integration of 2 nstate equations per interval (the linearised
 *            tape is about 4 times the model's), a pack of four lanes running until its
 *            slowest lane is done; the batch integrator is made once, and again when a
 *            lane leaves.
 * Source:    as nhref_lyapunov; F. Biscani and D. Izzo, MNRAS 504(2), 2021, §5 (batch
 *            mode). */
int nhref_lyapunov_batch_d(double *ftle, int *status, nhref_stats_t *stats,
                           const nhref_system_t *const *sys, size_t nsys, const double *x0,
                           size_t nlanes, const double *t, size_t n,
                           const nhref_lyap_opts_t *opt, const nhref_options_t *iopt);

/* nhref_lyapunov_d -- the same for one system: nhref_lyapunov_batch_d with one lane (so
 * that a lane of a batch and a run on its own are the same numbers, bit for bit).
 * Shapes:    x0: nstate doubles; t, ftle: N doubles (NaN where not reached).
 * Returns:   the lane's status (NHREF_OK, NHREF_EINVAL, NHREF_EPARAM, NHREF_EDOMAIN,
 *            NHREF_EBLOWUP, NHREF_ESTEP, NHREF_EMAXSTEPS) or the call's (NHREF_EINVAL,
 *            NHREF_ENOMEM), as nhref_lyapunov_batch_d.
 * Cost:      as nhref_lyapunov_batch_d with one lane (a pack of four lanes, one used). */
int nhref_lyapunov_d(double *ftle, nhref_stats_t *stats, const nhref_system_t *sys,
                     const double *x0, const double *t, size_t n, const nhref_lyap_opts_t *opt,
                     const nhref_options_t *iopt);

/* nhref_lyapunov_check -- what nhref_lyapunov_run needs of SPEC, checked before any work:
 * no set of initial or parameter values (one trajectory's exponents); t-start 0;
 * explicit times after 0 and increasing (exactly, as decimals); SPEC resolved
 * (nhref_spec_resolve); type MPFR or double (not proven); a grid's times after 0.
 * Returns NHREF_OK or an error with the message in SPEC (NHREF_EINVAL, or
 * nhref_spec_resolve's). */
int nhref_lyapunov_check(nhref_spec_t *spec);

/* nhref_lyapunov_run -- the same for SPEC (nhref_run.h; resolved here): FTLE(T_i) of its
 * model from its initial state at t-start = 0, at its times T_i (its rows: after 0,
 * increasing), with its scheme, precision and tolerance; the memory of the tangent
 * equations checked against what the process may use before anything is allocated.
 * A double SPEC (type double: `--fast`) runs nhref_lyapunov_d (tangent method only) on its
 * initial state and times rounded to nearest double (as `nhref run --fast` reads them).
 * Shapes:    ftle: nhref_spec_nrows(spec) values [1/s], at their own precision.
 * Returns:   as nhref_lyapunov (nhref_lyapunov_d for a double SPEC); also
 *            nhref_spec_resolve's statuses, and NHREF_EINVAL (type proven, t-start not 0,
 *            times not after 0 and increasing, a scheme's limit or the memory; in double,
 *            a method other than tangent), with the message in SPEC.
 * Cost:      as nhref_lyapunov, or nhref_lyapunov_d. */
int nhref_lyapunov_run(mpfr_ptr ftle, nhref_spec_t *spec, const nhref_lyap_opts_t *opt,
                       nhref_stats_t *stats);

/* nhref_lyapunov_run_batch -- nhref_lyapunov_run of the double specs SPEC[0 .. NSPEC-1] at
 * once, by nhref_lyapunov_batch_d: the specs that join are those that pass
 * nhref_lyapunov_check, of type double, of SPEC[0]'s model, number of times, times (as
 * doubles), scheme and options; each one's FTLE are those nhref_lyapunov_run would give
 * it, bit for bit (its lane is its run on its own).
 * Shapes:    ftle: NSPEC blocks of nhref_spec_nrows(SPEC[0]) doubles (spec k's at ftle
 *            + k nrows) [1/s], NaN where not reached; status, stats: NSPEC.
 * Returns:   NHREF_OK, STATUS[k] spec k's: NHREF_EINVAL if it did not join (nothing
 *            computed for it: run it with nhref_lyapunov_run), else its lane's status
 *            (nhref_lyapunov_d's, with the message in SPEC[k] as nhref_lyapunov_run
 *            leaves it); NHREF_EINVAL if NSPEC is 0; NHREF_ENOMEM or the batch's error.
 * Cost:      one nhref_lyapunov_batch_d of the specs that join. */
int nhref_lyapunov_run_batch(double *ftle, int *status, nhref_stats_t *stats,
                             nhref_spec_t *const *spec, size_t nspec,
                             const nhref_lyap_opts_t *opt);

NHREF_END_DECLS

#endif /* NHREF_LYAPUNOV_H */

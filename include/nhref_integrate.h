/* nhref_integrate.h -- integrators: a system, a scheme and a precision fixed at
 * construction; integration to a final time or over an output grid, with dense
 * output, statistics and an outcome.
 *
 * Usage:
 *     nhref_options_t opt;
 *     nhref_options_default(&opt);  opt.digits = 100;
 *     nhref_integrator_new(&ig, sys, &opt);
 *     nhref_integrate_grid(ig, out, x0, tgrid, n, &stats);
 */
#ifndef NHREF_INTEGRATE_H
#define NHREF_INTEGRATE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"
#include "nhref_scheme.h"
#include "nhref_tape.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* How an integration ended: X(name, message).  Outcomes are not errors. */
#define NHREF_OUTCOME_LIST(X)                                                     \
    X(NHREF_OUTCOME_NONE, "not run")                                              \
    X(NHREF_OUTCOME_REACHED, "reached the final time")                            \
    X(NHREF_OUTCOME_EVENT, "stopped by an event")                                 \
    X(NHREF_OUTCOME_BLOWUP, "stopped before a finite-time blow-up")               \
    X(NHREF_OUTCOME_FAILED, "stopped by an error (see the status)")               \
    X(NHREF_OUTCOME_UNDERFLOW, "stopped: the step size underflowed")              \
    X(NHREF_OUTCOME_UNPROVEN, "stopped where no enclosure could be proven (nhref_arb.h)")

typedef enum {
#define NHREF_X_OUTCOME(name, msg) name,
    NHREF_OUTCOME_LIST(NHREF_X_OUTCOME)
#undef NHREF_X_OUTCOME
} nhref_outcome_t;

/* The message of OUTCOME (static). */
const char *nhref_outcome_str(nhref_outcome_t outcome);

/* Options of an integrator, the same for every number type.  Set them with
 * nhref_options_default, then change what you need. */
typedef struct {
    const char *scheme;      /* registered scheme name (nhref_scheme.h); NULL = the first
                                ("taylor") */
    const char *scheme_opt;  /* the scheme's own options, "NAME=VALUE[,NAME=VALUE]...",
                                e.g. "order=40" (taylor) or "stages=8" (gauss); NULL =
                                the scheme's defaults (nhref_scheme_check_opts) */
    mpfr_prec_t prec;        /* working precision [bits]; 0 = from digits (double: 0 or
                                53) */
    double digits;           /* tolerance 10^-digits; 0 = from prec (double: 15; at most
                                16) */
    unsigned long max_steps; /* 0 = no limit */
    double h_fixed;          /* > 0: fixed step size [s], no error control (order
                                studies); 0 = adaptive */
    /* progress: called after every step with the fraction of the interval
     * done, in [0, 1]; NULL for none */
    void (*progress)(void *arg, double fraction);
    void *progress_arg;
    /* Events.  The model's declared events are watched unless no_model_events
     * is set; NUSER_EVENT more are given as tapes (same inputs as the model, one
     * output g(t, x, p) each, e.g. from nhref_tape_parse) with their
     * descriptors; the tapes must outlive the integrator.  A crossing of zero (in
     * the descriptor's direction) is located on the step's dense output to the
     * working precision; a sign change where |g| grows without bound (a pole, as
     * of 1/y at y = 0) or g is undefined is no crossing.  A terminal event ends the integration there (outcome
     * EVENT, status NHREF_OK); every crossing, terminal or not, is passed to the
     * integrator's event callback (nhref_integrator_on_event; event index K: model
     * events first, then user events). */
    int no_model_events;
    size_t nuser_event;
    const nhref_tape_t *const *user_event_tape;
    const nhref_event_desc_t *user_event;
    /* Finite-time blow-up, one rule for every scheme, number type and integrator (the
     * proven one of nhref_arb.h too: one source, src/integrate/blowup.h): the
     * integration ends with status NHREF_EBLOWUP and outcome BLOWUP when, over the
     * last 5 steps, |x| grew at every step, by at least 0.1 ln(d_first/d_last) (a
     * blow-up |x| ~ (t* - t)^-p of order p >= 0.1), and the distance d to the
     * singularity shrank, to below blowup_radius * max(1, |t|) (default 1e-8; 0
     * disables).  d is the radius of convergence where the scheme estimates it
     * (Taylor: it must shrink at every step by at least half the step), otherwise
     * the rest of the geometric series of the steps, |h| / (1 - r), r their mean
     * ratio (Gauss: |h| must at least halve over the 5 steps).  stats->t_blowup =
     * t + d.  If the scheme can no longer advance (the step size underflows) first,
     * the same test without the bound on d decides between BLOWUP and outcome
     * UNDERFLOW (status NHREF_ESTEP). */
    double blowup_radius;
} nhref_options_t;

/* Defaults: Taylor, 30 digits, at most 10^7 steps, the model's events, blow-up
 * detection on. */
void nhref_options_default(nhref_options_t *opt);

/* nhref_options_resolve -- fill in OPT->prec and OPT->digits from each other
 * for an MPFR (or Arb) integrator (the rules below; 30 digits when neither is set).
 * Idempotent: a resolved OPT resolves to itself.
 * Returns NHREF_OK or NHREF_EINVAL (digits outside (0, 10^6], prec outside
 * [MPFR_PREC_MIN, MPFR_PREC_MAX], or implied digits outside [1, 10^6]: a
 * precision alone must lie in [MPFR_PREC_MIN, 3321931] bits).  OPT is changed
 * only on success. */
int nhref_options_resolve(nhref_options_t *opt);

/* nhref_prec_max -- the largest precision nhref_options_resolve accepts alone: its
 * implied digits, prec log10(2) - 1, at most 10^6 (3321931 bits).  Cost: O(1). */
long nhref_prec_max(void);

/* Guard bits added to the precision implied by digits:
 * prec = ceil(digits log2(10)) + NHREF_GUARD_BITS; conversely a precision
 * alone implies digits = prec log10(2) - 1. */
#define NHREF_GUARD_BITS 32

typedef struct {
    nhref_outcome_t outcome;
    unsigned long nsteps;
    unsigned order_min, order_max;
    double h_min, h_max; /* |h| of the steps taken (the final, clipped one excluded
                            when there were others) */
    size_t nrows;        /* output rows filled (grid) */
    int event;           /* outcome EVENT: index of the terminal event that stopped the
                            run (model events first, then user events); else -1 */
    double t_stop;       /* where the integration stopped (exact value: *t of
                            nhref_integrate_until) */
    double t_blowup;     /* outcome BLOWUP: the estimated blow-up time; else NaN */
    double steps_estimate; /* status NHREF_EMAXSTEPS after the first steps: the steps the
                              whole run would take, extrapolated from the step size
                              (src/integrate/budget.h; above max_steps); 0 when the limit
                              was reached by counting, or the run did not stop there */
} nhref_stats_t;
/* (nrows also counts the values of nhref_lyapunov; see nhref_lyapunov.h) */

typedef struct nhref_integrator nhref_integrator_t;

/* nhref_integrator_new -- an integrator of SYS (its current parameters) with
 * OPT (NULL: defaults).  The precision and tolerance are resolved here.
 * Returns: NHREF_OK; NHREF_EPARAM if the parameters fail the model's checks
 * (nhref_system_check tells why); NHREF_ENOTFOUND for an unknown scheme;
 * NHREF_EINVAL for digits or prec out of range, or scheme options that
 * nhref_scheme_check_opts refuses; NHREF_EDOMAIN if a constant of the model is
 * undefined; NHREF_ENOMEM.
 * Cost: allocates every MPFR number the integration needs. */
int nhref_integrator_new(nhref_integrator_t **ig, const nhref_system_t *sys,
                         const nhref_options_t *opt);
void nhref_integrator_free(nhref_integrator_t *ig);

mpfr_prec_t nhref_integrator_prec(const nhref_integrator_t *ig);
double nhref_integrator_digits(const nhref_integrator_t *ig);
const nhref_scheme_t *nhref_integrator_scheme(const nhref_integrator_t *ig);
const nhref_system_t *nhref_integrator_system(const nhref_integrator_t *ig);
/* The order of the scheme as configured (Taylor: its order N; Gauss: 2s). */
unsigned nhref_integrator_order(const nhref_integrator_t *ig);

/* nhref_integrator_on_row -- FN is called with every output row of
 * nhref_integrate_grid as soon as it is known (row index I, time T, state X); a
 * non-zero return stops the integration with NHREF_EIO.  FN NULL: none. */
void nhref_integrator_on_row(nhref_integrator_t *ig,
                             int (*fn)(void *arg, size_t i, mpfr_srcptr t, mpfr_srcptr x),
                             void *arg);

/* nhref_integrator_on_event -- FN is called with every event crossing (event index
 * K, time T and state X there; see nhref_options_t).  FN NULL: none. */
void nhref_integrator_on_event(nhref_integrator_t *ig,
                               void (*fn)(void *arg, size_t k, mpfr_srcptr t, mpfr_srcptr x),
                               void *arg);

/* nhref_integrate_grid -- integrate from X0 at TGRID[0] through every
 * TGRID[i], i < N (monotone, increasing or decreasing; repeated times
 * allowed).  Steps are chosen by the scheme towards TGRID[N-1] and are not
 * shortened by the grid: the rows between are filled by dense output, so a
 * row does not depend on the other rows asked for.
 * Shapes:    x0: nstate values; tgrid: N values; out: N rows of nstate values
 *            (row-major), initialised by the caller at any precision, or NULL
 *            to receive the rows only through the row callback (nhref_integrator_on_row)
 *            (memory then independent of N); out may not alias x0.
 * Units:     as in the model's state table; t in seconds.
 * Precision: internal values at the integrator's precision; target
 *            |error| <= 10^-digits * max(1, |x|_inf) per step (VALIDATED,
 *            not rigorous).
 * Returns:   NHREF_OK (outcome REACHED, or EVENT: a terminal event stopped the
 *            run, rows filled up to the event time, stats->event tells which);
 *            NHREF_EBLOWUP (outcome BLOWUP: finite-time blow-up ahead,
 *            stats->t_blowup estimates it; see blowup_radius); NHREF_ESTEP
 *            (outcome UNDERFLOW: the step no longer advances t at the working
 *            precision, near stats->t_stop, and the last steps show no blow-up);
 *            NHREF_EPARAM (X0 fails the model's initial-state conditions:
 *            nhref_system_check_init says why); NHREF_EINVAL (N = 0 or TGRID not
 *            monotone); NHREF_EDOMAIN if f is undefined on the way;
 *            NHREF_EMAXSTEPS; NHREF_ENOCONV; NHREF_EIO if the row callback asked
 *            to stop (outcome FAILED).  Unless REACHED, rows are filled up to
 *            STATS->nrows and nhref_integrator_state gives where it stopped.
 *            The same in every number type (nhref_fast.h, nhref_arb.h): one driver.
 * Cost:      about nsteps * K_eff * order^2 / 2 multiply-adds.
 * Source:    Jorba & Zou 2005 (order and step size). */
int nhref_integrate_grid(nhref_integrator_t *ig, mpfr_ptr out, mpfr_srcptr x0,
                         mpfr_srcptr tgrid, size_t n, nhref_stats_t *stats);

/* nhref_integrate_until -- integrate X from *T to T_END; on return X and *T
 * hold where the integration stopped: T_END, or the time of a terminal event
 * (located to the working precision), or the last time reached.  Same
 * statuses. */
int nhref_integrate_until(nhref_integrator_t *ig, mpfr_ptr x, mpfr_ptr t, mpfr_srcptr t_end,
                          nhref_stats_t *stats);

/* nhref_integrator_state -- the time T and state X (nstate values, rounded at
 * their own precision) where the last integration stopped: its end, a terminal
 * event, a blow-up or an error. */
void nhref_integrator_state(const nhref_integrator_t *ig, mpfr_ptr t, mpfr_ptr x);

/* nhref_integrator_integrals -- the model's first integrals (monitoring
 * tape) at (T, X): nintegral values, NaN where one is undefined.
 * Returns NHREF_OK, or NHREF_EINVAL if the model has none. */
int nhref_integrator_integrals(nhref_integrator_t *ig, mpfr_ptr I, mpfr_srcptr t,
                               mpfr_srcptr x);

NHREF_END_DECLS

#endif /* NHREF_INTEGRATE_H */

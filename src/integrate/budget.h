/* budget.h -- the step budget of one integration, extrapolated (docs/limits.md, "Bounded
 * runs"): a run whose step count would exceed its limit (nhref_options_t.max_steps) is
 * stopped after its first steps, not after hours at the limit.  One rule for every
 * scheme, number type and integrator (driver.c in every type, proven.c); header-only
 * (static inline), like blowup.h.
 *
 * The rule: at the checks, after 16, 32, 64, ... steps (each check doubles the count),
 * the mean |h| over the steps since the last check gives the steps still to go,
 * |t_end - t| / mean |h|.  When the count so far plus those exceeds NHREF_BUDGET_MARGIN
 * times the limit, the run stops with NHREF_EMAXSTEPS and the estimate
 * (nhref_stats_t.steps_estimate) -- only while the mean |h| is steady: within a factor
 * of 2 of the last check's.  Growing steps make the estimate pessimistic, so the decision
 * waits for the next check; steps that shrink geometrically approach a singularity,
 * where the blow-up rule (blowup.h) or the step-size underflow ends the run, or else the
 * limit by counting.  The first check only records.  The margin keeps runs whose steps grow slowly
 * (the estimate of the built-in models' default runs overshoots by up to 2.6 times) from
 * being refused early; a run between the limit and the margin stops at the limit, by
 * counting.  Cost: O(1) per step. */
#ifndef NHREF_BUDGET_H
#define NHREF_BUDGET_H

#include <math.h>

#define NHREF_BUDGET_FIRST 16
#define NHREF_BUDGET_MARGIN 4.0

typedef struct {
    unsigned long next; /* the step count of the next check */
    unsigned long n0;   /* the step count at the last check */
    double t0;          /* the time there */
    double h0;          /* the mean |h| of the window before it (0: none yet) */
} nhref_budget_t;

/* an integration starts at time T */
static inline void nhref_budget_start(nhref_budget_t *b, double t)
{
    b->next = NHREF_BUDGET_FIRST;
    b->n0 = 0;
    b->t0 = t;
    b->h0 = 0;
}

/* after N steps, at time T, towards T_END, with the limit MAX (0: none): the estimated
 * steps of the whole run when the rule above stops it (above NHREF_BUDGET_MARGIN MAX),
 * else 0 */
static inline double nhref_budget_check(nhref_budget_t *b, unsigned long n, double t,
                                        double t_end, unsigned long max)
{
    double h, est = 0;
    if (max == 0 || n < b->next)
        return 0;
    h = fabs(t - b->t0) / (double)(n - b->n0);
    if (b->h0 > 0 && h > 0 && h <= 2 * b->h0 && h >= b->h0 / 2 && isfinite(t_end - t)) {
        est = (double)n + fabs(t_end - t) / h;
        if (!(est > NHREF_BUDGET_MARGIN * (double)max))
            est = 0;
    }
    b->h0 = h;
    b->n0 = n;
    b->t0 = t;
    b->next = n <= ~0UL / 2 ? 2 * n : ~0UL;
    return est;
}

#endif /* NHREF_BUDGET_H */

/* blowup.h -- the finite-time blow-up rule, one for every scheme, number type and
 * integrator (the generic driver, driver.c, in every type; the proven integrator,
 * proven.c): a window of the last NHREF_BLOWUP_HISTORY accepted steps and the test on
 * it.  Header-only (static inline): the double driver's step loop keeps it inline.
 * The rule and its constants: nhref_integrate.h (nhref_options_t.blowup_radius). */
#ifndef NHREF_BLOWUP_H
#define NHREF_BLOWUP_H

#include <math.h>
#include <string.h>

#define NHREF_BLOWUP_HISTORY 5
#define NHREF_BLOWUP_MIN_ORDER 0.1

typedef struct {
    /* the last steps, oldest first: ln(radius of convergence) at the step's start (NaN
     * without one), ln max(1, |x|), the step's start and |h| */
    struct {
        double lrho, lnorm, t, h;
    } hist[NHREF_BLOWUP_HISTORY];
    int n;
    /* of the records so far: how many of the latest grew in norm over their predecessor,
     * one after the other; how many of the latest have a radius, one after the other */
    int ngrow, nradius;
} nhref_blowup_t;

/* forget every step (an integration starts) */
static inline void nhref_blowup_reset(nhref_blowup_t *b)
{
    b->n = b->ngrow = b->nradius = 0;
}

/* the accepted step from T_START of size H (signed), with LRHO and LNORM at its start */
static inline void nhref_blowup_record(nhref_blowup_t *b, double lrho, double lnorm,
                                       double t_start, double h)
{
    int n = b->n;
    b->ngrow = n > 0 && lnorm > b->hist[n - 1].lnorm ? b->ngrow + 1 : 0;
    b->nradius = !isnan(lrho) ? b->nradius + 1 : 0;
    if (n == NHREF_BLOWUP_HISTORY) {
        memmove(b->hist, b->hist + 1, (NHREF_BLOWUP_HISTORY - 1) * sizeof b->hist[0]);
        n--;
    }
    b->hist[n].lrho = lrho;
    b->hist[n].lnorm = lnorm;
    b->hist[n].t = t_start;
    b->hist[n].h = fabs(h);
    b->n = n + 1;
}

/* nhref_blowup_seen -- a finite-time blow-up ahead, seen in the window: the distance d
 * to the singularity shrinks while |x| grows at every step, and grows as a blow-up of
 * order at least NHREF_BLOWUP_MIN_ORDER: ln |x| gains at least that times
 * ln(d_first / d_last) over the window (|x| ~ (t* - t)^-p; a solution that merely
 * drifts while the steps collapse for another reason is not a blow-up).  With RADIUS
 * (the steps carry the radius of convergence: Taylor), d is that radius, and it shrank
 * at every step by at least half the step taken (the singularity does not recede).
 * Otherwise d follows the steps (an adaptive step near a power-law singularity is a
 * fixed fraction of the distance to it): |h| at least halved over the window (step by
 * step it may pause: the error estimate of a low-precision scheme is noisy there), and
 * d is the rest of that geometric series, |h| / (1 - r) from the last step's start, r
 * the mean ratio.  With WITHIN, d must also be below LIMIT max(1, |t|).  *TB = the
 * estimated blow-up time t_start + DIR d.  Returns 1 if seen, else 0.
 * Cost: O(1) in the common case (the norm's growth is tested first). */
static inline int nhref_blowup_seen(const nhref_blowup_t *b, int radius, int within, double limit,
                                    int dir, double *tb)
{
    const int n = b->n;
    double d, shrink;

    if (n < NHREF_BLOWUP_HISTORY)
        return 0;
    /* every condition must hold; the cheap ones are tested first: the norm's growth,
     * then the distance against the limit (which ends most calls of a run that does
     * grow), then the radius's shrinking step by step */
    if (b->ngrow < n - 1)
        return 0;
    radius = radius && b->nradius >= n;
    if (radius) {
        d = exp(b->hist[n - 1].lrho);
    } else {
        double r;
        if (!(b->hist[n - 1].h > 0 && b->hist[n - 1].h <= b->hist[0].h / 2))
            return 0;
        r = pow(b->hist[n - 1].h / b->hist[0].h, 1.0 / (n - 1));
        d = b->hist[n - 1].h / (1 - r);
    }
    if (within && !(d < limit * fmax(1.0, fabs(b->hist[n - 1].t))))
        return 0;
    if (radius) {
        for (int i = 1; i < n; i++) {
            double shrunk = exp(b->hist[i - 1].lrho) - b->hist[i - 1].h / 2;
            if (!(shrunk > 0 && b->hist[i].lrho < log(shrunk)))
                return 0;
        }
        shrink = b->hist[0].lrho - b->hist[n - 1].lrho;
    } else {
        shrink = log(b->hist[0].h / b->hist[n - 1].h);
    }
    if (!(b->hist[n - 1].lnorm - b->hist[0].lnorm >= NHREF_BLOWUP_MIN_ORDER * shrink))
        return 0;
    *tb = b->hist[n - 1].t + dir * d;
    return 1;
}

#endif /* NHREF_BLOWUP_H */

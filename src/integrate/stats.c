/* stats.c -- the statistics of a run, kept the same way by the MPFR driver
 * (integrator.c) and the double one (fast.c). */
#include <math.h>
#include <string.h>

#include "integrate/integrate_internal.h"

void nhref_stats_start(nhref_stats_t *s)
{
    memset(s, 0, sizeof *s);
    s->outcome = NHREF_OUTCOME_NONE;
    s->event = -1;
    s->t_blowup = NAN;
}

void nhref_stats_step(nhref_stats_t *s, const nhref_step_info_t *info, int last)
{
    double h = fabs(info->h);
    if (s->nsteps == 0 || info->order < s->order_min)
        s->order_min = info->order;
    if (info->order > s->order_max)
        s->order_max = info->order;
    /* the final step is clipped to the end time: it says nothing of h_min */
    if (!last || s->nsteps == 0) {
        if (s->h_min == 0 || h < s->h_min)
            s->h_min = h;
        if (h > s->h_max)
            s->h_max = h;
    }
    s->nsteps++;
}

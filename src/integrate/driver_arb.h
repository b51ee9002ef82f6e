/* driver_arb.h -- the driver in Arb ball arithmetic (internal): nhref_integrate.h's
 * API, from the same source, on arb_t.  Not public: the schemes it drives propagate
 * round-off rigorously but not their truncation error, so its balls are NOT
 * enclosures of the true solution.  The scheme battery runs it, as every type. */
#ifndef NHREF_DRIVER_ARB_H
#define NHREF_DRIVER_ARB_H

#include <arb.h>

#include "nhref_integrate.h"

typedef struct nhref_integrator_arb nhref_integrator_arb_t;

int nhref_integrator_new_arb(nhref_integrator_arb_t **ig, const nhref_system_t *sys,
                             const nhref_options_t *opt);
void nhref_integrator_free_arb(nhref_integrator_arb_t *ig);
long nhref_integrator_prec_arb(const nhref_integrator_arb_t *ig);
double nhref_integrator_digits_arb(const nhref_integrator_arb_t *ig);
const nhref_scheme_t *nhref_integrator_scheme_arb(const nhref_integrator_arb_t *ig);
const nhref_system_t *nhref_integrator_system_arb(const nhref_integrator_arb_t *ig);
unsigned nhref_integrator_order_arb(const nhref_integrator_arb_t *ig);
void nhref_integrator_on_row_arb(nhref_integrator_arb_t *ig,
                                 int (*fn)(void *arg, size_t i, arb_srcptr t, arb_srcptr x),
                                 void *arg);
void nhref_integrator_on_event_arb(nhref_integrator_arb_t *ig,
                                   void (*fn)(void *arg, size_t k, arb_srcptr t, arb_srcptr x),
                                   void *arg);
int nhref_integrate_grid_arb(nhref_integrator_arb_t *ig, arb_ptr out, arb_srcptr x0,
                             arb_srcptr tgrid, size_t n, nhref_stats_t *stats);
int nhref_integrate_until_arb(nhref_integrator_arb_t *ig, arb_ptr x, arb_ptr t, arb_srcptr t_end,
                              nhref_stats_t *stats);
void nhref_integrator_state_arb(const nhref_integrator_arb_t *ig, arb_ptr t, arb_ptr x);
int nhref_integrator_integrals_arb(nhref_integrator_arb_t *ig, arb_ptr I, arb_srcptr t,
                                   arb_srcptr x);

#endif /* NHREF_DRIVER_ARB_H */

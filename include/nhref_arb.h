/* nhref_arb.h -- the tape interpreter and the jet kernels in Arb ball arithmetic
 * (libflint-arb): rigorous enclosures.
 *
 * The same sources as the MPFR and double interpreters (nhref_tape.h, nhref_jet.h),
 * compiled for Arb's arb_t: every value is a ball [m - r, m + r], and every operation
 * returns a ball that contains the exact result for every point of its argument
 * balls.  Hence:
 *   - nhref_tape_arb_eval: each output ball contains f(t, x, p) for every t, x, p in
 *     the input balls (the parameters and the decimal constants of the tape enter as
 *     balls that contain their decimal values exactly);
 *   - nhref_tape_arb_ode_jet: each coefficient ball contains the exact Taylor
 *     coefficient of the solution through (t, x), for every point of the balls.
 * Where Arb cannot bound a result -- a square root or logarithm of a ball that reaches
 * below 0, a division by a ball that contains 0, atanh of a ball that reaches +-1 --
 * the status is NHREF_EDOMAIN and the value NaN (indeterminate): never a ball that
 * might not contain the result.
 *
 * Control decisions inside the interpreter (the pivot order of a linear solve) look
 * at midpoints; they change only how wide a ball is, never whether it encloses.
 *
 * Precision: PREC bits for every midpoint; radii grow with the condition of the
 * computation.  For exact inputs (radius 0), the relative radius of a coefficient is a
 * modest multiple of 2^-PREC.
 *
 * Source: F. Johansson, "Arb: efficient arbitrary-precision midpoint-radius interval
 * arithmetic", IEEE Trans. Computers 66(8) (2017); R. E. Moore, "Interval Analysis"
 * (1966), ch. 11 (interval Taylor coefficients).
 */
#ifndef NHREF_ARB_H
#define NHREF_ARB_H

#include <stddef.h>
#include <stdio.h>

#include <arb.h>

#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_status.h"
#include "nhref_tape.h"

NHREF_BEGIN_DECLS

/* ------------------------------------------------------------------ jet kernels
 * As nhref_jet.h, on arb_t series; every kernel rigorous (see above). */
typedef struct {
    arb_t acc, tmp; /* scratch */
    long prec;      /* the working precision [bits] */
} nhref_jet_ws_arb_t;

void nhref_jet_ws_init_arb(nhref_jet_ws_arb_t *ws, long prec);
void nhref_jet_ws_clear_arb(nhref_jet_ws_arb_t *ws);
int nhref_jet_const_arb(arb_ptr w, const char *decimal, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_add_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_sub_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_neg_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_mul_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_mul_scalar_arb(arb_ptr w, arb_srcptr c, arb_srcptr v, unsigned k,
                             nhref_jet_ws_arb_t *ws);
int nhref_jet_sqr_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_div_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_div_scalar_arb(arb_ptr w, arb_srcptr u, arb_srcptr c, unsigned k,
                             nhref_jet_ws_arb_t *ws);
int nhref_jet_sqrt_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_sincos_arb(arb_ptr s, arb_ptr c, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_exp_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_log_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_atan_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_atanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_tanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_pow_si_arb(arb_ptr w, arb_ptr *aux, arb_srcptr u, long n, unsigned k,
                         nhref_jet_ws_arb_t *ws);

/* ------------------------------------------------------------------ tape interpreter
 * As nhref_tape_mp_new, ..., nhref_tape_mp_state_series, in Arb at PREC bits.
 * Statuses as the MPFR functions; NHREF_EDOMAIN also where a ball is too wide for the
 * operation to be bounded (see above). */
typedef struct nhref_tape_arb nhref_tape_arb_t;

int nhref_tape_arb_new(nhref_tape_arb_t **ws, const nhref_tape_t *tape, long prec,
                       unsigned order);
void nhref_tape_arb_free(nhref_tape_arb_t *ws);
long nhref_tape_arb_prec(const nhref_tape_arb_t *ws);
unsigned nhref_tape_arb_order(const nhref_tape_arb_t *ws);
int nhref_tape_arb_set_params(nhref_tape_arb_t *ws, arb_srcptr params);
int nhref_tape_arb_eval(arb_ptr out, nhref_tape_arb_t *ws, arb_srcptr t, arb_srcptr x);
int nhref_tape_arb_ode_jet(nhref_tape_arb_t *ws, arb_srcptr t, arb_srcptr x, unsigned order);
arb_srcptr nhref_tape_arb_state_series(const nhref_tape_arb_t *ws, size_t i);

/* ------------------------------------------------------------------ proven trajectories
 * A validated Taylor integrator: at every grid time it returns a box (one ball per
 * state component) that PROVABLY contains the exact solution of the model's equations
 * through every initial state in the initial balls, with the model's parameters
 * equal to their decimal values (the decimal constants enter as balls that contain
 * them).  The enclosure is kept in Lohner's form m + B r (a point, a point matrix, a
 * box) to control the wrapping effect; each step validates an a priori enclosure by
 * the high-order enclosure test, bounds the Lagrange remainder over it, and encloses
 * the flow's Jacobian from the variational equations (nhref_tape_linearize).
 * Statements, sources and where each is checked: proofs/rigorous_taylor.md.
 *
 * Sources: R. J. Lohner, "Enclosing the solutions of ordinary initial and boundary
 * value problems", in Computer Arithmetic (1987) 255-286; N. S. Nedialkov, K. R.
 * Jackson, G. F. Corliss, "Validated solutions of initial value problems for ordinary
 * differential equations", Appl. Math. Comput. 105 (1999) 21-68 (the a priori
 * enclosure); P. Zgliczynski, "C^1 Lohner algorithm", Found. Comput. Math. 2 (2002)
 * 429-465; T. Kapela et al., "CAPD::DynSys", Commun. Nonlinear Sci. Numer. Simul. 101
 * (2021) 105578.
 *
 * Cost per step: a Taylor jet of the right-hand side to the order N at a point (in Arb
 * at the working precision), one to the order 8 over the candidate box (the a priori
 * enclosure) and one to N over the validated box (the remainder, 64 bits), a jet of the
 * variational equations (n (1 + n) components, order 8, 64 bits), and O(n^3) matrix
 * work.  A step that cannot be validated is shortened (at most 24 times); the run
 * stops UNPROVEN when the validated steps fall below 1/1000 of the Taylor step, and
 * BLOWUP when the last steps show a finite-time blow-up ahead.  No ball is ever
 * returned that is not proven. */
typedef struct nhref_proven nhref_proven_t;

/* nhref_proven_new -- a validated integrator of SYS with OPT (NULL: defaults).
 * OPT: digits or prec as for nhref_integrator_new (the tolerance sets the order N =
 * ceil(1.1513 D + 1), at least 4, and the step; PREC the midpoints' precision); scheme
 * NULL or "taylor"; scheme_opt "order=N" allowed; max_steps, no_model_events,
 * progress honoured; h_fixed must be 0; user events are not supported.
 * Returns NHREF_OK; NHREF_EPARAM (SYS's parameters not admissible); NHREF_EINVAL
 * (options out of range, another scheme, h_fixed, user events); NHREF_ENOMEM;
 * NHREF_ETAPE (a tape that cannot be linearised). */
int nhref_proven_new(nhref_proven_t **pv, const nhref_system_t *sys, const nhref_options_t *opt);
void nhref_proven_free(nhref_proven_t *pv);

/* nhref_proven_on_row -- FN(ARG, I, T, X) at every grid row, T the grid time's ball and
 * X the enclosure (nstate balls); a nonzero return stops the run with NHREF_EIO. */
void nhref_proven_on_row(nhref_proven_t *pv,
                         int (*fn)(void *arg, size_t i, arb_srcptr t, arb_srcptr x), void *arg);
long nhref_proven_prec(const nhref_proven_t *pv);
unsigned nhref_proven_order(const nhref_proven_t *pv);

/* nhref_proven_grid -- enclosures of the solution through the box X0 (nstate balls;
 * points allowed) at the N grid times TGRID (balls, TGRID[0] the initial time,
 * increasing: every ball certainly <= the next).  Steps end exactly on the grid times
 * (a time ball that is not a point widens the enclosure accordingly).  OUT (N x
 * nstate, row-major, may be NULL) receives the enclosures; STATS (may be NULL) the
 * statistics: steps, rows, outcome, event.
 * A terminal model event (unless no_model_events) is isolated by bisection on the
 * enclosures: the run stops with outcome EVENT, and nhref_proven_state gives its time
 * as a ball that contains the first crossing and the state enclosure over that ball.
 * Returns NHREF_OK (outcome REACHED or EVENT); NHREF_EUNPROVEN (outcome UNPROVEN: a
 * step could not be validated even after 24 shorter tries, or the validated steps fell
 * below 10^-3 of the Taylor step, e.g. near a blow-up or beyond
 * the precision's reach, or an event crossing could be neither ruled out nor
 * isolated; the rows before are valid); NHREF_EBLOWUP (outcome BLOWUP: a finite-time
 * blow-up ahead, by the MPFR driver's rule; its time is an estimate; the rows before
 * are valid); NHREF_EINVAL (N = 0, a grid not increasing or
 * not finite); NHREF_EPARAM (X0 not finite or its midpoint not admissible);
 * NHREF_EMAXSTEPS; NHREF_EDOMAIN (f undefined at the initial state); NHREF_EIO. */
int nhref_proven_grid(nhref_proven_t *pv, arb_ptr out, arb_srcptr x0, arb_srcptr tgrid,
                      size_t n, nhref_stats_t *stats);

/* nhref_proven_state -- the time ball and state enclosure where the last run stopped
 * (the last grid time, or the event's time ball). */
void nhref_proven_state(const nhref_proven_t *pv, arb_ptr t, arb_ptr x);

/* nhref_csv_ball -- the ball X as two CSV cells "MID,RAD": MID its midpoint with DIGITS
 * significant digits in scientific notation (as nhref_csv_value); RAD an upper bound,
 * with 3 significant digits rounded up, of rad(X) + |MID - mid(X)| (MID the printed
 * decimal), so that the interval [MID - RAD, MID + RAD] contains every point of X,
 * the decimal conversion of the midpoint included.  A ball that is not finite
 * (indeterminate): "nan,inf".  Returns 0, or -1 when memory is short (nothing
 * written).  Cost: one decimal conversion at the midpoint's precision. */
int nhref_csv_ball(FILE *out, arb_srcptr x, int digits);

/* nhref_proven_integrals -- the model's first integrals over the box (T, X): balls
 * that contain every value; an integral undefined somewhere in the box is an
 * indeterminate ball (NaN midpoint).  Returns NHREF_OK, or NHREF_EINVAL (the model has
 * no first integrals). */
int nhref_proven_integrals(nhref_proven_t *pv, arb_ptr I, arb_srcptr t, arb_srcptr x);

NHREF_END_DECLS

#endif /* NHREF_ARB_H */

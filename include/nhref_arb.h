/* nhref_arb.h -- the PROVEN level: the jet kernels and the tape interpreter in Arb ball
 * arithmetic (libflint-arb), and the validated Taylor integrator built on them.
 *
 * Contract.  Every value is a ball; every result contains the exact value for every
 * point of the argument balls, or is NaN (an indeterminate ball) with the status
 * NHREF_EDOMAIN where Arb cannot bound it: never a ball that might not contain the
 * result.  The validated integrator returns only proven enclosures; where it cannot
 * prove, it stops (outcome UNPROVEN) and says so.  Functions return statuses of
 * nhref_status.h and never print.  Midpoints are at the precision PREC given; radii
 * grow with the condition of the computation.
 *
 * What this rests on (ball arithmetic, Lohner's method, the a priori enclosure, the
 * sources) is explained in docs/proven.md; each statement the code relies on, with
 * its proof and where it is checked, is in proofs/rigorous_taylor.md.
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
 * The kernels of nhref_jet.h (same recurrences, same order-by-order contract: a call
 * writes the coefficient K of W and of its auxiliary series, nothing else; W may not
 * alias an argument), on arb_t series: each coefficient is a ball that contains the
 * exact coefficient for every point of the argument balls.
 * Shapes:    series of at least K + 1 balls, passed as arb_ptr / arb_srcptr (the first
 *            coefficient); the arguments known to order K, W to order K - 1.
 * Precision: midpoints at ws->prec bits; a radius grows with the sum's condition.
 * Returns:   NHREF_OK; NHREF_EDOMAIN (the coefficient NaN) where the MPFR kernel
 *            gives it, where an input coefficient of order K is not finite, and
 *            where a ball reaches the operation's singularity (stated per kernel).
 * Cost:      as the MPFR kernels (a Cauchy-type kernel: K + 1 ball multiply-adds),
 *            each ball operation a few times an MPFR one.
 * Source:    R. E. Moore, "Interval Analysis" (1966), ch. 11; nhref_jet.h. */
typedef struct {
    arb_t acc, tmp; /* scratch */
    long prec;      /* the working precision [bits] */
} nhref_jet_ws_arb_t;

/* nhref_jet_ws_init_arb -- WS's two scratch balls and its precision PREC [bits]; one
 * workspace serves every kernel, one call at a time.  Clear with
 * nhref_jet_ws_clear_arb.  No status (Arb aborts when memory is short). */
void nhref_jet_ws_init_arb(nhref_jet_ws_arb_t *ws, long prec);
void nhref_jet_ws_clear_arb(nhref_jet_ws_arb_t *ws);

/* nhref_jet_const_arb -- w = c, the decimal string DECIMAL (the syntax of
 * nhref_jet_const): w_0 a ball that contains c exactly, w_k = 0 for k >= 1.
 * Returns NHREF_OK; NHREF_EPARSE (malformed string); NHREF_EDOMAIN (c out of range). */
int nhref_jet_const_arb(arb_ptr w, const char *decimal, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_add_arb, nhref_jet_sub_arb, nhref_jet_neg_arb -- w = u + v, u - v, -u:
 * w_k = u_k +- v_k.  Defined everywhere (NHREF_EDOMAIN only for a non-finite input).
 * Cost: one ball addition. */
int nhref_jet_add_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_sub_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_neg_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_mul_arb -- w = u v, the Cauchy product w_k = sum_{j=0..k} u_j v_{k-j}.
 * Defined everywhere (NHREF_EDOMAIN for a non-finite input or result). */
int nhref_jet_mul_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_mul_scalar_arb -- w = c v with C one ball constant in t: w_k = c v_k.
 * Defined everywhere (NHREF_EDOMAIN for a non-finite C or input).  One multiplication. */
int nhref_jet_mul_scalar_arb(arb_ptr w, arb_srcptr c, arb_srcptr v, unsigned k,
                             nhref_jet_ws_arb_t *ws);

/* nhref_jet_sqr_arb -- w = u^2: half the products of the Cauchy product.  Defined
 * everywhere (NHREF_EDOMAIN for a non-finite input or result). */
int nhref_jet_sqr_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_div_arb -- w = u / v: w_k = (u_k - sum_{j=1..k} v_j w_{k-j}) / v_0.
 * NHREF_EDOMAIN if the ball v_0 contains 0 (checked at every order). */
int nhref_jet_div_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_div_scalar_arb -- w = u / c with C one ball constant in t: w_k = u_k / c.
 * NHREF_EDOMAIN if the ball C contains 0. */
int nhref_jet_div_scalar_arb(arb_ptr w, arb_srcptr u, arb_srcptr c, unsigned k,
                             nhref_jet_ws_arb_t *ws);

/* nhref_jet_sqrt_arb -- w = sqrt(u).  NHREF_EDOMAIN if the ball u_0 reaches below 0,
 * or at k >= 1 if u_0 or w_0 contains 0 (not differentiable there). */
int nhref_jet_sqrt_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_sincos_arb -- s = sin(u) and c = cos(u) together (distinct series).
 * Defined everywhere (NHREF_EDOMAIN for a non-finite input or sum). */
int nhref_jet_sincos_arb(arb_ptr s, arb_ptr c, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_exp_arb -- w = exp(u).  NHREF_EDOMAIN for a non-finite input or on
 * overflow. */
int nhref_jet_exp_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_log_arb -- w = log(u).  NHREF_EDOMAIN if the ball u_0 reaches 0 or below. */
int nhref_jet_log_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_atan_arb -- w = atan(u) with its auxiliary series D = 1 + u^2 (private to
 * the node, filled to order K by this call).  Defined everywhere (NHREF_EDOMAIN for a
 * non-finite input). */
int nhref_jet_atan_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_atanh_arb -- w = atanh(u) with its auxiliary series D = 1 - u^2.
 * NHREF_EDOMAIN if the ball u_0 reaches +-1 or beyond. */
int nhref_jet_atanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_tanh_arb -- w = tanh(u) with its auxiliary series D = 1 - w^2.  Defined
 * everywhere (NHREF_EDOMAIN for a non-finite input). */
int nhref_jet_tanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_asin_arb, nhref_jet_acos_arb -- w = asin(u), acos(u) with their auxiliary
 * series Q = 1 - u^2 and D = sqrt(Q).  NHREF_EDOMAIN if the ball u_0 reaches beyond
 * +-1 (k = 0), or reaches +-1 (k >= 1). */
int nhref_jet_asin_arb(arb_ptr w, arb_ptr q, arb_ptr d, arb_srcptr u, unsigned k,
                       nhref_jet_ws_arb_t *ws);
int nhref_jet_acos_arb(arb_ptr w, arb_ptr q, arb_ptr d, arb_srcptr u, unsigned k,
                       nhref_jet_ws_arb_t *ws);

/* nhref_jet_sinhcosh_arb -- s = sinh(u) and c = cosh(u) together (distinct series).
 * Defined everywhere (NHREF_EDOMAIN for a non-finite input or sum). */
int nhref_jet_sinhcosh_arb(arb_ptr s, arb_ptr c, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);

/* nhref_jet_pow_scalar_arb -- w = u^c with C one ball constant in t (Miller's
 * recurrence); nhref_jet_pow_arb -- w = u^v with v a series, through the auxiliary
 * series L = log u and G = v L.  NHREF_EDOMAIN if the ball u_0 reaches 0 or below (at
 * every order). */
int nhref_jet_pow_scalar_arb(arb_ptr w, arb_srcptr u, arb_srcptr c, unsigned k,
                             nhref_jet_ws_arb_t *ws);
int nhref_jet_pow_arb(arb_ptr w, arb_ptr l, arb_ptr g, arb_srcptr u, arb_srcptr v, unsigned k,
                      nhref_jet_ws_arb_t *ws);

/* nhref_jet_pow_si_arb -- w = u^n for an integer N (the recurrences of
 * nhref_jet_pow_si: Miller's if u_0 cannot be 0, binary powering with the
 * nhref_jet_pow_si_naux(n) auxiliary series AUX otherwise).  NHREF_EDOMAIN if N < 0
 * and the ball u_0 contains 0 (checked at every order). */
int nhref_jet_pow_si_arb(arb_ptr w, arb_ptr *aux, arb_srcptr u, long n, unsigned k,
                         nhref_jet_ws_arb_t *ws);

/* ------------------------------------------------------------------ tape interpreter
 * nhref_tape_mp_new, ..., nhref_tape_mp_state_series of nhref_tape.h in Arb: the same
 * shapes, semantics and statuses, with balls for every value.
 *   _new:          a workspace for TAPE at PREC bits, jets to ORDER (0: evaluation
 *                  only); the parameters start as NaN.  NHREF_OK; NHREF_ETAPE;
 *                  NHREF_EINVAL (PREC out of MPFR's range); NHREF_EPARSE (a malformed
 *                  constant); NHREF_EDOMAIN (a constant out of range); NHREF_ENOMEM.
 *   _free, _prec, _order: release (NULL allowed); the precision; the largest order.
 *   _set_params:   the nparam parameters, balls as given (the library passes balls
 *                  that contain their decimal values); evaluates the constant nodes.  NHREF_OK; NHREF_EDOMAIN (a constant node cannot be bounded:
 *                  it and what depends on it evaluate as NaN).  A constant square root
 *                  whose argument ball contains 0 is that of the ball's nonnegative
 *                  part, assuming the exact argument >= 0 (docs/proven.md).
 *   _eval:         OUT (nout balls) contains f(t, x, p) for every point of the balls T,
 *                  X (nstate balls).  NHREF_OK; NHREF_EDOMAIN where an operation is
 *                  undefined somewhere in its argument balls (the output NaN, the
 *                  evaluation goes on).
 *   _ode_jet:      the Taylor coefficients 0..ORDER of the solution through (T, X),
 *                  each a ball that contains the exact coefficient for every point.
 *                  NHREF_OK; NHREF_EINVAL (ORDER above the workspace's, or nout <
 *                  nstate); NHREF_EDOMAIN (the jet is unusable).
 *   _state_series: the ORDER + 1 coefficient balls of state component I (I < nstate)
 *                  from the last _ode_jet, valid until the next call.
 * Cost: as the MPFR interpreter, each operation a ball operation; no allocation after
 * _new.  A linear solve (SOLVE, n unknowns) is Krawczyk's preconditioned enclosure:
 * about 3 n^3 ball operations at order 0 and 3 n^2 more per order than elimination.  Source: R. E. Moore, "Interval Analysis" (1966), ch. 11; F. Johansson,
 * IEEE Trans. Computers 66(8) (2017). */
typedef struct nhref_tape_arb nhref_tape_arb_t;

/* nhref_value_arb -- X = a ball containing the value S of a parameter or initial state
 * component (nhref_value_set's syntax, nhref_io.h): a decimal number enclosed by
 * arb_set_str at PREC bits, or a constant expression evaluated in Arb balls at PREC
 * bits.  Returns NHREF_OK, or a status of nhref_value_set (NHREF_EDOMAIN also when the
 * ball is not finite). */
int nhref_value_arb(arb_ptr x, const char *s, long prec);

/* nhref_set_arb -- X = a ball containing the set S of values of a parameter or initial
 * state component (nhref_spec_set_param, nhref_spec_set_init): a value as for
 * nhref_value_arb; "MID+-RAD", the ball around MID widened by a bound of RAD (>= 0);
 * "[LO, HI]", the interval from the lower bound of LO's ball to the upper bound of HI's
 * (each end rounded outward at PREC bits: the exact interval lies inside).
 * Returns NHREF_OK; NHREF_EPARSE (malformed: nhref_spec_set_init's messages say where);
 * NHREF_EDOMAIN (RAD < 0, LO > HI, or a value that is not finite); a status of
 * nhref_value_arb.  Cost: two nhref_value_arb. */
int nhref_set_arb(arb_ptr x, const char *s, long prec);

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
 * A validated Taylor integrator (docs/proven.md): at every grid time a box (one ball
 * per state component) that provably contains the exact solution through every
 * initial state in the initial balls, the parameters equal to their decimal values (or
 * anywhere in their sets: nhref_proven_new_sets). */
typedef struct nhref_proven nhref_proven_t;

/* nhref_proven_new -- *PV = a validated integrator of SYS with the options OPT (NULL:
 * nhref_options_default).
 *
 * Shapes:    OPT: digits or prec as for nhref_integrator_new (the tolerance 10^-D sets
 *            the order N = ceil(1.1513 D + 1), at least 4, and the step, whose
 *            remainder bound must be <= 10^-(D+1) max(1, |x|); PREC the
 *            midpoints' precision); scheme NULL or "taylor", scheme_opt "order=N";
 *            max_steps, no_model_events, blowup_radius, progress honoured; h_fixed
 *            must be 0; no user events.
 * Precision: the jets at a point at PREC bits; over the step's box at
 *            min(64, PREC) bits; the variational equations at 64 bits, order 8.
 * Returns:   NHREF_OK; NHREF_EPARAM (SYS's parameters not admissible: nhref_system_check);
 *            NHREF_EINVAL (options out of range, another scheme, h_fixed, user
 *            events); NHREF_ETAPE (a tape that cannot be linearised); NHREF_EDOMAIN (a
 *            constant of the model that cannot be bounded at these parameters);
 *            NHREF_ENOMEM.  On failure *PV = NULL.
 * Cost:      the workspaces: the right-hand side's tape twice at order N, its
 *            variational equations (n (1 + n) components) at order 8, the first
 *            integrals and events at order 0; O(n^2) matrices and the step loop's
 *            scratch (nhref_proven_grid allocates nothing of its own).
 * Source:    docs/proven.md; proofs/rigorous_taylor.md.
 */
int nhref_proven_new(nhref_proven_t **pv, const nhref_system_t *sys, const nhref_options_t *opt);

/* nhref_proven_new_sets -- nhref_proven_new for every value of some parameters in a set:
 * PSETS (NULL: none) holds nparam pointers, entry i NULL for parameter i's decimal value
 * (as nhref_proven_new) or a finite ball, the set of its values.  Each such parameter is
 * integrated as a state of zero derivative after the model's (Lohner's form carries
 * its dependence, as an initial box's: nhref_tape_params_as_states); the first
 * integrals and events are evaluated with it as the ball.  nhref_proven_grid's X0 and
 * OUT keep the model's nstate components; every row then encloses the solution for
 * every initial state in X0 and every parameter value in the sets.
 * Returns:   as nhref_proven_new; NHREF_EPARAM also for a set that is not finite, or
 *            (NHREF_EDOMAIN) an event function that cannot be bounded over the sets.
 *            The midpoint values (the system's decimals) are checked by
 *            nhref_system_check; the caller checks the sets' ends (the model's ranges).
 * Cost:      as nhref_proven_new with nstate + k states (k sets): each validated step
 *            about ((n + k) / n)^2 times the cost without sets. */
int nhref_proven_new_sets(nhref_proven_t **pv, const nhref_system_t *sys, const arb_srcptr *psets,
                          const nhref_options_t *opt);

/* nhref_proven_free -- release PV (NULL allowed); SYS is not freed. */
void nhref_proven_free(nhref_proven_t *pv);

/* nhref_proven_on_row -- FN(ARG, I, T, X) is called at every grid row I of
 * nhref_proven_grid, T the grid time's ball and X the enclosure (nstate balls, valid
 * during the call); a nonzero return stops the run with NHREF_EIO.  FN NULL: none. */
void nhref_proven_on_row(nhref_proven_t *pv,
                         int (*fn)(void *arg, size_t i, arb_srcptr t, arb_srcptr x), void *arg);

/* nhref_proven_prec -- the midpoints' precision [bits]; nhref_proven_order -- the
 * Taylor order N. */
long nhref_proven_prec(const nhref_proven_t *pv);
unsigned nhref_proven_order(const nhref_proven_t *pv);

/* nhref_proven_grid -- enclosures of the solution through the box X0 at the N grid
 * times TGRID, TGRID[0] the initial time.
 *
 * Shapes:    X0: nstate balls (points allowed); TGRID: N balls, increasing (each
 *            certainly <= the next; equal balls are one time); OUT: N x nstate balls,
 *            row-major, or NULL; STATS (may be NULL): steps, rows, outcome, event,
 *            t_blowup, t_stop.
 * Units:     as in the model's tables; times in the model's time unit.
 * Precision: every returned ball contains the exact solution at its grid time, for
 *            every initial state in X0 and every time in the grid time's ball (a time
 *            ball that is not a point widens the enclosure accordingly); level PROVEN.
 *            Steps end exactly on the last grid time; inner grid times get dense rows
 *            of the same step.  A terminal model event (unless no_model_events) is
 *            isolated by bisection on the enclosures: the run stops with outcome
 *            EVENT, and nhref_proven_state gives a time ball that contains the first
 *            crossing and the state enclosure over it.
 *            What differs from the generic driver (nhref_integrate_grid), and why:
 *            rows and events are found on enclosures, not on a step's polynomial --
 *            an inner grid time must lie certainly inside a step (a step is
 *            shortened to avoid a time ball it overlaps), an event is a time ball
 *            (bisection until the crossing is isolated, or UNPROVEN), recorded
 *            crossings are not reported (no event callback), and events of the
 *            caller's are refused; the outcome UNPROVEN has no twin.  The statuses,
 *            outcomes, statistics and the blow-up rule are the driver's
 *            (tests/check_proven.c compares both on a known blow-up).
 * Returns:   NHREF_OK (outcome REACHED or EVENT); NHREF_EUNPROVEN (outcome UNPROVEN:
 *            a step could not be validated even after 24 shorter tries, or the
 *            validated steps fell below 10^-3 of the Taylor step -- near a blow-up or
 *            beyond the precision's reach --, or an event crossing could be neither
 *            ruled out nor isolated; the rows before are valid); NHREF_EBLOWUP
 *            (outcome BLOWUP: the blow-up rule of the generic driver, the same code
 *            (nhref_options_t.blowup_radius), on the validated steps and the point
 *            jet's radius of convergence; stats->t_blowup is an estimate; the rows
 *            before are valid);
 *            NHREF_EINVAL (N = 0, a grid time not finite, or the grid not increasing);
 *            NHREF_EPARAM (X0 not finite, or its midpoint not admissible:
 *            nhref_system_check_init); NHREF_EMAXSTEPS; NHREF_EDOMAIN (f cannot be
 *            bounded at the enclosure's midpoint, at the initial state or later;
 *            outcome FAILED, the rows before are valid); NHREF_EIO (the row callback
 *            stopped it).  stats->nrows says how many rows of OUT are filled.
 * Cost:      per step (docs/proven.md): a Taylor jet to order N at a point at PREC
 *            bits, jets over the step's box to order 8 and N at 64 bits, the
 *            variational jet (n (1 + n) components, order 8), O(n^3) matrix work;
 *            a step retried shorter costs again.  Memory: nothing of nhref's own is
 *            allocated (only the model's check of X0 may allocate, once per call);
 *            Arb allocates inside itself, some hundreds of times per step (numbers
 *            whose mantissas grow past two limbs, LU temporaries; docs/performance.md).
 * Source:    R. J. Lohner (1987); N. S. Nedialkov, K. R. Jackson, G. F. Corliss,
 *            Appl. Math. Comput. 105 (1999) 21-68; proofs/rigorous_taylor.md.
 */
int nhref_proven_grid(nhref_proven_t *pv, arb_ptr out, arb_srcptr x0, arb_srcptr tgrid,
                      size_t n, nhref_stats_t *stats);

/* nhref_proven_state -- T = the time ball and X = the state enclosure (nstate balls)
 * where the last nhref_proven_grid stopped: the last grid time reached, or the
 * event's time ball and the enclosure over it. */
void nhref_proven_state(const nhref_proven_t *pv, arb_ptr t, arb_ptr x);

/* nhref_csv_ball -- the ball X as two CSV cells "MID,RAD" on OUT.
 *
 * Precision: MID is X's midpoint with DIGITS significant digits (at least 1) in
 *            scientific notation (as nhref_csv_value); RAD an upper bound, with 3
 *            significant digits rounded up, of rad(X) + |MID - mid(X)| (MID the
 *            printed decimal), so that [MID - RAD, MID + RAD] contains every point of
 *            X, the decimal conversion of the midpoint included.  A ball that is not
 *            finite (indeterminate): "nan,inf".
 * Returns:   0; -1 when memory is short (nothing written).  Write errors are OUT's
 *            (ferror).
 * Cost:      one decimal conversion at the midpoint's precision.
 */
int nhref_csv_ball(FILE *out, arb_srcptr x, int digits);

/* nhref_proven_integrals -- I = the model's first integrals (nintegral balls) over the
 * box (T, X): each ball contains every value for every point of T and X (nstate
 * balls); an integral undefined somewhere in the box is an indeterminate ball (NaN
 * midpoint).  When X is the row the integrator has just handed to the row callback
 * (nhref_proven_on_row: the same pointer, during the callback), each ball contains the
 * value for every time of T and every state of the enclosed set, evaluated on its
 * Lohner form (the mean-value form I(c) + (grad I(X) A) r; proofs/rigorous_taylor.md
 * §5): narrower than over the box where an integral is conserved, never wider (the
 * narrower of the two is kept).
 * Returns:   NHREF_OK; NHREF_EINVAL (the model has no first integrals).
 * Cost:      one evaluation of the integrals' tape in Arb at the working precision;
 *            for a row, one more of the integrals and one of each integral's gradient
 *            tape, and O(nintegral n^2) products.
 */
int nhref_proven_integrals(nhref_proven_t *pv, arb_ptr I, arb_srcptr t, arb_srcptr x);

NHREF_END_DECLS

#endif /* NHREF_ARB_H */

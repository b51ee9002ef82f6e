/* nhref_batch.h -- batch mode for ensembles: B initial states and/or B parameter
 * sets of one model integrated at once in double, in SIMD lanes (heyoka's batch
 * mode): the jets run four lanes per instruction (src/num/num_v.h; compiled at run
 * time as the double jets, nhref_jit.h),
 * each lane with its own step size, its own error control, its own events and its
 * own status.  Each lane's result is that of nhref_integrate_grid_d on its own
 * (nhref_fast.h) -- see "Precision" below for how exactly.
 */
#ifndef NHREF_BATCH_H
#define NHREF_BATCH_H

#include <stddef.h>

#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "nhref_model.h"

NHREF_BEGIN_DECLS

/* the lanes of one SIMD pack: B lanes run as ceil(B / NHREF_BATCH_LANES) packs */
#define NHREF_BATCH_LANES 4

/* nhref_integrate_batch_d -- lane b < NLANES: from X0 + b nstate at TGRID[0] through
 * TGRID[i], i < N (monotone, shared by the lanes), with the parameters of
 * SYS[b] (NSYS = NLANES) or of SYS[0] for every lane (NSYS = 1), the options OPT
 * (NULL: defaults) -- what nhref_integrator_new_d (SYS[b], OPT) and
 * nhref_integrate_grid_d (OUT + b N nstate, X0 + b nstate, TGRID, N) compute.
 * Shapes:    x0: NLANES rows of nstate doubles (lane-major, state order of the
 *            model's table); tgrid: N doubles; out: NLANES blocks of N rows of nstate
 *            doubles (lane b's rows at out + b N nstate, row-major as in
 *            nhref_integrate_grid_d), rows past stats[b].nrows set to NaN;
 *            status: NLANES ints; stats: NLANES, or NULL.  OUT may not alias X0.
 *            The SYS[b] are systems of one model (the same tape); NSYS is 1 or NLANES.
 * Units:     as in the model's tables; t in seconds.
 * Precision: as nhref_integrate_grid_d (53 bits, tolerance 10^-digits).  A lane runs
 *            the double jet's arithmetic in its SIMD lane, operation for operation,
 *            with one step size per lane (the Taylor step rule of
 *            nhref_integrate_grid_d on the lane's own coefficients): its rows are
 *            bit for bit those of a separate run.  The lanes' jets are compiled at
 *            run time as the double jets are (nhref_jit.h: order 0 by the four-lane
 *            interpreter, the orders above in the variant the double workspaces use,
 *            FMA included), or interpreted where those are (NHREF_JIT=0, the loop
 *            form); should the four-lane jets fail to compile where the double jets
 *            did in their FMA variant, every lane is a separate run.  A lane that
 *            meets a terminal event crossing, a domain error, a step underflow, a
 *            blow-up, the step limit (max_steps or its estimate) or a failing
 *            initial-state check is finished by a separate run from its start
 *            (nhref_integrate_grid_d itself: its status, outcome, event and rows are
 *            that run's), and does not disturb the other lanes.  Schemes other than
 *            taylor, and a fixed step (OPT->h_fixed > 0), run every lane as a
 *            separate run.
 * Returns:   NHREF_OK when every lane ran (STATUS[b]: lane b's status, one of
 *            nhref_integrate_grid_d's -- NHREF_OK, NHREF_EPARAM, NHREF_EDOMAIN,
 *            NHREF_ESTEP, NHREF_EBLOWUP, NHREF_EMAXSTEPS -- and stats[b].outcome
 *            REACHED, EVENT, BLOWUP, UNDERFLOW or FAILED); NHREF_EINVAL (nothing run,
 *            every STATUS[b] NHREF_EINVAL) if NLANES is 0, NSYS is neither 1 nor
 *            NLANES, N is 0, OUT, X0, TGRID, STATUS or SYS is NULL, the systems are
 *            not of one model, TGRID is not finite and monotone, or OPT is refused
 *            by nhref_integrator_new_d; NHREF_EPARAM (nothing run, every STATUS[b]
 *            NHREF_EPARAM) if SYS[0]'s parameters fail the model's checks and NSYS = 1
 *            (with NSYS = NLANES such a lane's own STATUS[b] is NHREF_EPARAM);
 *            NHREF_ENOMEM.
 *            OPT->progress is not called; event callbacks do not exist here.
 * Cost:      about nsteps K_eff N^2 / 2 flops per lane as nhref_integrate_grid_d,
 *            with the interpreter's dispatch shared by four lanes and the arithmetic
 *            in SIMD registers (docs/performance.md: throughput against B separate
 *            runs); a pack runs until its slowest lane is done.  A lane finished by
 *            a separate run costs one more run.  Allocates per call, never per step;
 *            the setup (nhref_batch_new_d) is paid per call: for many short batches
 *            of one model, nhref_batch_grid_d on one batch integrator.
 * Source:    heyoka's batch mode (F. Biscani and D. Izzo, MNRAS 504(2), 2021, §5);
 *            A. Jorba and M. Zou, Exp. Math. 14(1), 2005 (order and step). */
int nhref_integrate_batch_d(double *out, int *status, nhref_stats_t *stats,
                            const nhref_system_t *const *sys, size_t nsys, const double *x0,
                            size_t nlanes, const double *tgrid, size_t n,
                            const nhref_options_t *opt);

/* A batch integrator: the one-shot nhref_integrate_batch_d in three steps, so that
 * repeated batches of one model (an optimisation loop, a sweep's shards, short runs
 * whose setup would dominate) pay the options' resolution and the workspaces once, as
 * a reused nhref_integrator_d_t does for separate runs (heyoka's
 * taylor_adaptive_batch).  Not thread-safe: one batch integrator per thread. */
typedef struct nhref_batch_d nhref_batch_d_t;

/* nhref_batch_new_d -- a batch integrator for the systems SYS[0 .. NSYS-1] (NSYS 1: every
 * lane with SYS[0]'s parameters; NSYS > 1: lane b with SYS[b], and every call then runs
 * exactly NSYS lanes) and the options OPT (NULL: defaults; copied, but the strings,
 * event tapes and callbacks it points to, and the systems, must outlive *BT).  The
 * systems' current parameters are the lanes' (as nhref_integrator_new_d takes them): a
 * nhref_system_set_param afterwards needs a new batch integrator.
 * Returns NHREF_OK (*BT to free with nhref_batch_free_d); NHREF_EINVAL (*BT NULL) if BT
 * or SYS is NULL, NSYS is 0, the systems are not of one model, or OPT is refused by
 * nhref_integrator_new_d; NHREF_EPARAM if NSYS = 1 and SYS[0]'s parameters fail the
 * model's checks; NHREF_ENOMEM.  Compiles the model's four-lane jets on first use
 * (nhref_jit.h), as nhref_integrate_batch_d does.
 * Cost: what one nhref_integrator_new_d and one four-lane tape workspace cost. */
int nhref_batch_new_d(nhref_batch_d_t **bt, const nhref_system_t *const *sys, size_t nsys,
                      const nhref_options_t *opt);

/* nhref_batch_grid_d -- what nhref_integrate_batch_d (OUT, STATUS, STATS, SYS, NSYS, X0,
 * NLANES, TGRID, N, OPT) computes, with BT's systems and options: the same shapes, units,
 * precision, lane statuses and rows, bit for bit.  NLANES must be NSYS when BT was made
 * with NSYS > 1.
 * Returns NHREF_OK when every lane ran (STATUS[b] lane b's status); NHREF_EINVAL (nothing
 * run) if BT is NULL, NLANES or N is 0, OUT, X0, TGRID or STATUS is NULL, NLANES is not
 * BT's NSYS (NSYS > 1), or TGRID is not finite and monotone; NHREF_ENOMEM.
 * Cost: as nhref_integrate_batch_d without the setup; allocates one parameter vector
 * per pack of four lanes, never per step. */
int nhref_batch_grid_d(nhref_batch_d_t *bt, double *out, int *status, nhref_stats_t *stats,
                       const double *x0, size_t nlanes, const double *tgrid, size_t n);

/* nhref_batch_free_d -- frees BT (NULL: nothing). */
void nhref_batch_free_d(nhref_batch_d_t *bt);

NHREF_END_DECLS

#endif /* NHREF_BATCH_H */

/* nhref_batch.h -- batch mode for ensembles: B initial states and/or B parameter
 * sets of one model integrated at once in double, in SIMD lanes (heyoka's batch
 * mode): the tape interpreter runs four lanes per instruction (src/num/num_v.h),
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
 *            the double interpreter's arithmetic in its SIMD lane, operation for
 *            operation, with one step size per lane (the Taylor step rule of
 *            nhref_integrate_grid_d on the lane's own coefficients): its rows are
 *            bit for bit those of a separate run with interpreted jets.  A lane that
 *            meets a terminal event crossing, a domain error, a step underflow, a
 *            blow-up, the step limit (max_steps or its estimate) or a failing
 *            initial-state check is finished by a separate run from its start
 *            (nhref_integrate_grid_d itself: its status, outcome, event and rows are
 *            that run's), and does not disturb the other lanes.  With generated or
 *            compiled jets (configure's default) the separate runs' FMA variant
 *            differs from the interpreter in the last bits: the lanes agree with
 *            them within the tolerance.  Schemes other than taylor, and a fixed step
 *            (OPT->h_fixed > 0), run every lane as a separate run.
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
 *            a separate run costs one more run.  Allocates per call, never per step.
 * Source:    heyoka's batch mode (F. Biscani and D. Izzo, MNRAS 504(2), 2021, §5);
 *            A. Jorba and M. Zou, Exp. Math. 14(1), 2005 (order and step). */
int nhref_integrate_batch_d(double *out, int *status, nhref_stats_t *stats,
                            const nhref_system_t *const *sys, size_t nsys, const double *x0,
                            size_t nlanes, const double *tgrid, size_t n,
                            const nhref_options_t *opt);

NHREF_END_DECLS

#endif /* NHREF_BATCH_H */

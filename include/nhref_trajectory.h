/* nhref_trajectory.h -- a trajectory kept in memory: the rows of a run (nhref_run.h)
 * collected by a sink, in the run's own number type, and read back through
 * accessors that pass only scalars, strings and arrays (the entry point of bindings:
 * the Python package nhref uses it through ctypes).  The handle is opaque, so its
 * layout may change freely.
 *
 * Contract.  nhref_trajectory_run runs a spec (built by the nhref_spec_* setters:
 * model, parameters, initial state, times, digits or precision, scheme and options,
 * number type, events) and keeps three parts:
 *   ROWS       the rows asked for, up to where the run ended;
 *   CROSSINGS  every event crossing met, in the order met (recorded ones, and the
 *              terminal one last);
 *   STOP       where the run ended before the last time asked for (a terminal event,
 *              a blow-up, a step-size underflow, a failed or unproven step): 0 or 1 row.
 * Each row has the columns t, the model's state, then its first integrals (the order
 * of the model's tables; a crossing's integrals are NaN).  The values are kept as the
 * run computed them: MPFR numbers at the working precision (type MPFR), doubles (type
 * double), Arb balls that contain the exact values (type proven: read as midpoints,
 * with radii).  The trajectory does not refer to the spec: the spec may be freed or
 * reused.
 *
 * Usage:
 *     nhref_spec_t *spec;
 *     nhref_trajectory_t *tr;
 *     char err[512];
 *     const char *times[] = {"0", "0.5", "1"};
 *     nhref_spec_new(&spec, "chaplygin_sleigh");
 *     nhref_spec_set_param(spec, "J", "30");
 *     nhref_spec_set_times(spec, 3, times);
 *     nhref_spec_set_digits(spec, 40);
 *     if (nhref_trajectory_run(&tr, spec, err, sizeof err) != NHREF_OK)
 *         puts(err);
 *     double *v = malloc(nhref_trajectory_nrows(tr) * nhref_trajectory_ncols(tr) * sizeof *v);
 *     nhref_trajectory_values(tr, v);
 *     nhref_trajectory_free(tr);
 *     nhref_spec_free(spec);
 */
#ifndef NHREF_TRAJECTORY_H
#define NHREF_TRAJECTORY_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_run.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

typedef struct nhref_trajectory nhref_trajectory_t;

/* The parts of a trajectory (see the contract above). */
typedef enum {
    NHREF_TRAJECTORY_ROWS = 0,      /* the rows asked for (nhref_trajectory_nrows) */
    NHREF_TRAJECTORY_CROSSINGS = 1, /* the event crossings, in the order met */
    NHREF_TRAJECTORY_STOP = 2       /* where the run stopped early (0 or 1 row) */
} nhref_trajectory_part_t;

/* nhref_trajectory_run -- run SPEC (nhref_run) and keep its rows, event crossings and
 * stop in *TRAJ.
 *
 * Shapes:    nhref_spec_nrows(SPEC) rows asked for (fewer kept if the run ends
 *            early); 1 + nstate + nintegral columns (nintegral 0 if the spec asked
 *            for no integrals: nhref_spec_set_integrals).
 * Units:     as in the model's state, parameter and integral tables; t in seconds.
 * Precision: the run's (nhref_run.h): type MPFR, the working precision and the
 *            tolerance of the spec, level VALIDATED; type double, IEEE double;
 *            type proven, Arb balls, level PROVEN: each exact value lies in its
 *            ball.  The values are kept exactly as the run delivered them.
 * Returns:   NHREF_OK with *TRAJ, also when the run ended before the last time (a
 *            terminal event, a blow-up, a step-size underflow, a failed or unproven
 *            step): then fewer rows are kept and nhref_trajectory_outcome, _status,
 *            _event and _t_end say why.  Otherwise *TRAJ is NULL and ERR (ERRLEN
 *            bytes, NUL-terminated; may be NULL when ERRLEN is 0) holds the message,
 *            in the words of nhref_spec_set_names: a status of nhref_spec_resolve
 *            (NHREF_EPARAM, NHREF_EINVAL, NHREF_EPARSE, NHREF_ERANGE, NHREF_ENOMEM;
 *            the message is also in SPEC); NHREF_EDOMAIN (the integrator cannot be
 *            set up at the initial state); NHREF_ENOMEM (also when the rows do not
 *            fit in memory); NHREF_EINVAL or NHREF_EPARAM (the integration refused
 *            its input: "the integration failed: ...").
 * Cost:      one nhref_run; memory nrows x ncols values of the run's type (MPFR at
 *            the working precision, double, or an Arb ball), grown geometrically as
 *            the rows come.
 */
int nhref_trajectory_run(nhref_trajectory_t **traj, nhref_spec_t *spec, char *err,
                         size_t errlen);

/* nhref_trajectory_compute -- nhref_trajectory_run of a spec of MODEL (type MPFR; the
 * model's events; messages in the words NHREF_SPEC_WORDS) built from strings: the
 * entry point of earlier bindings, kept for compatibility.
 *
 * Inputs:    PARAM, INIT: "NAME=VALUE" strings (decimal values, kept as given)
 *            changing the model's default parameters and initial state
 *            (nhref_spec_assign); T_START a decimal string (NULL: "0"); TIMES
 *            decimal strings, monotone (increasing, or decreasing to integrate
 *            backward), none on the other side of T_START, repeats allowed
 *            (nhref_spec_set_times); DIGITS the tolerance 10^-DIGITS and the
 *            precision of nhref_spec_set_digits (0: 30); SCHEME a name of the
 *            scheme registry, "taylor" or "gauss" (NULL: "taylor").
 * Shapes:    NTIMES >= 1 rows asked for; the columns are t, the model's state,
 *            then its first integrals (the order of its tables).
 * Precision: the integrator's (nhref_integrate_grid): per-step target
 *            |error| <= 10^-DIGITS max(1, |x|); VALIDATED, not rigorous.
 * Returns:   as nhref_trajectory_run, and before the run: NHREF_ENOTFOUND (unknown
 *            model, parameter, state variable or scheme: the message lists the
 *            known names), NHREF_EPARSE (a malformed assignment or number),
 *            NHREF_EINVAL (no times, DIGITS out of [0, 10^6]), NHREF_ENOMEM.
 * Cost:      building the model's tapes, then one nhref_trajectory_run.
 */
int nhref_trajectory_compute(nhref_trajectory_t **traj, const char *model, size_t nparam,
                             const char *const *param, size_t ninit, const char *const *init,
                             const char *t_start, size_t ntimes, const char *const *times,
                             double digits, const char *scheme, char *err, size_t errlen);

/* nhref_trajectory_free -- release TRAJ (NULL allowed). */
void nhref_trajectory_free(nhref_trajectory_t *traj);

/* ------------------------------------------------------------------ shape and values */
/* Rows kept (<= the rows asked for) and columns (1 + nstate + nintegral). */
size_t nhref_trajectory_nrows(const nhref_trajectory_t *traj);
size_t nhref_trajectory_ncols(const nhref_trajectory_t *traj);
/* The name of column J ("t", a state variable, an integral); NULL past the end. */
const char *nhref_trajectory_column(const nhref_trajectory_t *traj, size_t j);

/* nhref_trajectory_type -- the run's number type: NHREF_RUN_MPFR, NHREF_RUN_DOUBLE, or
 * NHREF_RUN_PROVEN (the values are balls: nhref_trajectory_get gives their radii). */
nhref_run_type_t nhref_trajectory_type(const nhref_trajectory_t *traj);

/* nhref_trajectory_count -- the rows of PART: nrows; the crossings; 1 or 0 (STOP).
 * 0 for an unknown PART. */
size_t nhref_trajectory_count(const nhref_trajectory_t *traj, nhref_trajectory_part_t part);

/* nhref_trajectory_get -- every value of PART rounded to the nearest double (a ball:
 * its midpoint) into VALUES, and for a proven trajectory a bound of each value's
 * error into RADII.
 *
 * Shapes:    VALUES and RADII (either may be NULL: not wanted): count(PART) x ncols,
 *            row-major.
 * Precision: VALUES[i] is the value rounded to nearest (NaN where undefined: an
 *            integral outside its conditions, a crossing's integrals).  RADII[i]
 *            >= |exact - VALUES[i]|, rounded up: the ball's radius plus the rounding
 *            of its midpoint to double, so [VALUES[i] - RADII[i], VALUES[i] +
 *            RADII[i]] contains the exact value (+inf for a ball that is not finite).
 * Returns:   NHREF_OK; NHREF_EINVAL (RADII given for a trajectory of another type,
 *            or an unknown PART: nothing written).
 * Cost:      O(count x ncols) conversions.
 */
int nhref_trajectory_get(const nhref_trajectory_t *traj, nhref_trajectory_part_t part,
                         double *values, double *radii);

/* nhref_trajectory_values -- nhref_trajectory_get(TRAJ, NHREF_TRAJECTORY_ROWS, OUT,
 * NULL): the rows as doubles (nrows x ncols, row-major).  Returns NHREF_OK. */
int nhref_trajectory_values(const nhref_trajectory_t *traj, double *out);

/* nhref_trajectory_get_mpfr -- V = the value of PART at ROW, column J, rounded to
 * nearest at V's precision (a ball: its midpoint; NaN where undefined).
 * Returns NHREF_OK; NHREF_EINVAL (ROW or J out of range: V unchanged). */
int nhref_trajectory_get_mpfr(mpfr_ptr v, const nhref_trajectory_t *traj,
                              nhref_trajectory_part_t part, size_t row, size_t j);

/* nhref_trajectory_text -- the text of the value of PART at ROW, column J, with DIGITS
 * significant digits (0: the run's tolerance digits + 2, 17 for a double run) into BUF
 * (LEN bytes, NUL-terminated; BUF may be NULL when LEN is 0): the trajectory CSV's
 * cells (nhref_row_format): "d.ddde+XX", "nan", "inf", "-inf"; for a ball "MID,RAD",
 * MID its midpoint rounded to DIGITS digits and RAD (3 digits, rounded up) such that
 * [MID - RAD, MID + RAD] contains the ball ("nan,inf" for a ball that is not finite).
 * Returns the length of the whole text, as snprintf; 0 if ROW or J is out of range.
 * Cost: one conversion to decimal (a ball: a few Arb operations). */
size_t nhref_trajectory_text(const nhref_trajectory_t *traj, nhref_trajectory_part_t part,
                             size_t row, size_t j, int digits, char *buf, size_t len);

/* nhref_trajectory_value_str -- the value at ROW (of the rows asked for), column J as
 * a decimal string: nhref_trajectory_text without a ball's ",RAD" (its midpoint). */
size_t nhref_trajectory_value_str(const nhref_trajectory_t *traj, size_t row, size_t j,
                                  int digits, char *buf, size_t len);

/* nhref_trajectory_crossing -- the name of the event of crossing K (a model event's
 * name, or the expression given to nhref_spec_add_event); *TERMINAL (NULL: not
 * wanted) 1 for the crossing that stopped the run, else 0.  NULL if K is out of
 * range.  Static while TRAJ lives.  (A proven run locates only the model's terminal
 * events: its one crossing is the stop, t its time ball.) */
const char *nhref_trajectory_crossing(const nhref_trajectory_t *traj, size_t k, int *terminal);

/* ------------------------------------------------------------------ the run */
/* How the run ended: the message of nhref_outcome_str ("reached the final time",
 * "stopped by an event", ...); the run's status (NHREF_OK, NHREF_EBLOWUP,
 * NHREF_ESTEP, NHREF_EUNPROVEN, ...: nhref_run_end_t); the terminal event's name or
 * NULL; the time where it ended, a decimal string (the last time asked for, or the
 * stop's time; a ball's midpoint) with the run's digits, at most 60 (17 for a double
 * run).  Strings static while TRAJ lives. */
const char *nhref_trajectory_outcome(const nhref_trajectory_t *traj);
int nhref_trajectory_status(const nhref_trajectory_t *traj);
const char *nhref_trajectory_event(const nhref_trajectory_t *traj);
const char *nhref_trajectory_t_end(const nhref_trajectory_t *traj);

/* The working precision [bits] (53 for double; proven: of the midpoints), the digits of
 * the tolerance, the steps taken, the scheme's name and its order as configured
 * (Taylor N, Gauss 2s; proven: the validated Taylor order). */
long nhref_trajectory_prec(const nhref_trajectory_t *traj);
double nhref_trajectory_digits(const nhref_trajectory_t *traj);
unsigned long nhref_trajectory_steps(const nhref_trajectory_t *traj);
const char *nhref_trajectory_scheme(const nhref_trajectory_t *traj);
unsigned nhref_trajectory_order(const nhref_trajectory_t *traj);

NHREF_END_DECLS

#endif /* NHREF_TRAJECTORY_H */

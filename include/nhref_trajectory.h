/* nhref_trajectory.h -- a reference trajectory by names and decimal strings, in
 * one call: the entry point for bindings (the Python package nhref uses it
 * through ctypes), where only scalars, strings and arrays cross.  Built on the
 * public integrator API (nhref_integrate.h); the handle is opaque and read
 * through accessors, so its layout may change freely.
 *
 * Usage:
 *     const char *param[] = {"J=30"}, *times[] = {"0", "0.5", "1"};
 *     nhref_trajectory_t *tr;
 *     char err[512];
 *     if (nhref_trajectory_compute(&tr, "chaplygin_sleigh", 1, param, 0, NULL, NULL,
 *                                  3, times, 30, NULL, err, sizeof err) != NHREF_OK)
 *         puts(err);
 *     double *v = malloc(nhref_trajectory_nrows(tr) * nhref_trajectory_ncols(tr) * sizeof *v);
 *     nhref_trajectory_values(tr, v);
 *     nhref_trajectory_free(tr);
 */
#ifndef NHREF_TRAJECTORY_H
#define NHREF_TRAJECTORY_H

#include <stddef.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

typedef struct nhref_trajectory nhref_trajectory_t;

/* nhref_trajectory_compute -- integrate MODEL from its initial state at T_START
 * through the times TIMES[0..NTIMES-1] and keep the rows.
 *
 * Inputs:    PARAM, INIT: "NAME=VALUE" strings (decimal values, kept as given)
 *            changing the model's default parameters and initial state; T_START
 *            a decimal string (NULL: "0"); TIMES decimal strings, monotone
 *            (increasing, or decreasing to integrate backward), none on the other
 *            side of T_START, repeats allowed; DIGITS the tolerance 10^-DIGITS and
 *            the precision DIGITS log2(10) + NHREF_GUARD_BITS bits (0: 30);
 *            SCHEME "taylor" or "gauss" (NULL: "taylor").
 * Shapes:    NTIMES >= 1 rows asked for; the columns are t, the model's state,
 *            then its first integrals (the order of its tables).
 * Precision: the integrator's (nhref_integrate_grid): per-step target
 *            |error| <= 10^-DIGITS max(1, |x|); VALIDATED, not rigorous.
 * Returns:   NHREF_OK with *TRAJ, also when the integration ended before the last
 *            time (a terminal event, a blow-up, a failed step): then
 *            nhref_trajectory_nrows is less than NTIMES and _outcome, _status and
 *            _t_end say why.  Otherwise *TRAJ is NULL and ERR says why:
 *            NHREF_ENOTFOUND (unknown model, parameter, state variable or scheme),
 *            NHREF_EPARSE (a malformed assignment or number), NHREF_EPARAM
 *            (parameters or initial state outside their ranges, named),
 *            NHREF_EINVAL (no times, times not monotone or across T_START,
 *            DIGITS out of range), NHREF_ENOMEM.
 * Cost:      one integration (nhref_integrate_grid) and the first integrals at
 *            every row; memory NTIMES x (nstate + nintegral) MPFR numbers. */
int nhref_trajectory_compute(nhref_trajectory_t **traj, const char *model, size_t nparam,
                             const char *const *param, size_t ninit, const char *const *init,
                             const char *t_start, size_t ntimes, const char *const *times,
                             double digits, const char *scheme, char *err, size_t errlen);
void nhref_trajectory_free(nhref_trajectory_t *traj);

/* Rows computed (<= NTIMES) and columns (1 + nstate + nintegral). */
size_t nhref_trajectory_nrows(const nhref_trajectory_t *traj);
size_t nhref_trajectory_ncols(const nhref_trajectory_t *traj);
/* The name of column J ("t", a state variable, an integral); NULL past the end. */
const char *nhref_trajectory_column(const nhref_trajectory_t *traj, size_t j);

/* nhref_trajectory_values -- every value rounded to double into OUT (nrows x
 * ncols, row-major; NaN where an integral is undefined).  Returns NHREF_OK. */
int nhref_trajectory_values(const nhref_trajectory_t *traj, double *out);

/* nhref_trajectory_value_str -- the value at ROW, column J as a decimal string
 * with DIGITS significant digits (0: the integration's digits + 2), "nan" where
 * undefined, written into BUF (LEN bytes, NUL-terminated; BUF may be NULL when
 * LEN is 0).  Returns the length of the whole string, as snprintf; 0 if ROW or
 * J is out of range. */
size_t nhref_trajectory_value_str(const nhref_trajectory_t *traj, size_t row, size_t j,
                                  int digits, char *buf, size_t len);

/* How the integration ended: the message of nhref_outcome_str ("reached the
 * final time", "stopped by an event", ...); the integrator's status (NHREF_OK,
 * NHREF_EBLOWUP, NHREF_ESTEP, ...); the terminal event's name or NULL; the time
 * where it ended, a decimal string with the integration's digits (static while
 * TRAJ lives). */
const char *nhref_trajectory_outcome(const nhref_trajectory_t *traj);
int nhref_trajectory_status(const nhref_trajectory_t *traj);
const char *nhref_trajectory_event(const nhref_trajectory_t *traj);
const char *nhref_trajectory_t_end(const nhref_trajectory_t *traj);

/* The working precision [bits], the digits of the tolerance, the steps taken. */
long nhref_trajectory_prec(const nhref_trajectory_t *traj);
double nhref_trajectory_digits(const nhref_trajectory_t *traj);
unsigned long nhref_trajectory_steps(const nhref_trajectory_t *traj);

NHREF_END_DECLS

#endif /* NHREF_TRAJECTORY_H */

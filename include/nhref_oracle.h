/* nhref_oracle.h -- independent truth: closed forms and first integrals in plain MPFR.
 *
 * The oracle is coded directly from the model specifications (docs/models/<name>.md)
 * and shares no code with the tape, the jets or the schemes: it is what the
 * tests, `nhref golden` and `nhref verify` judge the integrators by.
 *
 * The public interface is the registry (one entry per model: closed-form solution,
 * first integrals) and the measure of agreement below.  Each model family's own
 * closed forms, special solutions and checks are private to oracle/ and the tests
 * (oracle/oracle_<family>.h, not installed, not exported).
 *
 * Conventions.  A vector is a contiguous array of MPFR numbers passed as
 * mpfr_ptr (output) or mpfr_srcptr (input); an array declared `mpfr_t v[n]` is
 * passed as `v[0]`.  Outputs are rounded to nearest at their own precision;
 * internal work uses that precision plus guard bits.  Outputs may not alias
 * inputs.
 */
#ifndef NHREF_ORACLE_H
#define NHREF_ORACLE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* ------------------------------------------------------------------ registry
 * The oracles by model name, with one interface, for `nhref golden` and
 * `nhref verify`: a closed-form solution from an initial state (NULL where the
 * model has none), and the first integrals.  Vectors follow the model's state,
 * parameter and integral tables (the spec's order).
 */
typedef struct {
    const char *model;       /* the model it judges, e.g. "chaplygin_sleigh" */
    const char *description; /* what the closed form covers, one line */
    size_t nparam, nstate, nintegral;
    int (*solution_new)(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
    int (*solution_state)(mpfr_ptr s, void *sol, mpfr_srcptr t);
    void (*solution_free)(void *sol);
    int (*integrals)(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
    /* A closed form with data of its own (a model file's [solution]: nhref_model_oracle
     * in nhref_model_file.h), used instead of solution_new when not NULL: T0 is the
     * initial time of S0 (NHREF_ENOTFOUND where the form does not hold from T0); DATA
     * is the field below.  The registry's entries leave both NULL. */
    int (*solution_new_data)(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t0,
                             mpfr_prec_t prec, const void *data);
    const void *data;
} nhref_oracle_t;

/* nhref_oracle_has_solution -- does O (NULL: no oracle) have a closed form?
 * nhref_oracle_solution_new -- O's closed form from the state S0 at time T0 with the
 * parameters P, at PREC bits (solution_new_data, or solution_new, which takes S0 at
 * t = 0: the callers evaluate it at t - T0).  Returns as solution_new; NHREF_ENOTFOUND
 * if O has none. */
int nhref_oracle_has_solution(const nhref_oracle_t *o);
int nhref_oracle_solution_new(const nhref_oracle_t *o, void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                              mpfr_srcptr t0, mpfr_prec_t prec);

/* solution_new returns NHREF_ENOTFOUND when the model has no closed form for
 * these parameters or this initial state (a closed form of some branches only):
 * then there is simply no closed-form route (nhref golden, nhref verify). */

/* The oracle of MODEL, or NULL if there is none. */
const nhref_oracle_t *nhref_oracle_find(const char *model);

/* The oracle registry (oracle/registry.c), in its order: nhref_oracle_count()
 * entries; nhref_oracle_get(i) is entry I, or NULL for i >= count.  Each entry
 * judges the registered model of its name, with that model's nparam, nstate and
 * nintegral (nhref_model_check and tests/check_model.c hold the two registries
 * together; the oracle itself calls nothing of src/). */
size_t nhref_oracle_count(void);
const nhref_oracle_t *nhref_oracle_get(size_t i);

/* ------------------------------------------------------------------ comparison
 * The one measure of agreement used by certification (`nhref golden`) and by
 * `nhref verify`: decimal digits of agreement of a value A with a reference B,
 * mixed absolute/relative with a scale S (docs/golden.md):
 *     digits(A, B) = -log10( |A - B| / max(|B|, S) ),
 * NHREF_ORACLE_DIGITS_EXACT when A = B, -Inf when either is NaN and the other
 * is not, NHREF_ORACLE_DIGITS_EXACT when both are NaN (an integral undefined on
 * both sides agrees).  S = 1 matches the integrators' error control
 * |error| <= tol max(1, |x|).
 */
#define NHREF_ORACLE_DIGITS_EXACT 1e6

/* nhref_oracle_agree_digits -- digits(A, B) with scale S (> 0), computed at the
 * larger of the operands' precisions plus 64 bits, returned as a double. */
double nhref_oracle_agree_digits(mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr s);

/* A column summary: the worst agreement over the rows seen so far. */
typedef struct {
    double digits;     /* min over rows of digits(a, b); NHREF_ORACLE_DIGITS_EXACT if none */
    double max_abs;    /* max |a - b| (as a double, 0 if none) */
    size_t worst_row;  /* row of the minimum */
    size_t rows;       /* rows compared (both defined or both NaN) */
    size_t nan_rows;   /* rows where exactly one side is NaN */
} nhref_oracle_column_t;

void nhref_oracle_column_init(nhref_oracle_column_t *c);
/* Add row ROW: A against the reference B, scale S. */
void nhref_oracle_column_add(nhref_oracle_column_t *c, size_t row, mpfr_srcptr a, mpfr_srcptr b,
                             mpfr_srcptr s);

NHREF_END_DECLS

#endif /* NHREF_ORACLE_H */

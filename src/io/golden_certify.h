/* golden_certify.h -- how `nhref golden` certifies one column (internal; golden.c,
 * tests/check_golden.c).  The rules are those of docs/golden.md, "What the digits
 * mean". */
#ifndef NHREF_IO_GOLDEN_CERTIFY_H
#define NHREF_IO_GOLDEN_CERTIFY_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_oracle.h"

#define NHREF_GOLDEN_MARGIN 1    /* digits taken off the agreement of the routes */
#define NHREF_GOLDEN_MAX_ROUTES 8
/* the proven route's step budget: a case it cannot prove (validated steps far below
 * the Taylor steps) stops there, VALIDATED, instead of creeping on for minutes; the
 * shipped cases it proves take at most about 1700 steps */
#define NHREF_GOLDEN_PROVEN_MAX_STEPS 5000

/* One column, certified against its routes. */
typedef struct {
    size_t nroute;
    nhref_oracle_column_t per[NHREF_GOLDEN_MAX_ROUTES]; /* each route against the values
                                                         (mixed measure), over the rows
                                                         where the values are defined */
    double certified;   /* mixed digits: floor(min over routes and rows) - margin, in
                           [0, cap]; -1: undefined (NaN) on every row */
    int mismatch;       /* a route is NaN where the values are defined: certified 0 */
    size_t nundef;      /* rows where the values are NaN (left out) */
    size_t nelsewhere;  /* of them, rows where some route is defined */
    size_t nsmall;      /* rows with |value| < 1 (an exact 0, on which every route
                           agrees exactly, not counted) */
    size_t nzero;       /* of them, rows 0 to their certified decimal places: no
                           significant digit */
    size_t tiny_row;    /* the row of the smallest |value| < 1 */
    double significant; /* significant digits, floor(min) - margin over the nsmall -
                           nzero rows, at most cap; NaN if there are none */
} nhref_golden_column_t;

/* nhref_golden_certify_column -- COL from the NT values V[i * VSTRIDE] and NROUTE
 * routes R[q][i * RSTRIDE[q]] (each compared with the values, scale 1), digits at
 * most CAP.  ROWMIN[i] and SIGROW[i] (NT values each, not floored) are lowered to
 * the cell's mixed and significant agreement (the minimum over the routes), except
 * where the values or a route are NaN (NaN is never a digit count) and, for
 * SIGROW, where the value has no significant digit. */
void nhref_golden_certify_column(nhref_golden_column_t *col, size_t nt, mpfr_srcptr v,
                                 size_t vstride, size_t nroute, mpfr_srcptr const *r,
                                 const size_t *rstride, double cap, double *rowmin,
                                 double *sigrow);

/* Test hook of the proven route (golden.c): every ball's midpoint is moved by this
 * times max(|mid|, 1) (0: none), so that a test can show that a route value outside a
 * proven ball stops nhref_golden_make with NHREF_ETOLERANCE. */
extern double nhref_golden_hook_proven_shift;

#endif /* NHREF_IO_GOLDEN_CERTIFY_H */

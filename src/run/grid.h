/* grid.h -- the time grid of a run, in exact decimal arithmetic (internal: the run
 * layer and the case reader).  One rule everywhere: t-start + k dt-out, k = 0, 1, ...,
 * while before t-end, then t-end; each time an exact decimal, rounded once to the
 * type of the run. */
#ifndef NHREF_RUN_GRID_H
#define NHREF_RUN_GRID_H

#include <stddef.h>

#include <gmp.h>
#include <mpfr.h>

/* nhref_dec_parse -- M 10^E = the decimal string D (a finite decimal number: sign,
 * digits, point, exponent; nhref_decimal_set accepted it), exactly.  0, or -1 if
 * memory is short. */
int nhref_dec_parse(mpz_t m, long *e, const char *d);

/* nhref_dec_format -- the decimal string of M 10^E, exact: plain notation (trailing
 * zeros after the point dropped), or digits and an exponent where that would take
 * more than 40 zeros.  Malloc'ed; NULL if memory is short. */
char *nhref_dec_format(const mpz_t m, long e);

/* nhref_dec_cmp -- the sign of A - B, exactly (decimal strings); 0 if memory is short. */
int nhref_dec_cmp(const char *a, const char *b);

/* The grid t-start + k dt-out while before t-end, then t-end. */
typedef struct {
    mpz_t m0, md, pow; /* t_k = (m0 + k md) 10^e; pow = 10^|e|, 0 until first needed */
    long e;
    size_t n;          /* rows: n - 1 multiples before t-end, then t-end */
    char *t_end;       /* the last row, as written */
    mpz_t work;
} nhref_grid_t;

/* The most decimal digits an exact grid time may need (t-start + k dt-out written out). */
#define NHREF_GRID_MAX_SPAN 10000

/* Why nhref_grid_init refused. */
enum {
    NHREF_GRID_OK = 0,
    NHREF_GRID_NOT_AFTER, /* t-end is not after t-start */
    NHREF_GRID_DT,        /* dt-out <= 0 */
    NHREF_GRID_ROWS,      /* more than MAX_ROWS rows (*ROWS: how many, as a double) */
    NHREF_GRID_SPAN,      /* t-start, t-end and dt-out more than NHREF_GRID_MAX_SPAN decimal
                             orders apart: the exact times would need as many digits */
    NHREF_GRID_NOMEM
};

/* nhref_grid_init -- G for T_START, T_END and DT (decimal strings nhref_decimal_set
 * accepts), at most MAX_ROWS rows.  Returns NHREF_GRID_OK or why not (G is then
 * cleared); *ROWS = the number of rows (also when too many; may be inf).
 * Cost: a few big-integer operations on the aligned mantissas. */
int nhref_grid_init(nhref_grid_t *g, const char *t_start, const char *t_end, const char *dt,
                    size_t max_rows, double *rows);
void nhref_grid_clear(nhref_grid_t *g);

/* nhref_grid_time_str -- the decimal string of row K (< G->n), exact; malloc'ed, NULL
 * if memory is short. */
char *nhref_grid_time_str(nhref_grid_t *g, size_t k);

/* nhref_grid_time -- V = row K rounded to nearest at V's precision (one rounding of the
 * exact value).  Cost: one big-integer multiply-add and one MPFR division. */
void nhref_grid_time(mpfr_ptr v, nhref_grid_t *g, size_t k);

/* nhref_dec_span -- the decimal digits that T0 + k D written exactly needs at most (the
 * spread of their decimal exponents; 0 if T0 is 0). */
long nhref_dec_span(const char *t0, const char *d);

/* nhref_dec_step -- T0 + K D exactly, as a decimal string (malloc'ed; NULL if memory is
 * short).  The caller has bounded nhref_dec_span. */
char *nhref_dec_step(const char *t0, const char *d, unsigned long k);

#endif /* NHREF_RUN_GRID_H */

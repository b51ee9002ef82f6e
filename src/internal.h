/* internal.h -- helpers shared inside libnhref (not installed). */
#ifndef NHREF_INTERNAL_H
#define NHREF_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_model.h"

/* nhref_table_cell_set -- X = a value of a CSV cell (nhref_io.h): a decimal
 * number (nhref_decimal_set), "nan" or "" for NaN, "inf", "-inf", "infinity"
 * (any case) for an infinity.  Returns NHREF_OK or NHREF_EPARSE. */
int nhref_table_cell_set(mpfr_ptr x, const char *s);

/* The SHA-256 of the data lines of a stream (the lines not starting with '#', each
 * with its '\n'), fed as it is written (data_sha256.c). */
#include <nettle/sha2.h>
typedef struct {
    struct sha256_ctx ctx;
    int at_start, skip;
} nhref_linehash_t;
void nhref_linehash_init(nhref_linehash_t *h);
void nhref_linehash_update(nhref_linehash_t *h, const char *p, size_t n);
/* HEX (64 hex digits + NUL) = the hash so far; H may still be fed */
void nhref_linehash_final(const nhref_linehash_t *h, char hex[65]);

/* nhref_outfile_linehash -- the hash of F's data lines written so far, or NULL when
 * F's stream does not go through nhref's own write function (no fopencookie). */
const nhref_linehash_t *nhref_outfile_linehash(nhref_outfile_t *f);

/* nhref_outfile_readfd -- the descriptor of F's temporary file, open for reading and
 * writing (a file that will be renamed or copied into place), or -1 when F writes
 * directly (standard output, a device, a FIFO). */
int nhref_outfile_readfd(nhref_outfile_t *f);

/* nhref_strdup -- a malloc'ed copy of S, or NULL. */
char *nhref_strdup(const char *s);

/* nhref_trim -- S without leading and trailing white space (S is modified). */
char *nhref_trim(char *s);

/* nhref_model_check_in -- nhref_model_check with the registry TABLE of N models
 * (nhref_model_check passes the registry of models.def): if M is one of them, it
 * must also carry what a registered model needs and a name no other entry has. */
int nhref_model_check_in(const nhref_model_t *m, const nhref_model_t *const *table, size_t n,
                         char *why, size_t len);

/* The MPFR instances of num/core.h's system helpers, for the MPFR-only code
 * (lyapunov.c, golden.c): P = the parameters of SYS rounded at PREC bits; a workspace
 * of TAPE with SYS's parameters set (STRICT: an undefined constant is an error). */
#include "nhref_tape.h"
int nhref_system_params_mp(mpfr_ptr p, const nhref_system_t *sys, long prec);
int nhref_system_workspace_mp(nhref_tape_mp_t **ws, const nhref_system_t *sys,
                              const nhref_tape_t *tape, long prec, unsigned order, int strict);

/* The Arb instances (for proven.c), when arb.h is included before this header. */
#ifdef ARB_H
#include "nhref_arb.h"
int nhref_system_params_arb(arb_ptr p, const nhref_system_t *sys, long prec);
int nhref_system_workspace_arb(nhref_tape_arb_t **ws, const nhref_system_t *sys,
                               const nhref_tape_t *tape, long prec, unsigned order, int strict);

/* ---------------------------------------------------------------- test hooks
 * For the tests only (they link the static libnhrefcore; not exported).
 *
 * nhref_proven_test_scale_remainder -- PV's Lagrange remainder term, in every step
 * and dense row, is multiplied by K (1 after nhref_proven_new).  Only for
 * tests/check_proven.c, which sets 0 to show that dropping the remainder makes
 * the containment tests fail: any K != 1 breaks the proof.  A setting of one
 * integrator, not a global: other integrators, in any thread, are unaffected. */
void nhref_proven_test_scale_remainder(nhref_proven_t *pv, double k);
#endif

/* Statistics of the drivers (integrate/stats.c): a fresh record; one step taken
 * (LAST: the step that reached the end, whose clipped size says nothing of h_min). */
#include "nhref_integrate.h"
#include "schemes/scheme.h"
void nhref_stats_start(nhref_stats_t *s);
void nhref_stats_step(nhref_stats_t *s, const nhref_step_info_t *info, int last);

#endif /* NHREF_INTERNAL_H */

/* models_internal.h -- what the model layer gives the layers above it (private, not
 * installed): the registry's check of a model against a table, and a system's
 * parameters and tape workspaces in each number type (models/system_num.c, compiled
 * once per type). */
#ifndef NHREF_MODELS_INTERNAL_H
#define NHREF_MODELS_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"
#include "nhref_tape.h"

/* nhref_model_check_in -- nhref_model_check with the registry TABLE of N models
 * (nhref_model_check passes the registry of models.def): if M is one of them, it
 * must also carry what a registered model needs and a name no other entry has. */
int nhref_model_check_in(const nhref_model_t *m, const nhref_model_t *const *table, size_t n,
                         char *why, size_t len);

/* nhref_model_build -- M's tape WHICH into TAPE (a built-in's builder, or a model
 * file's build with its data).  nhref_model_run_check -- M's admissibility check of the
 * parameters P (NHREF_OK if it has none). */
int nhref_model_build(const nhref_model_t *m, nhref_tape_t *tape, nhref_model_tape_t which);
int nhref_model_run_check(const nhref_model_t *m, mpfr_srcptr p, char *why, size_t len);

/* nhref_system_check_init_d -- nhref_system_check_init for an integration in double (X0
 * at 53 bits: the double driver's and the batch's check, integrate/driver.c and
 * batch.c): the same, except that a model file evaluates its right-hand side at X0 in
 * double, the run's arithmetic, not in MPFR (model_file_internal.h's mf_check_init_d;
 * about 14,000 fewer instructions per integration for suslov_servo_ode.model).  A start
 * where only one of the two evaluations is undefined lies on the boundary of the
 * domain (libm's rounding against MPFR's, double's exponent range); this check then
 * answers for the double run.  Returns as nhref_system_check_init. */
int nhref_system_check_init_d(const nhref_system_t *sys, mpfr_srcptr x0, char *why, size_t len);

/* nhref_system_derive_like -- as nhref_system_derive (RHS taken over, BASE's
 * parameters), with LIKE's model (LIKE a derived system, which must outlive *SYS): the
 * systems derived from several parameter sets of one model then share one model, as
 * nhref_batch_new_d requires (lyapunov_batch.c: the variational equations of each lane).
 * Returns NHREF_OK; NHREF_EINVAL (RHS's states or parameters, or BASE's parameters, are
 * not LIKE's); NHREF_ENOMEM. */
int nhref_system_derive_like(nhref_system_t **sys, const nhref_system_t *like,
                             const nhref_system_t *base, nhref_tape_t *rhs);

/* ---------------------------------------------------------------- a system in each type
 * NUM_IN(nhref_system_params) -- P = the parameters of SYS (nparam values): their
 * decimal strings rounded to nearest (double, MPFR at P's precision) or enclosed
 * (Arb, at PREC bits).  NHREF_OK or NHREF_EPARSE.
 * NUM_IN(nhref_system_workspace) -- a workspace for TAPE (one of SYS's tapes, or one
 * derived from them) at PREC bits and jets to ORDER, with SYS's parameters set.
 * STRICT: a constant of the tape undefined for these parameters is NHREF_EDOMAIN (no
 * workspace); otherwise it evaluates as NaN (monitoring tapes).
 * Returns NHREF_OK or the status of the workspace or of the parameters. */

/* The MPFR instances, for the type-independent code (lyapunov.c, system.c). */
int nhref_system_params_mp(mpfr_ptr p, const nhref_system_t *sys, long prec);
int nhref_system_workspace_mp(nhref_tape_mp_t **ws, const nhref_system_t *sys,
                              const nhref_tape_t *tape, long prec, unsigned order, int strict);

/* The Arb instances (for proven.c), when arb.h is included before this header. */
#ifdef ARB_H
#include "nhref_arb.h"
int nhref_system_params_arb(arb_ptr p, const nhref_system_t *sys, long prec);
int nhref_system_workspace_arb(nhref_tape_arb_t **ws, const nhref_system_t *sys,
                               const nhref_tape_t *tape, long prec, unsigned order, int strict);
#endif

/* The instances of the type being compiled (a source compiled with NHREF_NUM). */
#ifdef NHREF_NUM
#include "tape/tape_num.h"
/* nhref_system_params_mp, nhref_system_params_d, nhref_system_params_arb */
int NUM_IN(nhref_system_params)(num_ptr p, const nhref_system_t *sys, long prec);
/* nhref_system_workspace_mp, nhref_system_workspace_d, nhref_system_workspace_arb */
int NUM_IN(nhref_system_workspace)(tape_ws_t **ws, const nhref_system_t *sys,
                                   const nhref_tape_t *tape, long prec, unsigned order,
                                   int strict);
#endif

#endif /* NHREF_MODELS_INTERNAL_H */

/* nhref.h -- nhref: certified reference trajectories of nonholonomic mechanical
 * systems in multiple precision (MPFR on GNU MP).  The umbrella header.
 *
 * Modules: status codes (nhref_status.h), Taylor-mode jets (nhref_jet.h), the
 * tape and its interpreters (nhref_tape.h), models and systems
 * (nhref_model.h), schemes (nhref_scheme.h), integrators
 * (nhref_integrate.h), runs put together from a specification (nhref_run.h), output files (nhref_io.h), verification of other
 * programs' trajectories (nhref_verify.h) and the independent oracle
 * (nhref_oracle.h).  Guarantee level: VALIDATED (independent routes agree),
 * not rigorous.
 */
#ifndef NHREF_H
#define NHREF_H

#include "nhref_status.h"
#include "nhref_jet.h"
#include "nhref_tape.h"
#include "nhref_jit.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "nhref_scheme.h"
#include "nhref_integrate.h"
#include "nhref_fast.h"
#include "nhref_batch.h"
#include "nhref_run.h"
#include "nhref_lyapunov.h"
#include "nhref_io.h"
#include "nhref_golden.h"
#include "nhref_verify.h"
#include "nhref_trajectory.h"
#include "nhref_oracle.h"

NHREF_BEGIN_DECLS

/* Version strings (static): nhref's, and the MPFR and GMP it runs with. */
const char *nhref_version(void);
const char *nhref_mpfr_version(void);
const char *nhref_gmp_version(void);

NHREF_END_DECLS

#endif /* NHREF_H */

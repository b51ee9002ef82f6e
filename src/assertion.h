/* assertion.h -- NHREF_ASSERT(COND): the internal consistency checks of
 * `configure --enable-assert` (private to the library, not installed).
 *
 * nhref checks at two levels, as MPFR does.  What a caller or an input can get wrong
 * is always checked and returned as a status (nhref_status.h).  NHREF_ASSERT states an
 * invariant that the library keeps by itself -- an index within its array, an order
 * within the workspace, a step that advances time in the direction asked for -- so
 * that a false COND is a bug in nhref.
 *
 * Configured with --enable-assert (NHREF_WANT_ASSERT in config.h), a false COND prints
 * "FILE:LINE: nhref assertion failed: COND" on stderr and aborts: the one place where
 * library code prints, since there is no status to return from a broken invariant.
 * Otherwise NHREF_ASSERT(COND) compiles to nothing: COND is not evaluated (it is only
 * an operand of sizeof, so that its names count as used), hence it must have no side
 * effects, and should be cheap (O(1) or of the order of the work around it).  CI's
 * sanitizer build (.ci/run) configures with --enable-assert.
 */
#ifndef NHREF_ASSERTION_H
#define NHREF_ASSERTION_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#ifdef NHREF_WANT_ASSERT
#include <stdio.h>
#include <stdlib.h>
#define NHREF_ASSERT(cond)                                                                  \
    ((cond) ? (void)0                                                                       \
            : (fprintf(stderr, "%s:%d: nhref assertion failed: %s\n", __FILE__, __LINE__, \
                       #cond),                                                              \
               abort()))
#else
#define NHREF_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

#endif /* NHREF_ASSERTION_H */

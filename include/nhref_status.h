/* nhref_status.h -- status codes of every nhref function, from one X-macro list.
 *
 * Every public function of libnhref returns an int status: NHREF_OK (0) on
 * success, one of the positive codes below otherwise.  Outcomes of an
 * integration (reached the final time, stopped by an event) are not errors:
 * see nhref_outcome_t in nhref_integrate.h.  Library code never prints and
 * never exits; nhref_strerror() gives the message, nhref_status_name() the
 * enumerator's name.
 */
#ifndef NHREF_STATUS_H
#define NHREF_STATUS_H

/* Every public header wraps its declarations in NHREF_BEGIN_DECLS ... NHREF_END_DECLS:
 * C linkage for C++, and default visibility.  The library is compiled with
 * -fvisibility=hidden, so that exactly what the public headers declare is exported
 * (a test checks the symbol table of libnhref.so against the headers). */
#ifdef __cplusplus
#define NHREF_EXTERN_C_BEGIN_ extern "C" {
#define NHREF_EXTERN_C_END_ }
#else
#define NHREF_EXTERN_C_BEGIN_
#define NHREF_EXTERN_C_END_
#endif
#if defined(__GNUC__) && __GNUC__ >= 4
#define NHREF_VIS_PUSH_ _Pragma("GCC visibility push(default)")
#define NHREF_VIS_POP_ _Pragma("GCC visibility pop")
#else
#define NHREF_VIS_PUSH_
#define NHREF_VIS_POP_
#endif
#define NHREF_BEGIN_DECLS NHREF_EXTERN_C_BEGIN_ NHREF_VIS_PUSH_
#define NHREF_END_DECLS NHREF_VIS_POP_ NHREF_EXTERN_C_END_

NHREF_BEGIN_DECLS

/* X(name, value, message).  The values are part of the ABI and never change; 12 is
 * unused (it was NHREF_ECHECKSUM, which nothing returned) and is not to be reused. */
#define NHREF_STATUS_LIST(X)                                                              \
    X(NHREF_OK, 0, "success")                                                             \
    X(NHREF_EDOMAIN, 1, "function evaluated outside its domain")                          \
    X(NHREF_EINVAL, 2, "invalid argument")                                                \
    X(NHREF_ENOMEM, 3, "out of memory")                                                   \
    X(NHREF_EPARAM, 4, "parameter outside its admissible range")                          \
    X(NHREF_ENOTFOUND, 5, "no such name")                                                 \
    X(NHREF_EPARSE, 6, "malformed input")                                                 \
    X(NHREF_EIO, 7, "input/output error")                                                 \
    X(NHREF_EMAXSTEPS, 8, "maximum number of steps reached")                              \
    X(NHREF_ESTEP, 9, "step size underflow")                                              \
    X(NHREF_ENOCONV, 10, "iteration did not converge")                                    \
    X(NHREF_ETAPE, 11, "malformed tape")                                                  \
    X(NHREF_ETOLERANCE, 13, "requested accuracy not met")                                 \
    X(NHREF_EBLOWUP, 14, "the solution leaves every bound (finite-time blow-up)")         \
    X(NHREF_ERANGE, 15, "number too large or too small for the working precision")      \
    X(NHREF_EUNPROVEN, 16, "no enclosure could be proven (the validated step shrank too far)")

typedef enum {
#define NHREF_X_ENUM(name, value, msg) name = value,
    NHREF_STATUS_LIST(NHREF_X_ENUM)
#undef NHREF_X_ENUM
    NHREF_STATUS_COUNT
} nhref_status_t;

/* nhref_strerror -- the message of STATUS ("unknown status" for a value
 * outside the list).  The string is static; never NULL. */
const char *nhref_strerror(int status);

/* nhref_status_name -- the enumerator's name of STATUS, e.g. "NHREF_EDOMAIN"
 * ("NHREF_UNKNOWN" for a value outside the list).  Static; never NULL. */
const char *nhref_status_name(int status);

NHREF_END_DECLS

#endif /* NHREF_STATUS_H */

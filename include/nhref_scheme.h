/* nhref_scheme.h -- the integration schemes: what each is, and its own options.
 *
 * A scheme is one file in src/schemes/, compiled once per number type (double,
 * MPFR, Arb), registered by one line in src/schemes/schemes.def; the scheme
 * battery of the tests loops over the registry and over the number types, so a
 * new scheme is tested by registering it.  Users choose a scheme by name
 * (nhref_options_t.scheme) and give its own options as "NAME=VALUE" pairs
 * (nhref_options_t.scheme_opt), checked against the scheme's table of options.
 */
#ifndef NHREF_SCHEME_H
#define NHREF_SCHEME_H

#include <stddef.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* capability flags */
enum {
    NHREF_SCHEME_DENSE = 1u << 0,    /* dense output over the last step */
    NHREF_SCHEME_ADAPTIVE = 1u << 1, /* chooses its own step size */
    NHREF_SCHEME_SYMMETRIC = 1u << 2, /* symmetric and symplectic: preserves quadratic
                                         first integrals exactly (to round-off) */
    NHREF_SCHEME_RADIUS = 1u << 3,    /* estimates the solution's radius of convergence at
                                         every step: the distance of the blow-up test
                                         (nhref_options_t.blowup_radius; a scheme without
                                         it is judged on its step sizes) */
    NHREF_SCHEME_PROVEN = 1u << 4     /* has a validated variant in Arb balls, the proven
                                         integrator of nhref_arb.h (runs of type proven,
                                         the golden files' proven route) */
};

/* One option of a scheme: a whole number NAME = VALUE in [MIN, MAX]. */
typedef struct {
    const char *name;          /* "order" */
    const char *description;   /* one line */
    const char *default_value; /* in words, e.g. "from the tolerance: ceil(1.1513 d + 1)" */
    unsigned long min, max;    /* admissible range */
} nhref_scheme_opt_desc_t;

/* What a run will ask of a scheme, before anything is allocated (nhref_scheme_t.plan). */
typedef struct {
    size_t nnodes, nstate; /* the right-hand side's tape: its nodes and state components */
    long prec;             /* working precision [bits] */
    double digits;         /* tolerance 10^-digits */
    const char *opt;       /* the scheme's own options, checked (NULL: none) */
} nhref_scheme_work_t;

/* What a scheme will take for it. */
typedef struct {
    unsigned long order;     /* the order of the method */
    unsigned long max_order; /* its limit (0: none); order > max_order: refused */
    double max_digits;       /* the largest tolerance digits whose default order is within
                                the limit (0: no limit) */
    double numbers;          /* about how many numbers of PREC bits its workspace holds */
    char what[160];          /* the workspace in words, without its size: "the Taylor
                                jets (120 tape nodes to order 36 at 132 bits" */
} nhref_scheme_plan_t;

typedef struct nhref_scheme {
    const char *name;        /* "taylor", "gauss" */
    const char *description; /* one line */
    unsigned flags;
    size_t nopt;
    const nhref_scheme_opt_desc_t *opt;
    const char *source;      /* the method's reference */
    /* plan -- PLAN for the work W: the order, the workspace, the limit.  Returns
     * NHREF_OK, or NHREF_EINVAL when the order (given or implied by the tolerance) is
     * above the scheme's limit.  Cost: O(1). */
    int (*plan)(nhref_scheme_plan_t *plan, const nhref_scheme_work_t *w);
} nhref_scheme_t;

/* The registry, in the order of schemes.def; the first is the default. */
size_t nhref_scheme_count(void);
const nhref_scheme_t *nhref_scheme_get(size_t i);
/* The scheme named NAME, or NULL. */
const nhref_scheme_t *nhref_scheme_find(const char *name);

/* nhref_scheme_check_opts -- check OPT, a list "NAME=VALUE[,NAME=VALUE]..." (NULL
 * or "" for none; blanks around items allowed), against SCHEME's options: every NAME
 * one of them, given once, every VALUE a whole number in its range.
 * Returns NHREF_OK, or NHREF_EINVAL with a one-line reason naming the option and its
 * range (or the scheme's options) in WHY (LEN bytes; WHY may be NULL). */
int nhref_scheme_check_opts(const nhref_scheme_t *scheme, const char *opt, char *why, size_t len);

/* ------------------------------------------------------------------ the Taylor scheme's rule
 * The order from the tolerance 10^-D (Jorba & Zou 2005, eq. (7) with the step
 * from the last two coefficients): N = ceil(1.1513 D + 1) = ceil(-ln(10^-D)/2 + 1),
 * at least 2; an order above NHREF_TAYLOR_MAX_ORDER (given or implied) is refused
 * by nhref_integrator_new with NHREF_EINVAL, before anything is allocated.  The
 * jets of a tape of n nodes take (n + nstate)(N + 1) numbers. */
#define NHREF_TAYLOR_MAX_ORDER 100000UL

/* The run layer's limit on a given order (nhref_run.h, docs/limits.md "Bounded runs"):
 * at D digits an order N above max(NHREF_TAYLOR_USEFUL_MIN, 4 nhref_taylor_order(D))
 * (and NHREF_TAYLOR_MAX_ORDER) is refused before anything is allocated -- each step
 * costs about (N / nhref_taylor_order(D))^2 times the step of the order the tolerance
 * needs, and the steps grow only like N-th roots.  nhref_integrator_new itself keeps
 * the wider limit NHREF_TAYLOR_MAX_ORDER. */
#define NHREF_TAYLOR_USEFUL_MIN 256UL

/* The Gauss-Legendre scheme's limit on the stages s (order 2s; the default takes
 * ceil(D / 2) stages, between 2 and 64): each step costs about s^2 n per fixed-point
 * iteration.  The sleigh to t = 1 at 15 digits took 2 s at s = 100, 7 s at s = 200, 73 s
 * at s = 500 (measured 2026-11-27). */
#define NHREF_GAUSS_MAX_STAGES 128UL

/* nhref_taylor_order -- the order the Taylor scheme takes for DIGITS (D > 0);
 * at most 4e9 (the caller compares it with NHREF_TAYLOR_MAX_ORDER).  Cost: O(1). */
unsigned long nhref_taylor_order(double digits);

NHREF_END_DECLS

#endif /* NHREF_SCHEME_H */

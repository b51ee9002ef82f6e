/* nhref_model.h -- model descriptors, the model registry, and systems (a model
 * with its parameter values and compiled tapes).
 *
 * A model is one file in src/models/: a static descriptor (state, parameters
 * and first integrals with units, defaults and admissible ranges; the source
 * paper and equations) and tape builders that read like the equations of its
 * specification in docs/models/, written in the one vocabulary of
 * src/models/build.h.  It knows nothing of precision or derivatives.  One line
 * in src/models/models.def registers it; nhref_model_check validates it.
 */
#ifndef NHREF_MODEL_H
#define NHREF_MODEL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"
#include "nhref_tape.h"

NHREF_BEGIN_DECLS

/* A state component.  DEFAULT_INIT is the default initial value (decimal). */
typedef struct {
    const char *name;
    const char *unit;
    const char *description;
    const char *default_init;
} nhref_state_desc_t;

/* A parameter.  RANGE states the admissible range for humans ("> 0"); the
 * model's check function enforces it. */
typedef struct {
    const char *name;
    const char *unit;
    const char *description;
    const char *default_value;
    const char *range;
} nhref_param_desc_t;

/* An event a model declares: a function g(t, x, p) of its event tape whose zero
 * crossing means something physical (the skater's blade lying flat).  DIRECTION:
 * +1 only rising crossings count, -1 only falling, 0 both.  TERMINAL: 1 the
 * integration stops there (outcome NHREF_OUTCOME_EVENT), 0 the crossing is
 * recorded and the integration goes on. */
typedef struct {
    const char *name;
    const char *description;
    int direction;
    int terminal;
} nhref_event_desc_t;

/* A first integral (possibly time-dependent), computed for monitoring by the
 * model's integral tape; HOLDS says when it is conserved and when defined. */
typedef struct {
    const char *name;
    const char *unit;
    const char *description;
    const char *holds;
} nhref_integral_desc_t;

/* An alternative chart of a model's columns, in which a trajectory may be written
 * (nhref_verify_set_chart): each entry of DEFINE, "NAME = EXPR", gives the model's
 * column NAME (a state variable or first integral) as an expression over the chart's
 * own columns, t and the parameters (the grammar of nhref_tape_parse); the model's
 * columns not defined keep their names.  DEFINE ends with NULL.  COLUMNS lists the
 * chart's own columns for `nhref describe` ("xc, yc"). */
typedef struct {
    const char *name;
    const char *description;
    const char *columns;
    const char *const *define;
} nhref_chart_desc_t;

/* Which tape of a model (nhref_model_t.build). */
typedef enum {
    NHREF_MODEL_RHS = 0,
    NHREF_MODEL_INTEGRALS = 1,
    NHREF_MODEL_EVENTS = 2
} nhref_model_tape_t;

typedef struct nhref_model {
    const char *name;        /* registry name, snake_case as in the spec */
    const char *title;       /* one line for `nhref list` */
    const char *source;      /* paper, section and equations */
    const char *spec;        /* the specification file in docs/models/ */
    const char *description; /* a paragraph for `nhref describe` */
    const char *closed_form; /* where the oracle has a closed form, what it covers; or NULL */
    size_t nstate;
    const nhref_state_desc_t *state;
    size_t nparam;
    const nhref_param_desc_t *param;
    size_t nintegral;
    const nhref_integral_desc_t *integral;
    const char *default_t_end;  /* default final time [s] (decimal) */
    const char *default_dt_out; /* default output interval [s] (decimal) */

    /* check -- the admissible-range checks of the spec on the parameter values
     * P (nparam values, all finite: the system checks that first).  On failure
     * returns NHREF_EPARAM and writes a one-line reason naming the parameter
     * and the admissible range into WHY (LEN bytes). */
    int (*check)(mpfr_srcptr p, char *why, size_t len);

    /* build_rhs -- fill TAPE (nstate inputs, nparam parameters, nstate
     * outputs) with the right-hand side f(t, x, p).  Returns the tape status. */
    int (*build_rhs)(nhref_tape_t *tape);

    /* build_integrals -- fill TAPE (nintegral outputs) with the first
     * integrals, in the order of the integral table.  Undefined values (e.g.
     * outside the region where an integral exists) evaluate to NaN. */
    int (*build_integrals)(nhref_tape_t *tape);

    /* check_init -- optional: the spec's conditions on an initial state X0
     * (nstate values) for parameters P (e.g. |gamma| = 1, a configuration off
     * the singular set).  Returns NHREF_OK, or NHREF_EPARAM with a one-line
     * reason naming the condition in WHY.  NULL: every finite state is valid. */
    int (*check_init)(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len);

    /* Events the model declares (its physical-validity limits), and the tape
     * builder of their functions: TAPE has nevent outputs, g_k(t, x, p). */
    size_t nevent;
    const nhref_event_desc_t *event;
    int (*build_events)(nhref_tape_t *tape);

    /* A model defined at run time (a model file, nhref_model_file.h) gives its tapes and
     * checks through these, with its DATA; the built-ins leave them NULL (and use
     * build_rhs, build_integrals, build_events, check, check_init).
     *   build       -- fill TAPE (sized as for build_rhs, build_integrals or
     *                  build_events: WHICH) with that tape;
     *   check_data  -- as check;  check_init_data -- as check_init (NULL: none). */
    const void *data;
    int (*build)(nhref_tape_t *tape, nhref_model_tape_t which, const void *data);
    int (*check_data)(mpfr_srcptr p, char *why, size_t len, const void *data);
    int (*check_init_data)(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len, const void *data);

    /* Alternative charts of the columns (nhref_chart_desc_t); 0 and NULL: none. */
    size_t nchart;
    const nhref_chart_desc_t *chart;
} nhref_model_t;

/* The registry, in the order of models.def. */
size_t nhref_model_count(void);
const nhref_model_t *nhref_model_get(size_t i);
/* The model named NAME, or NULL. */
const nhref_model_t *nhref_model_find(const char *name);

/* nhref_model_check -- is M a usable model descriptor?  What every system needs:
 * a name; a right-hand-side builder; a state table of nstate >= 1 entries; a
 * parameter table if nparam > 0; an integral table and builder if nintegral > 0,
 * and no integral builder if nintegral = 0; the same for the events (nevent,
 * event, build_events; direction -1, 0 or 1, terminal 0 or 1); every table entry
 * named (a static table shorter than its declared size shows as an entry without
 * a name), the names of each table distinct and no state named as a parameter;
 * default values (state and parameters) finite decimal numbers.  If the oracle
 * registry (nhref_oracle.h) has an oracle under M's name, its nparam, nstate and
 * nintegral must be M's.  If M is in the registry (models.def), it also needs a
 * title, source, spec, description, default_t_end and default_dt_out, and no
 * other registered model may have its name.
 * Shapes:    WHY: LEN bytes, the reason (one line naming the model and the field).
 * Returns:   NHREF_OK; NHREF_EINVAL with the first problem found in WHY.
 * Cost:      about (nstate + nparam)^2 string comparisons and one decimal parse
 *            per default value; no tape is built.
 * nhref_system_new calls it: an invalid descriptor is never called through. */
int nhref_model_check(const nhref_model_t *m, char *why, size_t len);

/* Index of the state component / parameter / integral named NAME in MODEL's
 * tables, or -1. */
int nhref_model_state_index(const nhref_model_t *model, const char *name);
int nhref_model_param_index(const nhref_model_t *model, const char *name);
int nhref_model_integral_index(const nhref_model_t *model, const char *name);
/* Index of the chart named NAME in MODEL's charts, or -1. */
int nhref_model_chart_index(const nhref_model_t *model, const char *name);

/* ------------------------------------------------------------------ systems */
typedef struct nhref_system nhref_system_t;

/* nhref_system_new -- MODEL with its default parameters, its right-hand-side
 * and integral tapes built and checked.
 * Returns: NHREF_OK; NHREF_EINVAL if MODEL is not a valid descriptor
 * (nhref_model_check tells why); NHREF_ETAPE if a builder fails; NHREF_ENOMEM. */
int nhref_system_new(nhref_system_t **sys, const nhref_model_t *model);
void nhref_system_free(nhref_system_t *sys);

const nhref_model_t *nhref_system_model(const nhref_system_t *sys);
const nhref_tape_t *nhref_system_rhs_tape(const nhref_system_t *sys);
const nhref_tape_t *nhref_system_integral_tape(const nhref_system_t *sys);

/* nhref_system_set_param -- parameter NAME = DECIMAL, a decimal string kept
 * as given (it is parsed at each integrator's precision, never through double).
 * Returns: NHREF_OK; NHREF_ENOTFOUND for an unknown name; NHREF_EPARSE for a
 * malformed or non-finite number; NHREF_ERANGE for a finite number of magnitude
 * 2^4096 (about 1.04e1233) or more, or so small that it underflows
 * (nhref_decimal_set at 64 bits, so that the value is accepted at every
 * precision; nhref_decimal_why says why); NHREF_ENOMEM.  The parameter is
 * unchanged on error.  Ranges are checked by nhref_system_check. */
int nhref_system_set_param(nhref_system_t *sys, const char *name, const char *decimal);

/* The decimal string of parameter I. */
const char *nhref_system_param_str(const nhref_system_t *sys, size_t i);

/* nhref_system_params -- the parameter values rounded to nearest at the
 * precision of P (nparam values, initialised by the caller).  P is not read when
 * the model has no parameters (nparam = 0; P may then be NULL).
 * Returns NHREF_OK, or NHREF_EPARSE if a stored decimal does not parse. */
int nhref_system_params(mpfr_ptr p, const nhref_system_t *sys);

/* nhref_system_check -- the model's admissible-range checks (spec §1 of each
 * model) on the current parameters, evaluated at 256 bits.
 * Returns NHREF_OK, or NHREF_EPARAM with a one-line reason in WHY. */
int nhref_system_check(const nhref_system_t *sys, char *why, size_t len);

/* nhref_system_check_init -- the model's conditions on the initial state X0
 * (nstate values, any precision), evaluated at the precision of X0.
 * Returns NHREF_OK; NHREF_EPARAM with a one-line reason in WHY (a value not
 * finite, or the model's check_init). */
int nhref_system_check_init(const nhref_system_t *sys, mpfr_srcptr x0, char *why, size_t len);

/* nhref_system_derive -- a system with BASE's parameters whose right-hand side
 * is RHS (taken over: freed with the system), e.g. the variational equations
 * of BASE from nhref_tape_linearize.  Its model is BASE's with nstate =
 * nstate of RHS (extra state components named d1, d2, ...), no integrals, no
 * events.  Returns NHREF_OK, NHREF_EINVAL (RHS's parameters differ from BASE's),
 * NHREF_ENOMEM. */
int nhref_system_derive(nhref_system_t **sys, const nhref_system_t *base, nhref_tape_t *rhs);

/* The event tape (NULL if the model declares none). */
const nhref_tape_t *nhref_system_event_tape(const nhref_system_t *sys);

NHREF_END_DECLS

#endif /* NHREF_MODEL_H */

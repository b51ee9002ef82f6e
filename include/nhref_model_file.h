/* nhref_model_file.h -- models written by users: a model file (.model, INI-style)
 * gives the dynamics in one of three forms, and nhref makes it a model like the
 * built-ins (nhref_model.h), usable by every scheme, number type and command:
 *   - a Lagrangian and constraints affine in the velocities ([lagrangian],
 *     [constraints], optional [forces]): nhref derives the Lagrange-d'Alembert
 *     equations itself (nhref_tape_lagrange); the state is the coordinates and their
 *     velocities <q>_dot; each constraint's residual is a column, like a first
 *     integral whose value is 0;
 *   - an explicit ODE ([state], [ode]);
 *   - a mass-matrix form M(t, x) x' = F(t, x) ([state], [mass], [forcing]), the form
 *     symbolic-mechanics packages produce.
 * Optional in every form: [model] (name, title, description, source, t-end, dt-out),
 * [parameters] (defaults, units, admissible ranges), [integrals], [events],
 * [conditions].  The format, the forms and the messages: docs/models/writing-a-model.md.
 *
 * Usage:
 *     nhref_model_file_t *mf;
 *     char err[512];
 *     if (nhref_model_file_read(&mf, "sleigh.model", err, sizeof err) != NHREF_OK)
 *         fprintf(stderr, "%s\n", err);
 *     nhref_spec_new_model(&spec, nhref_model_file_model(mf));   (or nhref_spec_new(&spec,
 *                                                                   "sleigh.model"))
 *     ...
 *     nhref_model_file_free(mf);   (after every spec and system of its model)
 */
#ifndef NHREF_MODEL_FILE_H
#define NHREF_MODEL_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "nhref_model.h"
#include "nhref_oracle.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

typedef struct nhref_model_file nhref_model_file_t;

/* Limits of a model file (bounded work): its size, its states (a Lagrangian's
 * coordinates count twice), its constraints, the nesting of its expressions
 * (NHREF_TAPE_PARSE_MAX_DEPTH) and the length of a line (continue a long expression on
 * indented lines). */
#define NHREF_MODEL_FILE_MAX_BYTES (1L << 20)
#define NHREF_MODEL_FILE_MAX_STATES 64
#define NHREF_MODEL_FILE_MAX_LINE 199

/* nhref_model_file_read -- the model of the file PATH.
 * nhref_model_file_parse -- the same from LEN bytes of TEXT; NAME stands for the file in
 * messages (and gives the model's name when [model] has none: its stem).
 * Returns NHREF_OK with *MF; otherwise *MF is NULL and ERR (ERRLEN bytes) has one line
 * "FILE:LINE: what is wrong" (with ", column C" for an expression): NHREF_EIO (cannot
 * read: errno's reason), NHREF_EPARSE (the syntax, an unknown section or key, a name
 * unknown, duplicated or clashing with a function, t or pi, an expression, a constraint
 * not affine in the velocities), NHREF_EINVAL (a limit, no dynamics or two forms),
 * NHREF_ENOMEM.
 * Cost: the parse, the derivation of the equations (a Lagrangian of N coordinates: about
 * 3N + N^2 passes over its tape), a check of every tape. */
int nhref_model_file_read(nhref_model_file_t **mf, const char *path, char *err, size_t errlen);
int nhref_model_file_parse(nhref_model_file_t **mf, const char *text, size_t len, const char *name,
                           char *err, size_t errlen);

/* nhref_model_file_model -- the model MF defines (valid while MF lives). */
const nhref_model_t *nhref_model_file_model(const nhref_model_file_t *mf);

/* nhref_model_file_path -- the file MF was read from (its NAME for a parsed text). */
const char *nhref_model_file_path(const nhref_model_file_t *mf);

/* nhref_model_file_sha256 -- the SHA-256 of the file's bytes (64 hex digits): golden
 * files record it, and verify --golden refuses a model file that has changed since. */
const char *nhref_model_file_sha256(const nhref_model_file_t *mf);

/* nhref_model_file_describe -- what MF says and what nhref derived from it, for people:
 * the form, the coordinates and velocities, the Lagrangian, the constraints, the forces
 * (or the ODE, or M and F), the equations of motion nhref integrates, written to OUT.
 * Returns 0, or -1 on a write error. */
int nhref_model_file_describe(const nhref_model_file_t *mf, FILE *out);

/* nhref_model_file_ref -- one more owner of MF (nhref_model_file_free drops one; the
 * last frees it).  Returns MF. */
nhref_model_file_t *nhref_model_file_ref(nhref_model_file_t *mf);
void nhref_model_file_free(nhref_model_file_t *mf);

/* nhref_model_oracle -- the closed form and first integrals that judge M (NULL: none):
 * a built-in's registered oracle (nhref_oracle_find), or a model file's [solution] (the
 * state at the time t since the initial state, from the parameters and the initial
 * values <state>_0; it has no independent integrals).  `nhref golden` and `nhref verify`
 * look oracles up here.  A [solution] of a model whose equations read t holds only from
 * t-start = 0 (nhref_oracle_solution_new returns NHREF_ENOTFOUND otherwise). */
const nhref_oracle_t *nhref_model_oracle(const nhref_model_t *m);

/* nhref_model_is_file -- does the model argument NAME name a model file (it contains
 * '/' or '.'), rather than a registered model? */
int nhref_model_is_file(const char *name);

NHREF_END_DECLS

#endif /* NHREF_MODEL_FILE_H */

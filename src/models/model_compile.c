/* model_compile.c -- a model file's entries into a model descriptor and its template
 * tapes (nhref_model_file.h; docs/models/writing-a-model.md): the names (parameters,
 * state, integrals, events) checked, the dynamics of one of the three forms compiled
 * (a Lagrangian's equations derived by nhref_tape_lagrange), the integrals, events and
 * conditions.  Every message names the file, the line and the key. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "strutil.h"
#include "models/model_file_internal.h"

static const char *const sections[] = {"model",      "parameters",  "coordinates", "velocities",
                                       "lagrangian", "constraints", "forces",      "state",
                                       "ode",        "mass",        "forcing",     "integrals",
                                       "events",     "conditions",  "solution",    "charts"};

/* ------------------------------------------------------------------ entries */
/* the entries of SECTION: *I from 0, the next one (NULL at the end) */
static mf_entry_t *next_in(nhref_model_file_t *mf, const char *section, size_t *i)
{
    for (; *i < mf->ne; (*i)++)
        if (strcmp(mf->e[*i].section, section) == 0)
            return &mf->e[(*i)++];
    return NULL;
}

/* the line of SECTION's header (0 if the file has none) */
static size_t section_line(const nhref_model_file_t *mf, const char *section)
{
    for (size_t i = 0; i < mf->nsec; i++)
        if (strcmp(mf->sec[i].section, section) == 0)
            return mf->sec[i].line;
    return 0;
}

static size_t count_in(nhref_model_file_t *mf, const char *section)
{
    size_t n = 0, i = 0;
    while (next_in(mf, section, &i) != NULL)
        n++;
    return n;
}

/* the entry KEY of SECTION (marked used), or NULL */
static mf_entry_t *find(nhref_model_file_t *mf, const char *section, const char *key)
{
    for (size_t i = 0; i < mf->ne; i++)
        if (strcmp(mf->e[i].section, section) == 0 && strcmp(mf->e[i].key, key) == 0) {
            mf->e[i].used = 1;
            return &mf->e[i];
        }
    return NULL;
}

/* the attribute NAME.ATTR of SECTION's entry NAME (a string MF keeps), or DEF */
static const char *attr(nhref_model_file_t *mf, const char *section, const char *name,
                        const char *a, const char *def)
{
    char key[256];
    mf_entry_t *e;
    snprintf(key, sizeof key, "%s.%s", name, a);
    e = find(mf, section, key);
    return e != NULL ? e->value : def;
}

static int is_ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (; *s != '\0'; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* NAME of entry E: an identifier, no function, t or pi */
static int check_name(nhref_model_file_t *mf, const mf_entry_t *e, const char *name)
{
    if (!is_ident(name))
        return mf_fail(mf, NHREF_EPARSE, e->line,
                       "[%s] '%s' is not a name (letters, digits and '_', not starting with a "
                       "digit)",
                       e->section, name);
    if (nhref_tape_parse_reserved(name, strlen(name)))
        return mf_fail(mf, NHREF_EPARSE, e->line,
                       "[%s] '%s' is the name of a function or constant of the expressions "
                       "(" NHREF_TAPE_PARSE_FUNCTIONS ", t, pi): choose another",
                       e->section, name);
    return NHREF_OK;
}

/* a decimal VALUE of entry E (t-end, dt-out); VALUE 1: a value (an initial value, a
 * parameter's default), a decimal or a constant expression (nhref_value_set) */
static int check_number(nhref_model_file_t *mf, const mf_entry_t *e, int value)
{
    mpfr_t v;
    char why[400];
    int s;
    mpfr_init2(v, 64);
    s = value ? nhref_value_set(v, e->value) : nhref_decimal_set(v, e->value);
    mpfr_clear(v);
    if (s == NHREF_OK)
        return NHREF_OK;
    return mf_fail(mf, NHREF_EPARSE, e->line, "[%s] %s: %s", e->section, e->key,
                   value ? nhref_value_why(why, sizeof why, e->value, 64, s)
                         : nhref_decimal_why(why, sizeof why, e->value, 64, s));
}

static int check_decimal(nhref_model_file_t *mf, const mf_entry_t *e)
{
    return check_number(mf, e, 0);
}

static int check_value(nhref_model_file_t *mf, const mf_entry_t *e)
{
    return check_number(mf, e, 1);
}

/* ------------------------------------------------------------------ names */
/* the parameters, in the order of the file: NAME = default, NAME.unit, NAME.range,
 * NAME.description */
static int compile_params(nhref_model_file_t *mf)
{
    size_t i = 0, n = 0;
    mf_entry_t *e;
    int s;
    mf->param = calloc(count_in(mf, "parameters") + 1, sizeof *mf->param);
    if (mf->param == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    while ((e = next_in(mf, "parameters", &i)) != NULL) {
        if (strchr(e->key, '.') != NULL)
            continue;
        if ((s = check_name(mf, e, e->key)) != NHREF_OK || (s = check_value(mf, e)) != NHREF_OK)
            return s;
        e->used = 1;
        mf->param[n] =
            (nhref_param_desc_t){e->key, attr(mf, "parameters", e->key, "unit", "1"),
                                 attr(mf, "parameters", e->key, "description", ""), e->value,
                                 attr(mf, "parameters", e->key, "range", "any finite real")};
        n++;
    }
    mf->model.nparam = n;
    mf->model.param = mf->param;
    return NHREF_OK;
}

/* one state component from entry E of SECTION (NAME = initial value) */
static int add_state(nhref_model_file_t *mf, size_t k, const mf_entry_t *e, const char *name,
                     const char *init, const char *section)
{
    int s;
    if ((s = check_name(mf, e, name)) != NHREF_OK)
        return s;
    mf->state[k] = (nhref_state_desc_t){name, attr(mf, section, name, "unit", "1"),
                                        attr(mf, section, name, "description", ""), init};
    return NHREF_OK;
}

/* a Lagrangian's state: the coordinates (q = initial value), then their velocities
 * (q_dot = initial value, 0 if not given) */
static int lagrange_states(nhref_model_file_t *mf)
{
    size_t i = 0, n = 0;
    mf_entry_t *e;
    int s;
    while ((e = next_in(mf, "coordinates", &i)) != NULL)
        n += strchr(e->key, '.') == NULL;
    mf->nq = n;
    mf->state = calloc(2 * n + 1, sizeof *mf->state);
    if (mf->state == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (i = 0, n = 0; (e = next_in(mf, "coordinates", &i)) != NULL;) {
        char *v;
        mf_entry_t *ve;
        if (strchr(e->key, '.') != NULL)
            continue;
        e->used = 1;
        if ((s = check_value(mf, e)) != NHREF_OK ||
            (s = add_state(mf, n, e, e->key, e->value, "coordinates")) != NHREF_OK)
            return s;
        v = malloc(strlen(e->key) + 5);
        if (v == NULL || mf_keep(mf, v) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        sprintf(v, "%s_dot", e->key);
        ve = find(mf, "velocities", v);
        if (ve != NULL && (s = check_value(mf, ve)) != NHREF_OK)
            return s;
        if ((s = add_state(mf, mf->nq + n, ve != NULL ? ve : e, v, ve != NULL ? ve->value : "0",
                           "velocities")) != NHREF_OK)
            return s;
        n++;
    }
    for (i = 0; (e = next_in(mf, "velocities", &i)) != NULL;)
        if (!e->used && strchr(e->key, '.') == NULL)
            return mf_fail(mf, NHREF_EPARSE, e->line,
                           "[velocities] '%s' is not the velocity of a coordinate (<q>_dot for "
                           "a q of [coordinates])",
                           e->key);
    mf->model.nstate = 2 * mf->nq;
    mf->model.state = mf->state;
    return NHREF_OK;
}

/* an ODE's or a mass-matrix form's state: [state] x = initial value */
static int plain_states(nhref_model_file_t *mf)
{
    size_t i = 0, n = 0;
    mf_entry_t *e;
    int s;
    mf->state = calloc(count_in(mf, "state") + 1, sizeof *mf->state);
    if (mf->state == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    while ((e = next_in(mf, "state", &i)) != NULL) {
        if (strchr(e->key, '.') != NULL)
            continue;
        e->used = 1;
        if ((s = check_value(mf, e)) != NHREF_OK ||
            (s = add_state(mf, n++, e, e->key, e->value, "state")) != NHREF_OK)
            return s;
    }
    mf->model.nstate = n;
    mf->model.state = mf->state;
    return NHREF_OK;
}

/* no name twice among the parameters and the state; the parser's name lists */
/* the line of the first (LAST = 0) or the last declaration of NAME in [parameters],
 * [coordinates], [velocities] or [state]; a velocity q_dot not given is declared with its q */
static size_t decl_line(const nhref_model_file_t *mf, const char *name, int last)
{
    static const char *const decls[] = {"parameters", "coordinates", "velocities", "state"};
    size_t line = 0, n = strlen(name);
    for (size_t i = 0; i < mf->ne; i++) {
        const mf_entry_t *e = &mf->e[i];
        int match = 0;
        for (size_t k = 0; k < sizeof decls / sizeof *decls; k++)
            match |= strcmp(e->section, decls[k]) == 0 && strcmp(e->key, name) == 0;
        match |= strcmp(e->section, "coordinates") == 0 && n > 4 &&
                 strcmp(name + n - 4, "_dot") == 0 && strlen(e->key) == n - 4 &&
                 strncmp(e->key, name, n - 4) == 0;
        if (match && (last || line == 0))
            line = e->line;
    }
    return line;
}

static int distinct_names(nhref_model_file_t *mf)
{
    const nhref_model_t *m = &mf->model;
    size_t ns = m->nstate, np = m->nparam;
    if (ns == 0)
        return mf_fail(mf, NHREF_EINVAL, 0, "no state: give %s",
                       mf->form == MF_LAGRANGE ? "[coordinates]" : "[state]");
    if (ns > NHREF_MODEL_FILE_MAX_STATES)
        return mf_fail(mf, NHREF_EINVAL, 0,
                       "%zu state components, more than the limit of %d of a model file", ns,
                       NHREF_MODEL_FILE_MAX_STATES);
    mf->sname = calloc(ns + 1, sizeof *mf->sname);
    mf->pname = calloc(np + 1, sizeof *mf->pname);
    if (mf->sname == NULL || mf->pname == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (size_t i = 0; i < ns + np; i++) {
        const char *a = i < ns ? m->state[i].name : m->param[i - ns].name;
        for (size_t j = 0; j < i; j++) {
            const char *b = j < ns ? m->state[j].name : m->param[j - ns].name;
            if (strcmp(a, b) == 0)
                return mf_fail(mf, NHREF_EPARSE, decl_line(mf, a, 1),
                               "the name '%s' is given twice (first on line %zu; the state and "
                               "the parameters need distinct names)",
                               a, decl_line(mf, a, 0));
        }
        if (i < ns)
            mf->sname[i] = a;
        else
            mf->pname[i - ns] = a;
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ expressions */
/* entry E's value parsed into T: *NODE */
static int parse(nhref_model_file_t *mf, nhref_tape_t *t, const mf_entry_t *e, nhref_node_t *node)
{
    char err[512];
    int s = nhref_tape_parse_node(t, node, e->value, mf->model.nstate, mf->sname, mf->model.nparam,
                                  mf->pname, err, sizeof err);
    if (s == NHREF_EPARSE)
        return mf_fail(mf, s, e->line, "[%s] %s: %s", e->section, e->key, err);
    return s == NHREF_OK ? NHREF_OK : mf_fail(mf, s, e->line, "%s", nhref_strerror(s));
}

/* the entry of SECTION named after state component K (NULL if none) */
static mf_entry_t *for_state(nhref_model_file_t *mf, const char *section, size_t k)
{
    return find(mf, section, mf->model.state[k].name);
}

/* every key of SECTION is a state name (of the first N state components) */
static int keys_are_states(nhref_model_file_t *mf, const char *section, size_t n)
{
    size_t i = 0;
    mf_entry_t *e;
    while ((e = next_in(mf, section, &i)) != NULL) {
        int found = 0;
        for (size_t k = 0; k < n && !found; k++)
            found = strcmp(e->key, mf->model.state[k].name) == 0;
        if (!found)
            return mf_fail(mf, NHREF_EPARSE, e->line, "[%s] '%s' is not a %s of the model", section,
                           e->key, mf->form == MF_LAGRANGE ? "coordinate" : "state component");
    }
    return NHREF_OK;
}

/* the Lagrangian form: L, the constraints and the forces on one tape, then the
 * equations derived from it */
static int compile_lagrange(nhref_model_file_t *mf)
{
    size_t n = mf->nq, m = count_in(mf, "constraints"), i = 0, k = 0;
    nhref_node_t node;
    mf_entry_t *e;
    int s;

    if (count_in(mf, "lagrangian") != 1) {
        size_t j = 0; /* the line of the second entry, or of the section */
        mf_entry_t *second = (next_in(mf, "lagrangian", &j), next_in(mf, "lagrangian", &j));
        return mf_fail(mf, NHREF_EPARSE,
                       second != NULL ? second->line : section_line(mf, "lagrangian"),
                       "[lagrangian] holds one entry, the Lagrangian (L = ...); found %zu",
                       count_in(mf, "lagrangian"));
    }
    if (n + m > NHREF_TAPE_SOLVE_MAX)
        return mf_fail(mf, NHREF_EINVAL, 0,
                       "%zu coordinates and %zu constraints: the equations' KKT system of size "
                       "%zu exceeds the limit of %d",
                       n, m, n + m, NHREF_TAPE_SOLVE_MAX);
    mf->ncons = m;
    if ((s = keys_are_states(mf, "forces", n)) != NHREF_OK)
        return s;
    if ((s = nhref_tape_new(&mf->source, 2 * n, mf->model.nparam, 1 + m + n)) != NHREF_OK)
        return mf_fail(mf, s, 0, "%s", nhref_strerror(s));
    e = next_in(mf, "lagrangian", &i);
    e->used = 1;
    if ((s = parse(mf, mf->source, e, &node)) != NHREF_OK)
        return s;
    nhref_tape_set_output(mf->source, 0, node);
    for (i = 0; (e = next_in(mf, "constraints", &i)) != NULL; k++) {
        e->used = 1;
        if ((s = check_name(mf, e, e->key)) != NHREF_OK ||
            (s = parse(mf, mf->source, e, &node)) != NHREF_OK)
            return s;
        nhref_tape_set_output(mf->source, 1 + k, node);
    }
    for (k = 0; k < n; k++) {
        e = for_state(mf, "forces", k);
        if (e != NULL && (s = parse(mf, mf->source, e, &node)) != NHREF_OK)
            return s;
        nhref_tape_set_output(mf->source, 1 + m + k,
                              e != NULL ? node : nhref_tape_const(mf->source, "0"));
    }
    if ((s = nhref_tape_status(mf->source)) != NHREF_OK)
        return mf_fail(mf, s, 0, "the Lagrangian's tape: %s", nhref_strerror(s));
    mf->nnodes_source = nhref_tape_nnodes(mf->source);
    s = nhref_tape_lagrange(&mf->rhs, &mf->kkt, mf->source, n, m, &k);
    if (s == NHREF_EINVAL) {
        for (i = 0; (e = next_in(mf, "constraints", &i)) != NULL && k > 0; k--)
            ;
        return mf_fail(mf, NHREF_EPARSE, e->line,
                       "[constraints] %s is not affine in the velocities (A(t, q) q_dot + "
                       "b(t, q) with A and b free of the velocities): nhref derives the "
                       "equations of constraints linear or affine in the velocities only",
                       e->key);
    }
    return s == NHREF_OK
               ? NHREF_OK
               : mf_fail(mf, s, 0, "cannot derive the equations of motion: %s", nhref_strerror(s));
}

/* the right-hand side with its products of linear forms of the state expanded over the
 * monomials where that makes fewer products (nhref_tape_expand_products): an ODE written
 * as a hand-derived model file usually is, e.g. Euler's equations with (I omega) x omega
 * written out, pays per Taylor order for the products it writes, not for the monomials
 * it needs */
static int expand_rhs(nhref_model_file_t *mf)
{
    nhref_tape_t *x;
    int s = nhref_tape_expand_products(&x, mf->rhs, NULL, NULL);
    if (s != NHREF_OK)
        return mf_fail(mf, s, 0, "the right-hand side: %s", nhref_strerror(s));
    nhref_tape_free(mf->rhs);
    mf->rhs = x;
    return NHREF_OK;
}

/* the right-hand side with its linear combinations folded where that takes fewer
 * operations (nhref_tape_fold_linear), in every form: an explicit ODE written with
 * Cramer's rule, [K1 N1 + K2 N2 + K3 N3]/D with each N a sum of products by
 * parameters, then costs one product by a constant per monomial and state, not one
 * per coefficient written out; the equations nhref derives from a Lagrangian or a
 * mass matrix lose their products of constants by constants times a series */
static int fold_rhs(nhref_model_file_t *mf)
{
    nhref_tape_t *x;
    int s = nhref_tape_fold_linear(&x, mf->rhs, NULL, NULL);
    if (s != NHREF_OK)
        return mf_fail(mf, s, 0, "the right-hand side: %s", nhref_strerror(s));
    nhref_tape_free(mf->rhs);
    mf->rhs = x;
    return NHREF_OK;
}

/* an explicit ODE: x' = f_x for every state component x */
static int compile_ode(nhref_model_file_t *mf)
{
    size_t ns = mf->model.nstate;
    nhref_node_t node;
    int s;
    if ((s = keys_are_states(mf, "ode", ns)) != NHREF_OK)
        return s;
    if ((s = nhref_tape_new(&mf->rhs, ns, mf->model.nparam, ns)) != NHREF_OK)
        return mf_fail(mf, s, 0, "%s", nhref_strerror(s));
    for (size_t k = 0; k < ns; k++) {
        mf_entry_t *e = for_state(mf, "ode", k);
        if (e == NULL)
            return mf_fail(mf, NHREF_EPARSE, decl_line(mf, mf->model.state[k].name, 0),
                           "[ode] has no right-hand side for %s (declared here)",
                           mf->model.state[k].name);
        e->used = 1;
        if ((s = parse(mf, mf->rhs, e, &node)) != NHREF_OK)
            return s;
        nhref_tape_set_output(mf->rhs, k, node);
    }
    return expand_rhs(mf);
}

/* is the text V the literal L (blanks around it allowed)? */
static int is_literal(const char *v, const char *l)
{
    size_t n = strlen(l);
    while (isspace((unsigned char)*v))
        v++;
    if (strncmp(v, l, n) != 0)
        return 0;
    for (v += n; isspace((unsigned char)*v); v++)
        ;
    return *v == '\0';
}

/* the block of M x' = F on the state components IDX[0..NB-1] (a diagonal block of M
 * coupled to no other component), its derivatives into Y (T's nodes; NZ, ONE: which
 * entries of M were given other than as the literal 0, which as the literal 1):
 *   - one component with M_ii the literal 1: x_i' = F_i;
 *   - one component: x_i' = F_i / M_ii;
 *   - an M block of parameters and constants only: x' = M^-1 F with the columns of
 *     M^-1 solved once per parameter set (SOLVEs of constant nodes: the constant
 *     program), so that the jets of every order are sums of products by constants;
 *   - else one SOLVE of the block at every evaluation. */
static int mass_block(nhref_tape_t *t, nhref_node_t *y, const size_t *idx, size_t nb, size_t ns,
                      const nhref_node_t *M, const nhref_node_t *F, const char *nz,
                      const char *one, nhref_node_t zero)
{
    nhref_node_t *Mb, *rhs, *col, *inv;
    int constant = 1, s = NHREF_OK;

    if (nb == 1) {
        size_t i = idx[0];
        y[i] = one[i * ns + i] ? F[i] : nhref_tape_div(t, F[i], M[i * ns + i]);
        return NHREF_OK; /* a builder's error is sticky: compile_mass sees it */
    }
    Mb = calloc(nb * nb, sizeof *Mb), rhs = calloc(nb, sizeof *rhs), col = calloc(nb, sizeof *col);
    inv = calloc(nb * nb, sizeof *inv);
    if (Mb == NULL || rhs == NULL || col == NULL || inv == NULL)
        s = NHREF_ENOMEM;
    for (size_t r = 0; r < nb && s == NHREF_OK; r++) {
        for (size_t c = 0; c < nb; c++) {
            Mb[r * nb + c] = M[idx[r] * ns + idx[c]];
            if (nz[idx[r] * ns + idx[c]] &&
                (nhref_tape_node_inputs(t, Mb[r * nb + c]) &
                 (NHREF_TAPE_READS_TIME | NHREF_TAPE_READS_STATE)))
                constant = 0;
        }
        rhs[r] = F[idx[r]];
    }
    if (s == NHREF_OK && !constant) {
        s = nhref_tape_solve(t, col, nb, Mb, rhs);
        for (size_t r = 0; r < nb && s == NHREF_OK; r++)
            y[idx[r]] = col[r];
    } else if (s == NHREF_OK) {
        nhref_node_t unit = nhref_tape_const(t, "1");
        /* column c of M^-1: M z = e_c */
        for (size_t c = 0; c < nb && s == NHREF_OK; c++) {
            for (size_t r = 0; r < nb; r++)
                rhs[r] = r == c ? unit : zero;
            s = nhref_tape_solve(t, col, nb, Mb, rhs);
            for (size_t r = 0; r < nb && s == NHREF_OK; r++)
                inv[r * nb + c] = col[r];
        }
        /* x_r' = sum_c (M^-1)_rc F_c, the terms whose F_c is not the literal 0 */
        for (size_t r = 0; r < nb && s == NHREF_OK; r++) {
            nhref_node_t sum = NHREF_NODE_INVALID;
            for (size_t c = 0; c < nb; c++) {
                nhref_node_t term;
                if (F[idx[c]] == zero)
                    continue;
                term = nhref_tape_mul(t, inv[r * nb + c], F[idx[c]]);
                sum = sum == NHREF_NODE_INVALID ? term : nhref_tape_add(t, sum, term);
            }
            y[idx[r]] = sum == NHREF_NODE_INVALID ? zero : sum;
        }
    }
    free(Mb);
    free(rhs);
    free(col);
    free(inv);
    return s;
}

/* a mass-matrix form M x' = F: [mass] ROW.COL = M's entry (0 if not given), [forcing]
 * ROW = F's entry.  x' = M^-1 F block by block: the components that no off-diagonal
 * entry of M couples (entries not given or given as the literal 0 do not couple) form
 * the diagonal blocks of M, each solved apart (mass_block), so that an identity row
 * costs nothing and a constant mass matrix no linear solve at every order. */
static int compile_mass(nhref_model_file_t *mf)
{
    size_t ns = mf->model.nstate, i = 0;
    nhref_node_t *M = calloc(ns * ns + 1, sizeof *M), *F = calloc(ns + 1, sizeof *F);
    nhref_node_t *y = calloc(ns + 1, sizeof *y), zero;
    char *nz = calloc(ns * ns + 1, 1), *one = calloc(ns * ns + 1, 1);
    size_t *block = calloc(ns + 1, sizeof *block), *idx = calloc(ns + 1, sizeof *idx);
    mf_entry_t *e;
    nhref_tape_t *t = NULL; /* outputs x', M (row-major), F */
    int s = M == NULL || F == NULL || y == NULL || nz == NULL || one == NULL || block == NULL ||
                    idx == NULL
                ? NHREF_ENOMEM
                : nhref_tape_new(&t, ns, mf->model.nparam, ns + ns * ns + ns);

    if (s == NHREF_OK && ns > NHREF_TAPE_SOLVE_MAX)
        s = mf_fail(mf, NHREF_EINVAL, 0,
                    "%zu state components: the mass matrix exceeds the "
                    "limit of %d of a linear solve",
                    ns, NHREF_TAPE_SOLVE_MAX);
    else if (s != NHREF_OK)
        s = mf_fail(mf, s, 0, "%s", nhref_strerror(s));
    if (s == NHREF_OK && (s = keys_are_states(mf, "forcing", ns)) == NHREF_OK) {
        zero = nhref_tape_const(t, "0");
        for (size_t q = 0; q < ns * ns; q++)
            M[q] = zero;
        while (s == NHREF_OK && (e = next_in(mf, "mass", &i)) != NULL) {
            char *dot = strchr(e->key, '.');
            int r = -1, c = -1;
            for (size_t k = 0; dot != NULL && k < ns; k++) {
                const char *nm = mf->model.state[k].name;
                if (strlen(nm) == (size_t)(dot - e->key) &&
                    strncmp(nm, e->key, (size_t)(dot - e->key)) == 0)
                    r = (int)k;
                if (strcmp(nm, dot + 1) == 0)
                    c = (int)k;
            }
            if (r < 0 || c < 0)
                s = mf_fail(mf, NHREF_EPARSE, e->line,
                            "[mass] '%s' is not ROW.COL with ROW and COL state components", e->key);
            else {
                size_t q = (size_t)r * ns + (size_t)c;
                e->used = 1;
                s = parse(mf, t, e, &M[q]);
                nz[q] = !is_literal(e->value, "0");
                one[q] = is_literal(e->value, "1");
            }
        }
        for (size_t k = 0; k < ns && s == NHREF_OK; k++) {
            e = for_state(mf, "forcing", k);
            if (e == NULL)
                F[k] = zero;
            else
                s = parse(mf, t, e, &F[k]);
        }
        /* the blocks: BLOCK[k] = the smallest component coupled to k (directly or not) */
        for (size_t k = 0; k < ns; k++)
            block[k] = k;
        for (int changed = 1; changed && s == NHREF_OK;) {
            changed = 0;
            for (size_t r = 0; r < ns; r++)
                for (size_t c = 0; c < ns; c++)
                    if (r != c && nz[r * ns + c] && block[r] != block[c]) {
                        size_t b = block[r] < block[c] ? block[r] : block[c];
                        block[r] = block[c] = b;
                        changed = 1;
                    }
        }
        for (size_t b = 0; b < ns && s == NHREF_OK; b++) {
            size_t nb = 0;
            for (size_t k = 0; k < ns; k++)
                if (block[k] == b)
                    idx[nb++] = k;
            if (nb > 0)
                s = mass_block(t, y, idx, nb, ns, M, F, nz, one, zero);
        }
        if (s == NHREF_OK)
            for (size_t k = 0; k < ns; k++) {
                nhref_tape_set_output(t, k, y[k]);
                nhref_tape_set_output(t, ns + ns * ns + k, F[k]);
            }
        for (size_t q = 0; q < ns * ns && s == NHREF_OK; q++)
            nhref_tape_set_output(t, ns + q, M[q]);
        if (s == NHREF_OK && (s = nhref_tape_status(t)) == NHREF_OK &&
            (s = nhref_tape_select(&mf->rhs, t, 0, ns)) == NHREF_OK)
            s = nhref_tape_select(&mf->kkt, t, ns, ns * ns + ns);
        if (s != NHREF_OK && s != NHREF_EPARSE && s != NHREF_EINVAL)
            s = mf_fail(mf, s, 0, "the mass-matrix form: %s", nhref_strerror(s));
    }
    nhref_tape_free(t);
    free(M);
    free(F);
    free(y);
    free(nz);
    free(one);
    free(block);
    free(idx);
    return s;
}

/* ------------------------------------------------------------------ integrals, events */
/* [integrals] NAME = expression (NAME.unit, NAME.holds, NAME.description), then, for a
 * Lagrangian, every constraint's residual A v + b */
static int compile_integrals(nhref_model_file_t *mf)
{
    size_t nu = 0, i = 0, k = 0, nc = mf->form == MF_LAGRANGE ? mf->ncons : 0;
    nhref_node_t node;
    mf_entry_t *e;
    int s;

    while ((e = next_in(mf, "integrals", &i)) != NULL)
        nu += strchr(e->key, '.') == NULL;
    if (nu + nc == 0)
        return NHREF_OK;
    mf->integral = calloc(nu + nc + 1, sizeof *mf->integral);
    if (mf->integral == NULL || (s = nhref_tape_new(&mf->integrals, mf->model.nstate,
                                                    mf->model.nparam, nu + nc)) != NHREF_OK)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (i = 0; (e = next_in(mf, "integrals", &i)) != NULL;) {
        if (strchr(e->key, '.') != NULL)
            continue;
        e->used = 1;
        if ((s = check_name(mf, e, e->key)) != NHREF_OK ||
            (s = parse(mf, mf->integrals, e, &node)) != NHREF_OK)
            return s;
        nhref_tape_set_output(mf->integrals, k, node);
        mf->integral[k++] = (nhref_integral_desc_t){
            e->key, attr(mf, "integrals", e->key, "unit", "1"),
            attr(mf, "integrals", e->key, "description", ""),
            attr(mf, "integrals", e->key, "holds", "always (declared in the model file)")};
    }
    mf->nuser = k;
    if (nc > 0 && (mf->cons_reads = calloc(nc, sizeof *mf->cons_reads)) == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (i = 0; (e = next_in(mf, "constraints", &i)) != NULL;) {
        if ((s = parse(mf, mf->integrals, e, &node)) != NHREF_OK)
            return s;
        mf->cons_reads[k - mf->nuser] = nhref_tape_node_inputs(mf->integrals, node);
        nhref_tape_set_output(mf->integrals, k, node);
        mf->integral[k++] = (nhref_integral_desc_t){
            e->key, "1", "the constraint's residual A(t, q) q_dot + b(t, q)",
            "0 on the constraint manifold (the initial velocities satisfy it)"};
    }
    mf->model.nintegral = k;
    mf->model.integral = mf->integral;
    return NHREF_OK;
}

/* [events] NAME = g(t, x) (NAME.terminal yes/no, default yes; NAME.direction +1/-1/0) */
static int compile_events(nhref_model_file_t *mf)
{
    size_t n = 0, i = 0, k = 0;
    nhref_node_t node;
    mf_entry_t *e;
    int s;

    while ((e = next_in(mf, "events", &i)) != NULL)
        n += strchr(e->key, '.') == NULL;
    if (n == 0)
        return NHREF_OK;
    mf->event = calloc(n + 1, sizeof *mf->event);
    if (mf->event == NULL ||
        (s = nhref_tape_new(&mf->events, mf->model.nstate, mf->model.nparam, n)) != NHREF_OK)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (i = 0; (e = next_in(mf, "events", &i)) != NULL;) {
        const char *term, *dir;
        if (strchr(e->key, '.') != NULL)
            continue;
        e->used = 1;
        if ((s = check_name(mf, e, e->key)) != NHREF_OK ||
            (s = parse(mf, mf->events, e, &node)) != NHREF_OK)
            return s;
        nhref_tape_set_output(mf->events, k, node);
        term = attr(mf, "events", e->key, "terminal", "yes");
        dir = attr(mf, "events", e->key, "direction", "0");
        if (strcmp(term, "yes") != 0 && strcmp(term, "no") != 0)
            return mf_fail(mf, NHREF_EPARSE, e->line, "[events] %s.terminal: '%s' is not yes or no",
                           e->key, term);
        if (strcmp(dir, "0") != 0 && strcmp(dir, "+1") != 0 && strcmp(dir, "1") != 0 &&
            strcmp(dir, "-1") != 0)
            return mf_fail(mf, NHREF_EPARSE, e->line,
                           "[events] %s.direction: '%s' is not +1, -1 or 0", e->key, dir);
        mf->event[k++] =
            (nhref_event_desc_t){e->key, attr(mf, "events", e->key, "description", e->value),
                                 atoi(dir), strcmp(term, "yes") == 0};
    }
    mf->model.nevent = k;
    mf->model.event = mf->event;
    return NHREF_OK;
}

/* [charts] CHART.columns = a, b, ... (the chart's own columns), CHART.description, and
 * CHART.NAME = EXPR for each column NAME of the model (a state variable or first
 * integral) that the chart gives by an expression over its columns, t and the parameters
 * (nhref_chart_desc_t; nhref verify --chart).  Each expression is parsed here, against
 * the chart's columns, so that a wrong name is refused with its line. */
static int compile_charts(nhref_model_file_t *mf)
{
    size_t n = count_in(mf, "charts"), nchart = 0, i = 0;
    nhref_chart_desc_t *ch;
    mf_entry_t *e;

    if (n == 0)
        return NHREF_OK;
    ch = calloc(n, sizeof *ch);
    if (ch == NULL || mf_keep(mf, (char *)ch) == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    /* the charts, in the order of their first entry */
    while ((e = next_in(mf, "charts", &i)) != NULL) {
        const char *dot = strchr(e->key, '.');
        char *name;
        size_t k;
        if (dot == NULL || dot == e->key || dot[1] == '\0')
            return mf_fail(mf, NHREF_EPARSE, e->line,
                           "[charts] %s: expected CHART.NAME = EXPR, CHART.columns or "
                           "CHART.description",
                           e->key);
        if ((name = malloc((size_t)(dot - e->key) + 1)) == NULL || mf_keep(mf, name) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        memcpy(name, e->key, (size_t)(dot - e->key));
        name[dot - e->key] = '\0';
        if (!is_ident(name))
            return mf_fail(mf, NHREF_EPARSE, e->line, "[charts] %s: '%s' is not a name", e->key,
                           name);
        for (k = 0; k < nchart && strcmp(ch[k].name, name) != 0; k++)
            ;
        if (k == nchart)
            ch[nchart++].name = name;
    }
    for (size_t c = 0; c < nchart; c++) {
        const char *cols, *desc, *names[256];
        char key[256], *copy, *tok, *save = NULL;
        size_t ncols = 0, ndef = 0, k = 0;
        const char **def;
        snprintf(key, sizeof key, "%s.columns", ch[c].name);
        if ((e = find(mf, "charts", key)) == NULL) {
            for (i = 0; (e = next_in(mf, "charts", &i)) != NULL;)
                if (strncmp(e->key, ch[c].name, strlen(ch[c].name)) == 0 &&
                    e->key[strlen(ch[c].name)] == '.')
                    break;
            return mf_fail(mf, NHREF_EPARSE, e != NULL ? e->line : 0,
                           "[charts] the chart '%s' has no %s.columns (the columns a file in the "
                           "chart has, e.g. '%s.columns = xc, yc, phi')",
                           ch[c].name, ch[c].name, ch[c].name);
        }
        cols = e->value;
        snprintf(key, sizeof key, "%s.description", ch[c].name);
        desc = (e = find(mf, "charts", key)) != NULL ? e->value : "";
        /* the columns: names separated by commas */
        if ((copy = nhref_strdup(cols)) == NULL || mf_keep(mf, copy) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        snprintf(key, sizeof key, "%s.columns", ch[c].name);
        e = find(mf, "charts", key);
        for (tok = strtok_r(copy, ", \t", &save); tok != NULL;
             tok = strtok_r(NULL, ", \t", &save)) {
            if (!is_ident(tok) || ncols == sizeof names / sizeof names[0])
                return mf_fail(mf, NHREF_EPARSE, e->line,
                               "[charts] %s: '%s' is not a column name (names separated by "
                               "commas, at most %zu)",
                               key, tok, sizeof names / sizeof names[0]);
            names[ncols++] = tok;
        }
        for (i = 0; (e = next_in(mf, "charts", &i)) != NULL;)
            ndef += strncmp(e->key, ch[c].name, strlen(ch[c].name)) == 0 &&
                    e->key[strlen(ch[c].name)] == '.';
        def = calloc(ndef + 1, sizeof *def);
        if (def == NULL || mf_keep(mf, (char *)def) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        for (i = 0; (e = next_in(mf, "charts", &i)) != NULL;) {
            const char *col = e->key + strlen(ch[c].name) + 1;
            char err[512], *text;
            nhref_tape_t *t = NULL;
            int s, known = 0;
            if (strncmp(e->key, ch[c].name, strlen(ch[c].name)) != 0 ||
                e->key[strlen(ch[c].name)] != '.')
                continue;
            e->used = 1;
            if (strcmp(col, "columns") == 0 || strcmp(col, "description") == 0)
                continue;
            for (size_t j = 0; j < mf->model.nstate; j++)
                known |= strcmp(mf->state[j].name, col) == 0;
            for (size_t j = 0; j < mf->model.nintegral; j++)
                known |= strcmp(mf->integral[j].name, col) == 0;
            if (!known)
                return mf_fail(mf, NHREF_EPARSE, e->line,
                               "[charts] %s: '%s' is not a state variable or first integral of "
                               "the model (a chart gives the model's columns: CHART.NAME = EXPR)",
                               e->key, col);
            s = nhref_tape_parse(&t, e->value, ncols, names, mf->model.nparam, mf->pname, err,
                                 sizeof err);
            nhref_tape_free(t);
            if (s != NHREF_OK)
                return mf_fail(mf, s, e->line,
                               "[charts] %s: %s (a chart's expression reads its columns, %s, t "
                               "and the parameters)",
                               e->key, err, cols);
            if ((text = malloc(strlen(col) + strlen(e->value) + 4)) == NULL ||
                mf_keep(mf, text) == NULL)
                return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
            sprintf(text, "%s = %s", col, e->value);
            def[k++] = text;
        }
        if (k == 0)
            return mf_fail(mf, NHREF_EPARSE, find(mf, "charts", key)->line,
                           "[charts] the chart '%s' defines no column (add %s.NAME = EXPR)",
                           ch[c].name, ch[c].name);
        ch[c].description = desc;
        ch[c].columns = cols;
        ch[c].define = def;
    }
    mf->model.nchart = nchart;
    mf->model.chart = ch;
    return NHREF_OK;
}

/* [solution] x = X(t, p, x_0, ...): the closed form, one expression per state component,
 * of the time since the initial state, the parameters and the initial values, named
 * <state>_0 (the solution tape's "state" inputs) */
static int compile_solution(nhref_model_file_t *mf)
{
    size_t ns = mf->model.nstate, np = mf->model.nparam, i = 0;
    nhref_node_t node;
    mf_entry_t *e;
    int s;
    char err[512];

    if (count_in(mf, "solution") == 0)
        return NHREF_OK;
    if ((s = keys_are_states(mf, "solution", ns)) != NHREF_OK)
        return s;
    mf->s0name = calloc(ns + 1, sizeof *mf->s0name);
    if (mf->s0name == NULL || nhref_tape_new(&mf->solution, ns, np, ns) != NHREF_OK)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    for (size_t k = 0; k < ns; k++) {
        char *v = malloc(strlen(mf->sname[k]) + 3);
        if (v == NULL || mf_keep(mf, v) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        sprintf(v, "%s_0", mf->sname[k]);
        for (size_t j = 0; j < ns + np; j++)
            if (strcmp(v, j < ns ? mf->sname[j] : mf->pname[j - ns]) == 0)
                return mf_fail(mf, NHREF_EPARSE,
                               find(mf, "solution", mf->sname[k]) != NULL
                                   ? find(mf, "solution", mf->sname[k])->line
                                   : 0,
                               "[solution] the initial value of %s is named %s, which is "
                               "already a name of the model",
                               mf->sname[k], v);
        mf->s0name[k] = v;
    }
    for (size_t k = 0; k < ns; k++) {
        if ((e = for_state(mf, "solution", k)) == NULL) {
            while ((e = next_in(mf, "solution", &i)) != NULL && strchr(e->key, '.') != NULL)
                ;
            return mf_fail(mf, NHREF_EPARSE, e != NULL ? e->line : 0,
                           "[solution] has no expression for %s (give every state component, "
                           "or no [solution])",
                           mf->sname[k]);
        }
        e->used = 1;
        s = nhref_tape_parse_node(mf->solution, &node, e->value, ns, mf->s0name, np, mf->pname, err,
                                  sizeof err);
        if (s == NHREF_EPARSE)
            return mf_fail(mf, s, e->line,
                           "[solution] %s: %s (the solution reads t, the "
                           "parameters and the initial values <state>_0)",
                           e->key, err);
        if (s != NHREF_OK)
            return mf_fail(mf, s, e->line, "%s", nhref_strerror(s));
        nhref_tape_set_output(mf->solution, k, node);
    }
    mf->model.closed_form = "the model file's [solution], t counted from the initial state "
                            "(the golden closed-form route, and verify's check of its "
                            "reference)";
    return NHREF_OK;
}

/* ------------------------------------------------------------------ conditions */
/* the comparison operator of TEXT outside parentheses: its position and length */
static const char *comparison(const char *text, int *op, size_t *len)
{
    int depth = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        else if (depth == 0 && (*p == '<' || *p == '>' || *p == '=' || *p == '!')) {
            int eq = p[1] == '=';
            if ((*p == '=' || *p == '!') && !eq)
                return NULL;
            *op = *p == '<' ? (eq ? 'l' : '<') : *p == '>' ? (eq ? 'g' : '>') : *p;
            *len = eq ? 2 : 1;
            return p;
        }
    }
    return NULL;
}

/* one condition "LHS OP RHS" of entry E (WHAT names it in messages) */
static int add_condition(nhref_model_file_t *mf, const mf_entry_t *e, const char *text,
                         const char *what)
{
    size_t oplen;
    int op;
    const char *p = comparison(text, &op, &oplen);
    char *lhs, err[512];
    nhref_node_t a, b, node;
    mf_cond_t *c;
    int s;

    if (p == NULL)
        return mf_fail(mf, NHREF_EPARSE, e->line,
                       "[%s] %s: '%s' is not a condition EXPR OP EXPR (OP: < <= > >= == !=)",
                       e->section, e->key, text);
    if ((lhs = malloc((size_t)(p - text) + 1)) == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    memcpy(lhs, text, (size_t)(p - text));
    lhs[p - text] = '\0';
    s = nhref_tape_parse_node(mf->conds, &a, lhs, mf->model.nstate, mf->sname, mf->model.nparam,
                              mf->pname, err, sizeof err);
    if (s == NHREF_OK)
        s = nhref_tape_parse_node(mf->conds, &b, p + oplen, mf->model.nstate, mf->sname,
                                  mf->model.nparam, mf->pname, err, sizeof err);
    free(lhs);
    if (s != NHREF_OK)
        return mf_fail(mf, s, e->line, "[%s] %s: %s", e->section, e->key, err);
    if ((c = realloc(mf->cond, (mf->ncond + 1) * sizeof *c)) == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    mf->cond = c;
    c += mf->ncond;
    c->out = mf->ncond++;
    c->op = op;
    c->text = text;
    c->what = what;
    c->line = e->line;
    node = nhref_tape_sub(mf->conds, a, b);
    c->reads = nhref_tape_node_inputs(mf->conds, node);
    nhref_tape_set_output(mf->conds, c->out, node);
    return NHREF_OK;
}

/* the parameters' ranges (NAME.range) and [conditions] NAME = condition */
static int compile_conditions(nhref_model_file_t *mf)
{
    size_t n = count_in(mf, "conditions"), i = 0;
    mf_entry_t *e;
    int s;

    for (size_t k = 0; k < mf->model.nparam; k++)
        n += strcmp(mf->param[k].range, "any finite real") != 0;
    if (n == 0)
        return NHREF_OK;
    if ((s = nhref_tape_new(&mf->conds, mf->model.nstate, mf->model.nparam, n)) != NHREF_OK)
        return mf_fail(mf, s, 0, "%s", nhref_strerror(s));
    for (size_t k = 0; k < mf->model.nparam; k++) {
        char key[256], *what;
        if (strcmp(mf->param[k].range, "any finite real") == 0)
            continue;
        snprintf(key, sizeof key, "%s.range", mf->param[k].name);
        e = find(mf, "parameters", key);
        what = malloc(strlen(mf->param[k].name) + 16);
        if (what == NULL || mf_keep(mf, what) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        sprintf(what, "parameter %s", mf->param[k].name);
        if ((s = add_condition(mf, e, e->value, what)) != NHREF_OK)
            return s;
    }
    while ((e = next_in(mf, "conditions", &i)) != NULL) {
        char *what = malloc(strlen(e->key) + 32);
        e->used = 1;
        if (what == NULL || mf_keep(mf, what) == NULL)
            return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
        sprintf(what, "the condition %s", e->key);
        if ((s = add_condition(mf, e, e->value, what)) != NHREF_OK)
            return s;
    }
    return nhref_tape_status(mf->conds) == NHREF_OK ? NHREF_OK
                                                    : mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
}

/* ------------------------------------------------------------------ the whole file */
/* [model]: name (default: the file's stem), title, description, source, t-end, dt-out */
static int compile_model(nhref_model_file_t *mf)
{
    const char *b = strrchr(mf->path, '/');
    char *stem = nhref_strdup(b != NULL ? b + 1 : mf->path), *dot;
    mf_entry_t *e;
    size_t i = 0;

    if (stem == NULL || mf_keep(mf, stem) == NULL)
        return mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    if ((dot = strrchr(stem, '.')) != NULL && dot != stem)
        *dot = '\0';
    for (char *p = stem; *p != '\0'; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            *p = '_';
    while ((e = next_in(mf, "model", &i)) != NULL) {
        static const char *const keys[] = {"name",   "title", "description",
                                           "source", "t-end", "dt-out"};
        int known = 0;
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            known |= strcmp(e->key, keys[k]) == 0;
        if (!known)
            return mf_fail(mf, NHREF_EPARSE, e->line,
                           "[model] unknown key '%s' (keys: name, title, description, source, "
                           "t-end, dt-out)",
                           e->key);
    }
    e = find(mf, "model", "name");
    if (e != NULL && !is_ident(e->value))
        return mf_fail(mf, NHREF_EPARSE, e->line, "[model] name: '%s' is not a name", e->value);
    mf->model.name = e != NULL ? e->value : stem;
    if (nhref_model_find(mf->model.name) != NULL) /* golden files and oracles go by name */
        return mf_fail(mf, NHREF_EPARSE, e != NULL ? e->line : 0,
                       "the model's name '%s' is a built-in model's: give another in [model] "
                       "name",
                       mf->model.name);
    mf->model.title = (e = find(mf, "model", "title")) != NULL ? e->value : mf->path;
    mf->model.description = (e = find(mf, "model", "description")) != NULL ? e->value : "";
    mf->model.source = (e = find(mf, "model", "source")) != NULL ? e->value : mf->path;
    mf->model.spec = mf->path;
    if ((e = find(mf, "model", "t-end")) != NULL && check_decimal(mf, e) != NHREF_OK)
        return NHREF_EPARSE;
    mf->model.default_t_end = e != NULL ? e->value : "10";
    if ((e = find(mf, "model", "dt-out")) != NULL && check_decimal(mf, e) != NHREF_OK)
        return NHREF_EPARSE;
    mf->model.default_dt_out = e != NULL ? e->value : "1";
    return NHREF_OK;
}

/* the sections known, one form of the dynamics */
static int compile_form(nhref_model_file_t *mf)
{
    int nform;
    for (size_t i = 0; i < mf->nsec + mf->ne; i++) {
        const mf_entry_t *e = i < mf->nsec ? &mf->sec[i] : &mf->e[i - mf->nsec];
        int known = 0;
        for (size_t k = 0; k < sizeof sections / sizeof sections[0]; k++)
            known |= strcmp(e->section, sections[k]) == 0;
        if (!known)
            return mf_fail(mf, NHREF_EPARSE, e->line,
                           "unknown section [%s] (sections: model, parameters, coordinates, "
                           "velocities, lagrangian, constraints, forces, state, ode, mass, "
                           "forcing, integrals, events, conditions, solution, charts)",
                           e->section);
    }
    nform = (count_in(mf, "lagrangian") > 0) + (count_in(mf, "ode") > 0) +
            (count_in(mf, "mass") > 0 || count_in(mf, "forcing") > 0);
    if (nform == 0)
        return mf_fail(mf, NHREF_EINVAL, 0,
                       "no dynamics: give a Lagrangian ([lagrangian], [coordinates]), an ODE "
                       "([state], [ode]) or a mass-matrix form ([state], [mass], [forcing])");
    if (nform > 1) { /* the line of the later form's header */
        size_t line = 0;
        static const char *const forms[] = {"lagrangian", "ode", "mass", "forcing"};
        for (size_t k = 0; k < sizeof forms / sizeof *forms; k++)
            if (count_in(mf, forms[k]) > 0 && section_line(mf, forms[k]) > line)
                line = section_line(mf, forms[k]);
        return mf_fail(mf, NHREF_EINVAL, line,
                       "two forms of the dynamics: give one of [lagrangian], [ode], [mass]");
    }
    mf->form = count_in(mf, "lagrangian") > 0 ? MF_LAGRANGE
               : count_in(mf, "ode") > 0      ? MF_ODE
                                              : MF_MASS;
    return NHREF_OK;
}

/* two entries with one key in one section */
static int no_duplicates(nhref_model_file_t *mf)
{
    for (size_t i = 0; i < mf->ne; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(mf->e[i].section, mf->e[j].section) == 0 &&
                strcmp(mf->e[i].key, mf->e[j].key) == 0)
                return mf_fail(mf, NHREF_EPARSE, mf->e[i].line,
                               "[%s] %s is given twice (first on line %zu)", mf->e[i].section,
                               mf->e[i].key, mf->e[j].line);
    return NHREF_OK;
}

int mf_compile(nhref_model_file_t *mf)
{
    int s;
    if ((s = no_duplicates(mf)) != NHREF_OK || (s = compile_form(mf)) != NHREF_OK ||
        (s = compile_model(mf)) != NHREF_OK || (s = compile_params(mf)) != NHREF_OK)
        return s;
    s = mf->form == MF_LAGRANGE ? lagrange_states(mf) : plain_states(mf);
    if (s != NHREF_OK || (s = distinct_names(mf)) != NHREF_OK)
        return s;
    s = mf->form == MF_LAGRANGE ? compile_lagrange(mf)
        : mf->form == MF_ODE    ? compile_ode(mf)
                                : compile_mass(mf);
    if (s != NHREF_OK || (s = fold_rhs(mf)) != NHREF_OK ||
        (s = compile_integrals(mf)) != NHREF_OK || (s = compile_events(mf)) != NHREF_OK ||
        (s = compile_conditions(mf)) != NHREF_OK || (s = compile_solution(mf)) != NHREF_OK ||
        (s = compile_charts(mf)) != NHREF_OK)
        return s;
    for (size_t i = 0; i < mf->ne; i++)
        if (!mf->e[i].used)
            return mf_fail(mf, NHREF_EPARSE, mf->e[i].line, "[%s] unknown key '%s'",
                           mf->e[i].section, mf->e[i].key);
    if ((s = nhref_tape_status(mf->rhs)) != NHREF_OK)
        return mf_fail(mf, s, 0, "the right-hand side: %s", nhref_strerror(s));
    for (size_t k = 0; k < mf->model.nstate; k++)
        mf->rhs_reads |= nhref_tape_node_inputs(mf->rhs, nhref_tape_output(mf->rhs, k));
    mf->model.state = mf->state;
    mf->model.data = mf;
    mf->model.build = mf_build;
    mf->model.check_data = mf_check;
    mf->model.check_init_data = mf_check_init;
    mf_oracle_init(mf);
    {
        char why[512];
        if (nhref_model_check(&mf->model, why, sizeof why) != NHREF_OK)
            return mf_fail(mf, NHREF_EPARSE, 0, "%s", why);
    }
    return NHREF_OK;
}

/* model_file_internal.h -- a model file in memory (private: model_file.c reads it,
 * model_compile.c compiles it, model_check.c checks parameters and initial states). */
#ifndef NHREF_MODEL_FILE_INTERNAL_H
#define NHREF_MODEL_FILE_INTERNAL_H

#include <pthread.h>
#include <stddef.h>

#include "nhref_model_file.h"
#include "nhref_oracle.h"
#include "nhref_tape.h"

/* one "key = value" of the file, with its line */
typedef struct {
    char *section, *key, *value;
    size_t line;
    int used; /* taken by the compiler (an unused entry is an unknown key) */
} mf_entry_t;

/* the dynamics' form */
enum { MF_NONE, MF_LAGRANGE, MF_ODE, MF_MASS };

/* a condition "LHS OP RHS": output OUT of the conditions tape is LHS - RHS */
typedef struct {
    size_t out;
    int op;           /* '<', '>', 'l' (<=), 'g' (>=), '=' (==), '!' (!=) */
    unsigned reads;   /* nhref_tape_node_inputs: with the state, checked on the initial
                         state (with t, not checked: the initial time is not known) */
    const char *text; /* as written */
    const char *what; /* "parameter m", "the condition NAME" */
    size_t line;
} mf_cond_t;

struct nhref_model_file {
    int refs;
    char *path;
    char sha256[65]; /* of the file's bytes */
    char err[1024];
    mf_entry_t *e;
    size_t ne, cap;
    mf_entry_t *sec; /* the section headers, with their lines (key, value NULL) */
    size_t nsec;
    char **str; /* strings the descriptor points at */
    size_t nstr;
    nhref_model_t model;
    int form;
    size_t nq, ncons; /* a Lagrangian's coordinates and constraints */
    nhref_state_desc_t *state;
    nhref_param_desc_t *param;
    nhref_integral_desc_t *integral;
    nhref_event_desc_t *event;
    const char **sname, **pname; /* the names, for the expression parser */
    nhref_tape_t *source;        /* Lagrangian form: L, the constraints, the forces */
    nhref_tape_t *rhs, *integrals, *events, *conds;
    nhref_tape_t *solution; /* [solution]: the state at t (since the initial state) from
                               the parameters and the initial values; NULL if none */
    const char **s0name;    /* its inputs' names, <state>_0 */
    nhref_oracle_t oracle;  /* the [solution] as a closed form (nhref_model_oracle) */
    nhref_tape_t *kkt;      /* the matrix and right-hand side solved for the velocities'
                               derivatives: the KKT system (nhref_tape_lagrange) or M
                               and F (mass-matrix form); NULL for an ODE */
    unsigned rhs_reads;     /* nhref_tape_node_inputs of the right-hand side */
    mf_cond_t *cond;
    size_t ncond;
    size_t nuser;         /* [integrals]' count: the constraints' residuals follow */
    unsigned *cons_reads; /* per constraint: nhref_tape_node_inputs of its residual */
    size_t nnodes_source; /* sizes, for describe */
    /* the idle MPFR workspaces of the checks (model_check.c, eval_at): kept between
     * calls so that an integration's initial-state check (mf_check_init, at every
     * nhref_integrate_*) does not build, compile and free a workspace of each tape it
     * evaluates; taken and given back under ws_lock (a model file is shared by the
     * systems and threads that use it); freed with MF */
    pthread_mutex_t ws_lock;
    struct mf_ws *ws_idle;
    size_t nws_idle;
};

/* mf_ws_free_all -- frees MF's idle workspaces (model_check.c). */
void mf_ws_free_all(nhref_model_file_t *mf);

/* MF's message "FILE:LINE: ..." (LINE 0: "FILE: ..."); returns STATUS. */
int mf_fail(nhref_model_file_t *mf, int status, size_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* S, kept by MF (freed with it); NULL if memory is short (S freed). */
char *mf_keep(nhref_model_file_t *mf, char *s);

/* mf_compile -- the entries into the descriptor and the tapes (model_compile.c). */
int mf_compile(nhref_model_file_t *mf);

/* The descriptor's callbacks (model_check.c). */
int mf_build(nhref_tape_t *tape, nhref_model_tape_t which, const void *data);
int mf_check(mpfr_srcptr p, char *why, size_t len, const void *data);
int mf_check_init(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len, const void *data);
/* mf_check_init_d -- mf_check_init for a run in double (nhref_system_check_init_d): the
 * same conditions and constraints in MPFR at the precision of X0, and the right-hand
 * side's evaluation at X0 (is every operation defined there?) in double, the run's
 * arithmetic, by the double interpreter (with the parameters rounded to double, as
 * the double integrator has them), not in MPFR; its failure is explained in MPFR as
 * mf_check_init's. */
int mf_check_init_d(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len, const void *data);

/* mf_oracle_init -- MF's [solution] as an oracle, in mf->oracle (model_oracle.c). */
void mf_oracle_init(nhref_model_file_t *mf);

#endif /* NHREF_MODEL_FILE_INTERNAL_H */

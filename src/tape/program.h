/* program.h -- a tape compiled into flat programs of instructions on node indices, the
 * same for every number type (internal): what the interpreters (interp.c) run, with
 * node indices turned into series pointers, and what the jet generator (tools/jetgen.c)
 * turns into C for the built-in models.  Both read this one description, so that the
 * generated jets compute exactly what the interpreter computes.
 *
 * Compilation:
 *   - constant nodes (not depending on t or the state) go to the constant program,
 *     evaluated when the parameters are set; the others to the program, in SSA order;
 *     CONST, TIME, STATE, COS and COSH (computed with their SIN and SINH) and the
 *     followers of a SOLVE group have no instruction;
 *   - a product by a constant is NHREF_PROG_MULC (the constant first), a division by a
 *     constant NHREF_PROG_DIVC, a real power with a constant exponent NHREF_PROG_POWC,
 *     a parameter NHREF_PROG_PARAM;
 *   - a non-constant node that repeats an earlier one (same operation, same
 *     arguments in the same order, after this replacement) is computed once: its
 *     representative rep[i] is that earlier node, and every reference to it reads the
 *     representative's series.
 */
#ifndef NHREF_TAPE_PROGRAM_H
#define NHREF_TAPE_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "tape/tape_internal.h"

/* pseudo-operations of the programs */
enum {
    NHREF_PROG_MULC = NHREF_OP_COUNT, /* a constant (a) times b */
    NHREF_PROG_DIVC,                  /* a divided by a constant (b) */
    NHREF_PROG_PARAM,                 /* a parameter: w = param[n] */
    NHREF_PROG_POWC                   /* a (positive) to a constant power (b) */
};

typedef struct {
    int op;            /* nhref_op_t or NHREF_PROG_* */
    nhref_node_t node; /* the node computed (its series: w); a SOLVE: the group's first */
    nhref_node_t w2;   /* SIN, SINH: its COS, COSH node; else NHREF_NODE_INVALID */
    nhref_node_t a, b; /* arguments (representatives), NHREF_NODE_INVALID when unused */
    long n;            /* POWI exponent; PARAM index */
    size_t aux;        /* the node's first auxiliary series (atan, atanh, tanh, asin, acos,
                        * powi, pow) */
    size_t sin;        /* SIN: its rank among the SIN instructions of the program */
    size_t solve;      /* SOLVE: the rank of its group */
} nhref_prog_instr_t;

typedef struct {
    nhref_node_t *rep;         /* nnodes representatives */
    nhref_prog_instr_t *prog;  /* the non-constant instructions, in SSA order */
    size_t nprog;
    nhref_prog_instr_t *cprog; /* the parameters and the constant instructions */
    size_t ncprog;
    size_t naux;               /* auxiliary series of all nodes */
    size_t nsin;               /* SIN instructions in prog */
    size_t nsolve;             /* SOLVE groups */
} nhref_program_t;

/* nhref_program_build -- compile TAPE (valid: nhref_tape_status OK) into PG.  Returns
 * NHREF_OK or NHREF_ENOMEM (PG freed).  Cost: linear in the nodes (a hash table finds
 * the repeats). */
int nhref_program_build(nhref_program_t *pg, const nhref_tape_t *tape);

void nhref_program_free(nhref_program_t *pg);

/* nhref_tape_fingerprint -- two 64-bit hashes (FNV-1a and a multiply-xorshift mix, not
 * related) of everything of TAPE that its programs and its states and outputs depend
 * on: the sizes, the time, state and output nodes, and every node's operation,
 * arguments, exponent or index, pair, constant flag and SOLVE arguments (not the
 * decimal strings of constants, whose values are data).  Tapes with equal fingerprints
 * compile to the same programs, up to a collision of both hashes. */
void nhref_tape_fingerprint(uint64_t fp[2], const nhref_tape_t *tape);

#endif /* NHREF_TAPE_PROGRAM_H */

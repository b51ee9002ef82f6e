/* jetgen.c -- the jet generator: C for the double-precision Taylor jets of the built-in
 * models, written at build time (src/Makefile.am runs it; the output is never
 * committed).
 *
 * For every model of the registry, the right-hand side's tape is compiled into its
 * program exactly as the interpreter compiles it (tape/program.c), and becomes one
 * function: a loop over the orders K whose body is the program's instructions, in
 * order, as calls of the interpreter's own always-inlined jet_op with constant
 * arguments (the operation, the series as constant offsets into the workspace's
 * coefficients), then the state coefficients of order K + 1.  So the generated jet
 * IS the interpreter specialised to one tape: no dispatch, no operand loads, every
 * address resolved at compile time, the compiler free to schedule across
 * instructions; the values are the interpreter's, bit for bit (the same kernels in
 * the same order; tests/check_tape.c compares both for every model).
 *
 * One function per order, with every sum unrolled to its constant length, was tried:
 * it saves another third of the instructions (sleigh 159k -> 107k per integration)
 * but its 5 MB of C took more than 20 minutes and 4 GB to compile; the loop form is
 * 270 kB and compiles in about 45 s.
 *
 * The output is included by tape/interp.c in its double instance.  A workspace uses a
 * generated jet when its tape has the fingerprint of a model's tape
 * (nhref_tape_fingerprint: two 64-bit hashes of the structure, not of the parameter
 * values) and its order is at most NHREF_GEN_KMAX; its series then have the length
 * NHREF_GEN_KMAX + 1 that the offsets assume.  Any other tape, and any order above,
 * is interpreted.
 *
 * Usage: jetgen [KMAX] > jets_gen_d.c      (KMAX: 1..64, default 20: the highest order
 *                                            the double path uses, 16 digits)
 */
#include <stdio.h>
#include <stdlib.h>

#include "nhref_model.h"
#include "nhref_status.h"
#include "nhref_tape.h"
#include "tape/program.h"
#include "tape/tape_internal.h"

static const char *op_name(int op)
{
    switch (op) {
    case NHREF_OP_ADD:
        return "NHREF_OP_ADD";
    case NHREF_OP_SUB:
        return "NHREF_OP_SUB";
    case NHREF_OP_NEG:
        return "NHREF_OP_NEG";
    case NHREF_OP_MUL:
        return "NHREF_OP_MUL";
    case NHREF_OP_SQR:
        return "NHREF_OP_SQR";
    case NHREF_OP_DIV:
        return "NHREF_OP_DIV";
    case NHREF_OP_SQRT:
        return "NHREF_OP_SQRT";
    case NHREF_OP_SIN:
        return "NHREF_OP_SIN";
    case NHREF_OP_EXP:
        return "NHREF_OP_EXP";
    case NHREF_OP_LOG:
        return "NHREF_OP_LOG";
    case NHREF_OP_ATAN:
        return "NHREF_OP_ATAN";
    case NHREF_OP_ATANH:
        return "NHREF_OP_ATANH";
    case NHREF_OP_TANH:
        return "NHREF_OP_TANH";
    case NHREF_OP_POWI:
        return "NHREF_OP_POWI";
    case NHREF_OP_SOLVE:
        return "NHREF_OP_SOLVE";
    case NHREF_PROG_MULC:
        return "NHREF_PROG_MULC";
    case NHREF_PROG_DIVC:
        return "NHREF_PROG_DIVC";
    default:
        return NULL;
    }
}

/* a series of the coefficients: "c + OFFSET" or "NULL" */
static void series(FILE *out, nhref_node_t node, const nhref_node_t *rep, unsigned len)
{
    if (node == NHREF_NODE_INVALID)
        fputs("NULL", out);
    else
        fprintf(out, "c + %lu", (unsigned long)rep[node] * len);
}

/* the functions of model M (index MI) and its table entry; 0 or -1 */
static int model(FILE *out, FILE *table, size_t mi, const nhref_model_t *m, unsigned kmax)
{
    nhref_tape_t *tape;
    nhref_program_t pg;
    uint64_t fp[2];
    unsigned len = kmax + 1;

    /* the tape as nhref_system_new builds it */
    if (nhref_tape_new(&tape, m->nstate, m->nparam, m->nstate) != NHREF_OK ||
        m->build_rhs(tape) != NHREF_OK || nhref_tape_status(tape) != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: its tape does not build\n", m->name);
        nhref_tape_free(tape);
        return -1;
    }
    if (nhref_program_build(&pg, tape) != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: out of memory\n", m->name);
        nhref_tape_free(tape);
        return -1;
    }
    nhref_tape_fingerprint(fp, tape);
    fprintf(out, "\n/* %s: %zu nodes, %zu instructions */\n", m->name, tape->nnodes, pg.nprog);
    fprintf(out, "static int gen_%zu(tape_ws_t *ws, unsigned order)\n{\n", mi);
    fputs("    num_ptr c = ws->coef, d = ws->du;\n    int fin = 1, st;\n    (void)d;\n", out);
    fputs("    for (unsigned k = 0; k < order; k++) {\n", out);
    for (size_t i = 0; i < pg.nprog; i++) {
        const nhref_prog_instr_t *q = &pg.prog[i];
        const char *name = op_name(q->op);
        if (name == NULL) {
            fprintf(stderr, "jetgen: model %s: unexpected operation %d\n", m->name, q->op);
            nhref_program_free(&pg);
            nhref_tape_free(tape);
            return -1;
        }
        fprintf(out, "        if ((st = jet_op(ws, %s, ", name);
        series(out, q->node, pg.rep, len);
        fputs(", ", out);
        series(out, q->w2, pg.rep, len);
        if (q->op == NHREF_OP_SIN)
            fprintf(out, ", NUM_CAUCHY_DU ? d + %lu : NULL, ", (unsigned long)q->sin * len);
        else
            fputs(", NULL, ", out);
        series(out, q->a, pg.rep, len);
        fputs(", ", out);
        series(out, q->b, pg.rep, len);
        fprintf(out, ", ws->auxp + %zu, %ldL, ", q->aux, q->n);
        if (q->op == NHREF_OP_SOLVE)
            fprintf(out, "ws->solve + %zu", q->solve);
        else
            fputs("NULL", out);
        fputs(", k)) != NHREF_OK)\n            return st;\n", out);
    }
    for (size_t i = 0; i < tape->nstate; i++) {
        unsigned long x = (unsigned long)pg.rep[tape->state[i]] * len;
        unsigned long f = (unsigned long)pg.rep[tape->out[i]] * len;
        fprintf(out, "        num_div_ui(c + %lu + k + 1, c + %lu + k, k + 1, 53);\n", x, f);
        fprintf(out, "        fin &= num_is_finite(c + %lu + k + 1);\n", x);
    }
    fputs("    }\n    return fin ? NHREF_OK : NHREF_EDOMAIN;\n}\n", out);
    fprintf(table, "    {{0x%016llxULL, 0x%016llxULL}, %zu, \"%s\", gen_%zu},\n",
            (unsigned long long)fp[0], (unsigned long long)fp[1], tape->nnodes, m->name, mi);
    nhref_program_free(&pg);
    nhref_tape_free(tape);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned kmax = 20;
    FILE *table = tmpfile();
    int c;

    if (argc > 2 || (argc == 2 && (kmax = (unsigned)atoi(argv[1])) == 0) || kmax > 64) {
        fprintf(stderr, "usage: jetgen [KMAX] > jets_gen_d.c   (KMAX: 1..64, default 20)\n");
        return 2;
    }
    if (table == NULL) {
        perror("jetgen: tmpfile");
        return 1;
    }
    printf("/* jets_gen_d.c -- GENERATED at build time by src/jet/jetgen.c from the built-in\n"
           " * models' tapes: the double-precision Taylor jets to order %u, for\n"
           " * tape/interp.c (double instance).  Do not edit; never committed. */\n\n",
           kmax);
    printf("#define NHREF_GEN_KMAX %u\n", kmax);
    for (size_t i = 0; i < nhref_model_count(); i++)
        if (model(stdout, table, i, nhref_model_get(i), kmax) != 0)
            return 1;
    printf("\nstatic const gen_jet_t gen_jets[] = {\n");
    rewind(table);
    while ((c = getc(table)) != EOF)
        putchar(c);
    printf("};\n");
    fclose(table);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("jetgen: stdout");
        return 1;
    }
    return 0;
}

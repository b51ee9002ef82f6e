/* jetgen.c -- the jet generator: C for the double-precision Taylor jets of the built-in
 * models, written at build time when configure is given --enable-generated-jets
 * (src/Makefile.am runs it; the output is never committed).  By default the same text,
 * written by tape/jit_emit.c, is compiled at run time for every tape, built-in or not
 * (tape/jit.c, nhref_jit.h), and this generator is not built.
 *
 * For every model of the registry, the right-hand side's tape is compiled into its
 * program exactly as the interpreter compiles it (tape/program.c), and becomes C in
 * one of two forms (tests/check_tape.c compares both with the interpreter for every
 * model):
 *
 *  - unrolled (the small models: at most UNROLL_BUDGET terms of sums to order KMAX,
 *    and only the operations of unrollable_op), in the manner of Jorba and Zou's
 *    `taylor' translator: one function per order K >= 1, straight-line arithmetic on
 *    constant indices with every sum written out in the double kernels' own tree (the
 *    interpreter's values, bit for bit), and the same functions in an FMA variant
 *    (fused multiply-adds in the sums; compiled with target("fma"), run only on a CPU
 *    with FMA, see tape/interp.c);
 *  - the loop form (the others, and every model with an operation the unrolled form
 *    does not write out: atan, atanh, tanh, log, powi, asin, acos, sinh/cosh, real
 *    powers, solve): one loop over the orders K whose body is the
 *    program's instructions as calls of the interpreter's always-inlined jet_op with
 *    constant arguments, then the state coefficients of order K + 1: the interpreter
 *    specialised to one tape (no dispatch, every address resolved at compile time).
 *
 * Sizes: the unrolled jets (12 models, 26,400 terms, both variants) and the loop form
 * (8 models) make 1.9 MB of C; tape/interp.c's double instance then compiles in about
 * 2.5 minutes.  Unrolling every model was tried: 5 MB of C that took more than 20
 * minutes and 4 GB to compile (through jet_op's inlining at each order).  Measured
 * (bench_heyoka, sleigh at tolerance 1e-8): loop form 6.5 us, unrolled 5.2 us,
 * unrolled with FMA 4.7 us per integration.
 *
 * The output is included by tape/interp.c in its double instance.  A workspace uses a
 * generated jet when its tape has the fingerprint of a model's tape
 * (nhref_tape_fingerprint: two 64-bit hashes of the structure, not of the parameter
 * values) and its order is at most NHREF_GEN_KMAX; its series then have the length
 * NHREF_GEN_KMAX + 1 that the offsets assume.  Any other tape, and any order above,
 * is interpreted.
 *
 * Usage: jetgen [KMAX [MODEL...]] > jets_gen_d.c
 *   KMAX: 1..64, default 20 (the highest order the double path uses, 16 digits);
 *   MODEL...: only these built-in models (configure --enable-generated-jets=LIST, for
 *   a quick build that still runs generated jets, as .ci/run's sanitizer build does);
 *   the output then defines NHREF_GEN_SUBSET.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_model.h"
#include "nhref_status.h"
#include "nhref_tape.h"
#include "tape/program.h"
#include "tape/jit_emit.h"
#include "tape/tape_internal.h"

/* the functions of model M (index MI) and its table entry; 0 or -1 */
static int model(FILE *out, FILE *table, size_t mi, const nhref_model_t *m, unsigned kmax)
{
    nhref_tape_t *tape;
    uint64_t fp[2];
    unsigned long terms;
    char id[32];
    int unrolled, status;

    /* the tape as nhref_system_new builds it */
    if (nhref_tape_new(&tape, m->nstate, m->nparam, m->nstate) != NHREF_OK ||
        m->build_rhs(tape) != NHREF_OK || nhref_tape_status(tape) != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: its tape does not build\n", m->name);
        nhref_tape_free(tape);
        return -1;
    }
    nhref_tape_set_label(tape, m->name);
    snprintf(id, sizeof id, "%zu", mi);
    status = nhref_jit_emit(out, tape, id, kmax, &unrolled, &terms);
    if (status != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: %s\n", m->name, nhref_strerror(status));
        nhref_tape_free(tape);
        return -1;
    }
    nhref_tape_fingerprint(fp, tape);
    fprintf(table,
            "    {{0x%016llxULL, 0x%016llxULL}, %zu, \"%s\", gen_fma_or_generic(gen_%zu, gen_%zu%s)},\n",
            (unsigned long long)fp[0], (unsigned long long)fp[1], tape->nnodes, m->name, mi, mi,
            unrolled ? "_fma" : "");
    nhref_tape_free(tape);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned kmax = 20;
    FILE *table = tmpfile();
    int c;

    if ((argc >= 2 && (kmax = (unsigned)atoi(argv[1])) == 0) || kmax > 64) {
        fprintf(stderr, "usage: jetgen [KMAX [MODEL...]] > jets_gen_d.c   (KMAX: 1..64, "
                        "default 20)\n");
        return 2;
    }
    for (int a = 2; a < argc; a++)
        if (nhref_model_find(argv[a]) == NULL) {
            fprintf(stderr, "jetgen: unknown model '%s' (nhref list)\n", argv[a]);
            return 2;
        }
    if (table == NULL) {
        perror("jetgen: tmpfile");
        return 1;
    }
    printf("/* jets_gen_d.c -- GENERATED at build time by src/tools/jetgen.c from the built-in\n"
           " * models' tapes: the double-precision Taylor jets to order %u, for\n"
           " * tape/interp.c (double instance).  Do not edit; never committed. */\n\n",
           kmax);
    printf("#define NHREF_GEN_KMAX %u\n", kmax);
    if (argc > 2)
        printf("#define NHREF_GEN_SUBSET 1\n");
    for (size_t i = 0; i < nhref_model_count(); i++) {
        int listed = argc <= 2;
        for (int a = 2; a < argc && !listed; a++)
            listed = strcmp(argv[a], nhref_model_get(i)->name) == 0;
        if (listed && model(stdout, table, i, nhref_model_get(i), kmax) != 0)
            return 1;
    }
    /* the table: each model's generic jet and its FMA variant (the generic one for the
     * loop form), the latter only where interp.c compiles the FMA variants */
    printf("\n#if !NHREF_GEN_FMA\n#define gen_fma_or_generic(generic, fma) generic, generic\n"
           "#else\n#define gen_fma_or_generic(generic, fma) generic, fma\n#endif\n");
    printf("static const gen_jet_t gen_jets[] = {\n");
    rewind(table);
    while ((c = getc(table)) != EOF)
        putchar(c);
    printf("};\n#undef gen_fma_or_generic\n");
    fclose(table);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("jetgen: stdout");
        return 1;
    }
    return 0;
}

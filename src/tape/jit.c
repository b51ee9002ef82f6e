/* jit.c -- the double jets compiled at run time (nhref_jit.h): for a tape, the C of its
 * jet (tape/jit_emit.c) after the interpreter's own structures and kernels (the prelude,
 * tape/jit_prelude.c preprocessed at build time), compiled by the system C compiler into
 * a shared object of the cache (tape/jit_cache.c) and loaded with dlopen.  The double
 * interpreter (tape/interp.c) asks for it when it makes a workspace for jets of order
 * 1..NHREF_JIT_KMAX; a NULL answer means interpreted.
 *
 * The key of an object is the SHA-256 of nhref's version, the compiler command, the
 * digest of the prelude and the emitter's source, and the structure the text is written
 * from (jit_key), so that another structure, another nhref or another compiler never
 * loads a stale object, and a cached object is found without writing its text; the
 * object holds its key (nhref_jit_key), checked after loading, so
 * that a truncated or foreign file is compiled again.  In one process, each tape
 * structure (nhref_tape_fingerprint and node count) is looked up once: the answer, an
 * object or a failure, is kept until exit (objects are never unloaded, since workspaces
 * may point into them).
 *
 * Compiled with the double core only (libcore_d). */
#define _GNU_SOURCE /* open_memstream, asprintf */
#ifndef NHREF_NUM /* the double core's (src/Makefile.am), also where it is compiled alone */
#define NHREF_NUM 1 /* (tests/fuzz/fuzz.mk) */
#endif
#define NHREF_INTERP_TYPES_ONLY 1
#include "tape/interp_core.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "config.h"
#include "tape/jit.h"
#include "tape/jit_emit.h"

extern char **environ;

/* the prelude's text, and the digest of it and of the emitter's source (jit_prelude_text.c,
 * generated) */
extern const char nhref_jit_prelude_text[];
extern const char nhref_jit_abi[];

/* the flags after the compiler command (nhref_jit.h documents them) */
static const char *const cc_flags[] = {"-O2", "-fPIC", "-shared", "-ffp-contract=off", "-w"};

typedef struct jit_entry {
    struct jit_entry *next;
    uint64_t fp[2];
    size_t nnodes;
    int lanes;     /* 1: the four-lane orders (nhref_jit_find_lanes), 0: the double jet */
    gen_jet_t gen; /* gen.jet == NULL: the compilation failed (interpreted) */
    nhref_jit_lanes_fn orders[2]; /* lanes: generic, FMA variant; NULL: interpreted */
    nhref_jit_lanes_fn all[2];    /* lanes: the same from order 0 (NULL: none) */
    char label[64];
} jit_entry_t;

static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;
static jit_entry_t *jit_entries;
static int jit_warned;

/* V in 8 bytes, little-endian, into H */
static void hash_long(struct sha256_ctx *h, long v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)((unsigned long)v >> (8 * i));
    sha256_update(h, sizeof b, b);
}

/* the key of TAPE's object (hex): the SHA-256 of nhref's version, the compiler command
 * and flags, the digest of the prelude and of the emitter's source (nhref_jit_abi, made
 * at build time), and what the emitted text is a function of -- the tape's program
 * (tape/program.h: every instruction's fields, the representatives), its states and
 * outputs, its node count and label, the order -- so that a cached object is found
 * without writing its text (20 million instructions for a model of 200 nodes).  The
 * status of nhref_program_build. */
static int jit_key(const nhref_tape_t *tape, int lanes, char key[65])
{
    struct sha256_ctx h;
    uint8_t d[SHA256_DIGEST_SIZE];
    const char *cc = nhref_jit_compiler();
    nhref_program_t pg;

    if (nhref_program_build(&pg, tape) != NHREF_OK)
        return NHREF_ENOMEM;
    sha256_init(&h);
    sha256_update(&h, strlen(PACKAGE_VERSION) + 1, (const uint8_t *)PACKAGE_VERSION);
    sha256_update(&h, strlen(cc) + 1, (const uint8_t *)cc);
    for (size_t i = 0; i < sizeof cc_flags / sizeof cc_flags[0]; i++)
        sha256_update(&h, strlen(cc_flags[i]) + 1, (const uint8_t *)cc_flags[i]);
    sha256_update(&h, strlen(nhref_jit_abi) + 1, (const uint8_t *)nhref_jit_abi);
    sha256_update(&h, strlen(tape->label) + 1, (const uint8_t *)tape->label);
    hash_long(&h, NHREF_JIT_KMAX);
    hash_long(&h, lanes); /* the four-lane object is another text */
    hash_long(&h, (long)tape->nnodes);
    hash_long(&h, (long)tape->nstate);
    hash_long(&h, (long)tape->nout);
    for (size_t i = 0; i < tape->nstate; i++)
        hash_long(&h, (long)tape->state[i]);
    for (size_t i = 0; i < tape->nout; i++)
        hash_long(&h, (long)tape->out[i]);
    for (size_t i = 0; i < tape->nnodes; i++)
        hash_long(&h, (long)pg.rep[i]);
    hash_long(&h, (long)pg.nprog);
    for (size_t i = 0; i < pg.nprog; i++) {
        const nhref_prog_instr_t *q = &pg.prog[i];
        hash_long(&h, q->op);
        hash_long(&h, (long)q->node);
        hash_long(&h, (long)q->w2);
        hash_long(&h, (long)q->a);
        hash_long(&h, (long)q->b);
        hash_long(&h, q->n);
        hash_long(&h, (long)q->aux);
        hash_long(&h, (long)q->sin);
        hash_long(&h, (long)q->solve);
    }
    nhref_program_free(&pg);
    sha256_digest(&h, sizeof d, d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(key + 2 * i, 3, "%02x", d[i]);
    return NHREF_OK;
}

/* the full text of TAPE's jet (malloc'ed, *LEN bytes); the emitter's status.
 * *UNROLLED: the form.  LANES: the four-lane orders (no prelude: plain arithmetic) */
static int jit_text(const nhref_tape_t *tape, int lanes, char **text, size_t *len, int *unrolled)
{
    FILE *f = open_memstream(text, len);
    unsigned long terms;
    int status;

    if (f == NULL)
        return NHREF_ENOMEM;
    if (!lanes)
        fputs(nhref_jit_prelude_text, f);
    fputs("\n#if defined(__x86_64__) && defined(__GNUC__)\n#define NHREF_GEN_FMA 1\n#else\n"
          "#define NHREF_GEN_FMA 0\n#endif\n",
          f);
    if (lanes) {
        *unrolled = 1;
        status = nhref_jit_emit_lanes(f, tape, "j", NHREF_JIT_KMAX);
        fputs("\n__attribute__((visibility(\"default\"))) int nhref_jit_lanes(void *c, void *d, "
              "unsigned order)\n{\n    return gen_j_v(c, d, order);\n}\n"
              "#if NHREF_GEN_FMA\n__attribute__((visibility(\"default\"))) int "
              "nhref_jit_lanes_fma(void *c, void *d, unsigned order)\n{\n    return "
              "gen_j_v_fma(c, d, order);\n}\n#endif\n",
              f);
        if (nhref_jit_lanes0_form(tape))
            fputs("\n__attribute__((visibility(\"default\"))) int nhref_jit_lanes0(void *c, void *d, "
                  "unsigned order)\n{\n    return gen_j_v0(c, d, order);\n}\n"
                  "#if NHREF_GEN_FMA\n__attribute__((visibility(\"default\"))) int "
                  "nhref_jit_lanes0_fma(void *c, void *d, unsigned order)\n{\n    return "
                  "gen_j_v0_fma(c, d, order);\n}\n#endif\n",
                  f);
        if (fclose(f) != 0 && status == NHREF_OK)
            status = NHREF_ENOMEM;
        return status;
    }
    status = nhref_jit_emit(f, tape, "j", NHREF_JIT_KMAX, unrolled, &terms);
    fputs("\n__attribute__((visibility(\"default\"))) int nhref_jit_jet(tape_ws_t *ws, "
          "unsigned order)\n{\n    return gen_j(ws, order);\n}\n",
          f);
    if (*unrolled)
        fputs("#if NHREF_GEN_FMA\n__attribute__((visibility(\"default\"))) int "
              "nhref_jit_jet_fma(tape_ws_t *ws, unsigned order)\n{\n    return gen_j_fma(ws, "
              "order);\n}\n#endif\n",
              f);
    if (fclose(f) != 0 && status == NHREF_OK)
        status = NHREF_ENOMEM;
    return status;
}

/* loads PATH into E if it is the object of KEY: 0, or -1 with the reason in WHY */
static int jit_open(jit_entry_t *e, const char *path, const char *key, char *why, size_t wlen)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const char *k;

    if (h == NULL) {
        snprintf(why, wlen, "%s", dlerror());
        return -1;
    }
    k = dlsym(h, "nhref_jit_key");
    if (e->lanes) {
        *(void **)&e->orders[0] = dlsym(h, "nhref_jit_lanes");
        *(void **)&e->orders[1] = dlsym(h, "nhref_jit_lanes_fma");
        *(void **)&e->all[0] = dlsym(h, "nhref_jit_lanes0");
        *(void **)&e->all[1] = dlsym(h, "nhref_jit_lanes0_fma");
        if (e->all[1] == NULL)
            e->all[1] = e->all[0];
        if (k == NULL || strcmp(k, key) != 0 || e->orders[0] == NULL) {
            snprintf(why, wlen, "%s is not the compiled jet it is named after", path);
            e->orders[0] = e->orders[1] = NULL;
            dlclose(h);
            return -1;
        }
        if (e->orders[1] == NULL)
            e->orders[1] = e->orders[0];
        utimensat(AT_FDCWD, path, NULL, 0);
        return 0;
    }
    e->gen.jet = (int (*)(tape_ws_t *, unsigned))dlsym(h, "nhref_jit_jet");
    e->gen.jet_fma = (int (*)(tape_ws_t *, unsigned))dlsym(h, "nhref_jit_jet_fma");
    if (k == NULL || strcmp(k, key) != 0 || e->gen.jet == NULL) {
        snprintf(why, wlen, "%s is not the compiled jet it is named after", path);
        e->gen.jet = e->gen.jet_fma = NULL;
        dlclose(h);
        return -1;
    }
    if (e->gen.jet_fma == NULL)
        e->gen.jet_fma = e->gen.jet;
    utimensat(AT_FDCWD, path, NULL, 0); /* recently used (nhref_jit_cache_prune) */
    return 0;
}

/* writes TEXT and the key's line to SRC: 0 or -1 */
static int write_source(const char *src, const char *text, size_t len, const char *key)
{
    FILE *f = fopen(src, "w");
    int ok;

    if (f == NULL)
        return -1;
    ok = fwrite(text, 1, len, f) == len &&
         fprintf(f,
                 "\n__attribute__((visibility(\"default\"))) const char nhref_jit_key[] = "
                 "\"%s\";\n",
                 key) > 0;
    return fclose(f) == 0 && ok ? 0 : -1;
}

/* runs the compiler on SRC into OBJ, its output into LOG: 0, or -1 with the reason */
static int compile(const char *src, const char *obj, const char *log, char *why, size_t wlen)
{
    char *cmd = strdup(nhref_jit_compiler()), *argv[64], *save = NULL;
    size_t n = 0;
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st, rc;

    if (cmd == NULL) {
        snprintf(why, wlen, "out of memory");
        return -1;
    }
    for (char *w = strtok_r(cmd, " \t", &save); w != NULL && n < 48;
         w = strtok_r(NULL, " \t", &save))
        argv[n++] = w;
    if (n == 0) {
        snprintf(why, wlen, "NHREF_CC is empty");
        free(cmd);
        return -1;
    }
    for (size_t i = 0; i < sizeof cc_flags / sizeof cc_flags[0]; i++)
        argv[n++] = (char *)cc_flags[i];
    argv[n++] = (char *)"-o";
    argv[n++] = (char *)obj;
    argv[n++] = (char *)src;
    argv[n++] = (char *)"-lm";
    argv[n] = NULL;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        snprintf(why, wlen, "cannot run the compiler '%s': %s (set NHREF_CC, or NHREF_JIT=0)",
                 argv[0], strerror(rc));
        free(cmd);
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(why, wlen, "waitpid: %s", strerror(errno));
            free(cmd);
            return -1;
        }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char msg[400] = "";
        FILE *f = fopen(log, "r");
        if (f != NULL) {
            size_t m = fread(msg, 1, sizeof msg - 1, f);
            msg[m] = '\0';
            fclose(f);
        }
        for (char *p = msg; *p != '\0'; p++)
            if (*p == '\n')
                *p = ' ';
        snprintf(why, wlen, "the compiler '%s' failed (%s %d): %s", argv[0],
                 WIFEXITED(st) ? "status" : "signal",
                 WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), msg);
        free(cmd);
        return -1;
    }
    free(cmd);
    return 0;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* E's jet: loaded from the cache, or compiled into it (under the key's lock); 0, or -1
 * with the reason */
static int jit_load(jit_entry_t *e, const nhref_tape_t *tape, char *why, size_t wlen)
{
    char *text = NULL, *dir = NULL, *obj = NULL, *lock = NULL, *src = NULL, *tmp = NULL,
         *log = NULL, key[65];
    size_t len;
    int unrolled, fd = -1, rc = -1, status;

    status = jit_key(tape, e->lanes, key);
    if (status != NHREF_OK) {
        snprintf(why, wlen, "its key: %s", nhref_strerror(status));
        goto done;
    }
    if ((status = nhref_jit_cache_dir(&dir)) != NHREF_OK) {
        snprintf(why, wlen, "no cache directory (set NHREF_CACHE_DIR, XDG_CACHE_HOME or HOME)");
        goto done;
    }
    if (asprintf(&obj, "%s/%s.so", dir, key) < 0 || asprintf(&lock, "%s/%s.lock", dir, key) < 0 ||
        asprintf(&src, "%s/%s.%ld.c", dir, key, (long)getpid()) < 0 ||
        asprintf(&tmp, "%s/%s.%ld.so", dir, key, (long)getpid()) < 0 ||
        asprintf(&log, "%s/%s.%ld.log", dir, key, (long)getpid()) < 0) {
        snprintf(why, wlen, "out of memory");
        goto done;
    }
    if (access(obj, R_OK) == 0 && jit_open(e, obj, key, why, wlen) == 0) {
        rc = 0;
        goto done;
    }
    if (nhref_jit_cache_mkdir(dir) != 0 ||
        (fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0) {
        snprintf(why, wlen, "cache directory %s: %s", dir, strerror(errno));
        goto done;
    }
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            snprintf(why, wlen, "lock %s: %s", lock, strerror(errno));
            goto done;
        }
    /* another process may have compiled it meanwhile */
    if (access(obj, R_OK) == 0 && jit_open(e, obj, key, why, wlen) == 0) {
        rc = 0;
        goto done;
    }
    status = jit_text(tape, e->lanes, &text, &len, &unrolled);
    if (status != NHREF_OK) {
        snprintf(why, wlen, "its C text: %s", nhref_strerror(status));
        goto done;
    }
    {
        double t0 = seconds();
        const char *label = tape->label[0] != '\0' ? tape->label : "a tape";
        if (!nhref_jit_quiet())
            fprintf(stderr,
                    "nhref: compiling the %sdouble jets of %s (%zu nodes, %s form; first use, "
                    "cached in %s) ...",
                    e->lanes ? "four-lane " : "", label, tape->nnodes,
                    unrolled ? "unrolled" : "loop", dir);
        if (write_source(src, text, len, key) != 0) {
            snprintf(why, wlen, "cannot write %s: %s", src, strerror(errno));
            if (!nhref_jit_quiet())
                fputs(" failed\n", stderr);
            goto done;
        }
        rc = compile(src, tmp, log, why, wlen);
        if (rc == 0 && rename(tmp, obj) != 0) {
            snprintf(why, wlen, "rename %s: %s", tmp, strerror(errno));
            rc = -1;
        }
        if (!nhref_jit_quiet())
            fprintf(stderr, rc == 0 ? " %.1f s\n" : " failed\n", seconds() - t0);
    }
    if (rc == 0)
        rc = jit_open(e, obj, key, why, wlen);
    if (rc == 0)
        nhref_jit_cache_prune(dir, strrchr(obj, '/') + 1);
done:
    if (src != NULL)
        unlink(src);
    if (tmp != NULL)
        unlink(tmp);
    if (log != NULL)
        unlink(log);
    if (fd >= 0)
        close(fd); /* releases the lock */
    free(text);
    free(dir);
    free(obj);
    free(lock);
    free(src);
    free(tmp);
    free(log);
    return rc;
}

/* the entry of TAPE's object of the kind LANES, looked up or loaded once per process
 * (under jit_lock); NULL when memory is short */
static jit_entry_t *jit_entry(const nhref_tape_t *tape, int lanes)
{
    uint64_t fp[2];
    jit_entry_t *e;
    char why[512] = "";

    nhref_tape_fingerprint(fp, tape);
    for (e = jit_entries; e != NULL; e = e->next)
        if (e->fp[0] == fp[0] && e->fp[1] == fp[1] && e->nnodes == tape->nnodes &&
            e->lanes == lanes)
            return e;
    if ((e = calloc(1, sizeof *e)) == NULL)
        return NULL;
    e->fp[0] = e->gen.fp[0] = fp[0];
    e->fp[1] = e->gen.fp[1] = fp[1];
    e->nnodes = e->gen.nnodes = tape->nnodes;
    e->lanes = lanes;
    snprintf(e->label, sizeof e->label, "%s", tape->label[0] != '\0' ? tape->label : "jit");
    e->gen.model = e->label;
    /* the loop form's models have no four-lane text: interpreted, without a word */
    if (lanes && !nhref_jit_unrolled_form(tape, NHREF_JIT_KMAX)) {
        e->orders[0] = e->orders[1] = NULL;
    } else if (jit_load(e, tape, why, sizeof why) != 0) {
        e->gen.jet = e->gen.jet_fma = NULL;
        e->orders[0] = e->orders[1] = NULL;
        if (!jit_warned++)
            fprintf(stderr, "nhref: warning: the %sdouble jets are interpreted: %s\n",
                    lanes ? "four-lane " : "", why);
    }
    e->next = jit_entries;
    jit_entries = e;
    return e;
}

nhref_jit_lanes_fn nhref_jit_find_lanes(const nhref_tape_t *tape, int fma, nhref_jit_lanes_fn *all)
{
    jit_entry_t *e;
    nhref_jit_lanes_fn f;

    if (all != NULL)
        *all = NULL;
    if (!nhref_jit_enabled() || tape->nstate == 0 || tape->nout < tape->nstate)
        return NULL;
    pthread_mutex_lock(&jit_lock);
    e = jit_entry(tape, 1);
    f = e != NULL ? e->orders[fma != 0] : NULL;
    if (f != NULL && all != NULL)
        *all = e->all[fma != 0];
    pthread_mutex_unlock(&jit_lock);
    return f;
}

int nhref_jit_batch_compiled(const nhref_tape_t *tape)
{
    if (!nhref_jit_enabled())
        return -1;
    if (tape->nstate == 0 || tape->nout < tape->nstate ||
        !nhref_jit_unrolled_form(tape, NHREF_JIT_KMAX))
        return 0;
    return nhref_jit_find_lanes(tape, 0, NULL) != NULL ? 1 : -1;
}

int nhref_jit_compiled_unrolled(const nhref_tape_t *tape)
{
    return nhref_jit_find_d(tape) != NULL && nhref_jit_unrolled_form(tape, NHREF_JIT_KMAX);
}

const gen_jet_t *nhref_jit_find_d(const nhref_tape_t *tape)
{
    jit_entry_t *e;
    const gen_jet_t *g;

    if (!nhref_jit_enabled() || tape->nstate == 0 || tape->nout < tape->nstate)
        return NULL;
    pthread_mutex_lock(&jit_lock);
    e = jit_entry(tape, 0);
    g = e != NULL && e->gen.jet != NULL ? &e->gen : NULL;
    pthread_mutex_unlock(&jit_lock);
    return g;
}

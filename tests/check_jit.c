/* check_jit.c -- the double jets compiled at run time (nhref_jit.h, tape/jit.c) and their
 * cache.
 *
 * The reference is the interpreter (nhref_tape_new_interpreted_d), which every other
 * suite checks against MPFR, the oracle and the golden files: for every built-in model
 * and every model file of data/models, from its default parameters and initial state,
 * every state coefficient to order 20 and to order 7 of the compiled jet's generic
 * variant is the same double, bit for bit, with the same status.  The FMA variant
 * (x86-64 with FMA; _i == 1) rounds its sums differently: the same status, and every
 * coefficient of order k within 2^-40 of the largest order-k coefficient of the states.
 * Then the cache: a second process loads what the first compiled; a corrupt object is
 * compiled again; concurrent processes compile once; the size bound; clear; no
 * compiler or NHREF_JIT=0 give the interpreter's values.
 * The four-lane jets of the batch mode (nhref_batch.h): for every model and model file
 * whose jet has the unrolled form, the orders are compiled too, and lane l of the
 * four-lane jet is, bit for bit and with the same status, the compiled double jet of
 * the variant in use (generic, or FMA) at lane l's state -- four states around the
 * default one.
 *
 * Each test runs in its own process (Check's fork mode) with its own NHREF_CACHE_DIR
 * where it needs an empty cache; the comparison uses the suite's shared cache
 * (tests/Makefile.am), so that the models compiled here serve the other suites. */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ck_mpfr.h"
#include "nhref_jit.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "nhref_tape.h"

int nhref_tape_new_interpreted_d(nhref_tape_d_t **ws, const nhref_tape_t *tape, long prec,
                                 unsigned order);
const char *nhref_tape_generated_d(const nhref_tape_d_t *ws);
int nhref_tape_have_gen_d(void);
int nhref_tape_gen_fma_d(int on);

/* the four-lane interpreter (num/num_v.h; integrate/batch_jet.c) and tape/jit_emit.h */
typedef double lanes_t __attribute__((vector_size(32), aligned(16)));
struct nhref_tape_v;
int nhref_tape_v_new(struct nhref_tape_v **ws, const nhref_tape_t *tape, long prec, unsigned order);
void nhref_tape_v_free(struct nhref_tape_v *ws);
int nhref_tape_v_set_params(struct nhref_tape_v *ws, const lanes_t *params);
int nhref_tape_v_ode_jet(struct nhref_tape_v *ws, const lanes_t *t, const lanes_t *x,
                         unsigned order);
const lanes_t *nhref_tape_v_state_series(const struct nhref_tape_v *ws, size_t i);
const char *nhref_tape_generated_v(const struct nhref_tape_v *ws);
extern _Thread_local int nhref_num_v_split;
int nhref_jit_unrolled_form(const nhref_tape_t *tape, unsigned kmax);

/* P = SYS's parameters (model M) rounded to double */
static void params_d(double *p, nhref_system_t *sys, const nhref_model_t *m)
{
    mpfr_t *pm = malloc((m->nparam + 1) * sizeof *pm);

    ck_assert_ptr_nonnull(pm);
    for (size_t i = 0; i < m->nparam; i++)
        mpfr_init2(pm[i], 53);
    ck_assert_int_eq(nhref_system_params(pm[0], sys), NHREF_OK);
    for (size_t i = 0; i < m->nparam; i++) {
        p[i] = mpfr_get_d(pm[i], MPFR_RNDN);
        mpfr_clear(pm[i]);
    }
    free(pm);
}

/* the jets of SYS (model M) at its defaults: compiled (when the build compiles them) and
 * interpreted, compared as the header says; returns 1 if a compiled jet was compared */
static int compare_jets(const nhref_model_t *m, nhref_system_t *sys, int fma)
{
    const unsigned orders[] = {20, 7};
    nhref_tape_d_t *gen, *ref;
    double *p = malloc((m->nparam + 1) * sizeof *p), *x = malloc(m->nstate * sizeof *x);
    double t = 0.125;
    int compiled;

    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(x);
    params_d(p, sys, m);
    for (size_t i = 0; i < m->nstate; i++)
        x[i] = m->state[i].default_init != NULL ? strtod(m->state[i].default_init, NULL) : 0.25;
    ck_assert_int_eq(nhref_tape_d_new(&gen, nhref_system_rhs_tape(sys), 53, 20), NHREF_OK);
    ck_assert_int_eq(nhref_tape_new_interpreted_d(&ref, nhref_system_rhs_tape(sys), 53, 20),
                     NHREF_OK);
    ck_assert_ptr_null(nhref_tape_generated_d(ref));
    compiled = nhref_tape_generated_d(gen) != NULL;
    if (nhref_tape_have_gen_d() == 1)
        ck_assert_msg(compiled && strcmp(nhref_tape_generated_d(gen), m->name) == 0,
                      "model %s: no compiled jet", m->name);
    ck_assert_int_eq(nhref_tape_d_set_params(gen, m->nparam ? p : NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_set_params(ref, m->nparam ? p : NULL), NHREF_OK);
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        int sg = nhref_tape_d_ode_jet(gen, &t, x, orders[o]);
        int sr = nhref_tape_d_ode_jet(ref, &t, x, orders[o]);
        ck_assert_msg(sg == sr, "model %s, order %u: status %d, interpreted %d", m->name, orders[o],
                      sg, sr);
        for (unsigned k = 0; sr == NHREF_OK && k <= orders[o]; k++) {
            double scale = 0;
            for (size_t i = 0; i < m->nstate; i++)
                scale = fmax(scale, fabs(nhref_tape_d_state_series(ref, i)[k]));
            for (size_t i = 0; i < m->nstate; i++) {
                const double *a = nhref_tape_d_state_series(gen, i);
                const double *b = nhref_tape_d_state_series(ref, i);
                if (!fma)
                    ck_assert_msg(memcmp(a + k, b + k, sizeof *a) == 0,
                                  "model %s, order %u, x%zu coefficient %u: %a, interpreted %a",
                                  m->name, orders[o], i, k, a[k], b[k]);
                else
                    ck_assert_msg(fabs(a[k] - b[k]) <= ldexp(scale, -40),
                                  "model %s, order %u, x%zu coefficient %u: FMA %a, "
                                  "interpreted %a (order-%u scale %g)",
                                  m->name, orders[o], i, k, a[k], b[k], k, scale);
            }
        }
    }
    nhref_tape_d_free(gen);
    nhref_tape_d_free(ref);
    free(p);
    free(x);
    return compiled;
}

/* the four-lane jet of SYS (model M) against the double jet of each lane, as the header
 * says; returns 1 if the lanes were compiled */
static int compare_lanes(const nhref_model_t *m, nhref_system_t *sys)
{
    const unsigned orders[] = {20, 7};
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    struct nhref_tape_v *vws;
    nhref_tape_d_t *dws;
    double *p = malloc((m->nparam + 1) * sizeof *p), *x = malloc(4 * m->nstate * sizeof *x);
    lanes_t *pv = malloc((m->nparam + 1) * sizeof *pv), *xv = malloc(m->nstate * sizeof *xv);
    lanes_t tv = {0.125, 0.125, 0.125, 0.125};
    double t = 0.125;
    int compiled;

    ck_assert(p != NULL && x != NULL && pv != NULL && xv != NULL);
    params_d(p, sys, m);
    for (size_t i = 0; i < m->nparam; i++)
        for (int l = 0; l < 4; l++)
            pv[i][l] = p[i];
    for (size_t i = 0; i < m->nstate; i++) {
        double x0 =
            m->state[i].default_init != NULL ? strtod(m->state[i].default_init, NULL) : 0.25;
        for (int l = 0; l < 4; l++)
            xv[i][l] = x[l * m->nstate + i] = x0 + l * 0x1p-10 * (1 + fabs(x0));
    }
    ck_assert_int_eq(nhref_tape_v_new(&vws, tape, 53, 20), NHREF_OK);
    compiled = nhref_tape_generated_v(vws) != NULL;
    if (nhref_tape_have_gen_d() == 1)
        ck_assert_msg(compiled == nhref_jit_unrolled_form(tape, 20),
                      "model %s: four-lane jet compiled %d, unrolled form %d", m->name, compiled,
                      nhref_jit_unrolled_form(tape, 20));
    ck_assert_int_eq(nhref_tape_v_set_params(vws, m->nparam ? pv : NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_new(&dws, tape, 53, 20), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_set_params(dws, m->nparam ? p : NULL), NHREF_OK);
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        int sv, all_ok = 1;
        nhref_num_v_split = 0;
        sv = nhref_tape_v_ode_jet(vws, &tv, xv, orders[o]);
        for (int l = 0; l < 4; l++) {
            int sd = nhref_tape_d_ode_jet(dws, &t, x + l * m->nstate, orders[o]);
            all_ok &= sd == NHREF_OK;
            for (unsigned k = 0; sv == NHREF_OK && sd == NHREF_OK && !nhref_num_v_split &&
                                 k <= orders[o];
                 k++)
                for (size_t i = 0; i < m->nstate; i++) {
                    double a = nhref_tape_v_state_series(vws, i)[k][l];
                    double b = nhref_tape_d_state_series(dws, i)[k];
                    ck_assert_msg(memcmp(&a, &b, sizeof a) == 0,
                                  "model %s, order %u, lane %d, x%zu coefficient %u: %a, "
                                  "double jet %a",
                                  m->name, orders[o], l, i, k, a, b);
                }
        }
        if (!nhref_num_v_split)
            ck_assert_msg((sv == NHREF_OK) == all_ok,
                          "model %s, order %u: four-lane status %d, lanes' statuses all OK %d",
                          m->name, orders[o], sv, all_ok);
    }
    nhref_tape_v_free(vws);
    nhref_tape_d_free(dws);
    free(p);
    free(x);
    free(pv);
    free(xv);
    return compiled;
}

static const char *top_srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s != NULL ? s : "..";
}

/* every built-in model, then every model file of data/models */
START_TEST(test_jets_match_interpreter)
{
    const int fma = _i == 1;
    size_t ncompiled = 0, nfiles = 0, nlanes = 0;
    char dir[4096];
    DIR *d;
    struct dirent *de;

    if (nhref_tape_gen_fma_d(fma) == 0 && fma) {
        nhref_tape_gen_fma_d(-1);
        return; /* no FMA variant here: the generic one is the default, tested as _i 0 */
    }
    for (size_t mi = 0; mi < nhref_model_count(); mi++) {
        const nhref_model_t *m = nhref_model_get(mi);
        nhref_system_t *sys;
        ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
        ncompiled += (size_t)compare_jets(m, sys, fma);
        nlanes += (size_t)compare_lanes(m, sys);
        nhref_system_free(sys);
    }
    snprintf(dir, sizeof dir, "%s/data/models", top_srcdir());
    d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        char path[4600], err[512];
        nhref_model_file_t *mf;
        nhref_system_t *sys;
        if (n < 7 || strcmp(de->d_name + n - 6, ".model") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        ck_assert_msg(nhref_model_file_read(&mf, path, err, sizeof err) == NHREF_OK, "%s: %s", path,
                      err);
        ck_assert_int_eq(nhref_system_new(&sys, nhref_model_file_model(mf)), NHREF_OK);
        ncompiled += (size_t)compare_jets(nhref_model_file_model(mf), sys, fma);
        nlanes += (size_t)compare_lanes(nhref_model_file_model(mf), sys);
        nhref_system_free(sys);
        nhref_model_file_free(mf);
        nfiles++;
    }
    closedir(d);
    ck_assert_uint_ge(nfiles, 7);
    if (nhref_tape_have_gen_d() == 1)
        ck_assert_uint_eq(ncompiled, nhref_model_count() + nfiles);
    if (nhref_tape_have_gen_d() == 1) /* the sleigh and the skater at least */
        ck_assert_uint_ge(nlanes, 2);
    nhref_tape_gen_fma_d(-1);
}
END_TEST

/* ------------------------------------------------------------------ the cache */
/* a fresh, empty cache directory for this test process */
static void fresh_cache(char *dir, size_t len)
{
    static int serial;
    char cmd[4200];
    snprintf(dir, len, "%s/jit-test-%ld-%d",
             getenv("NHREF_CACHE_DIR") != NULL ? getenv("NHREF_CACHE_DIR") : "/tmp", (long)getpid(),
             serial++);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(setenv("NHREF_CACHE_DIR", dir, 1), 0);
}

static void remove_cache(const char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* the compiled jet of model NAME in a new workspace: 1 compiled, 0 interpreted; the
 * coefficient of order 5 of its first state at the defaults in *C5 */
static int model_jet(const char *name, double *c5)
{
    const nhref_model_t *m = nhref_model_find(name);
    nhref_system_t *sys;
    nhref_tape_d_t *ws;
    double p[16], x[32], t = 0;
    int compiled;

    ck_assert_ptr_nonnull(m);
    ck_assert_uint_le(m->nparam, 16);
    ck_assert_uint_le(m->nstate, 32);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    params_d(p, sys, m);
    for (size_t i = 0; i < m->nstate; i++)
        x[i] = strtod(m->state[i].default_init, NULL);
    ck_assert_int_eq(nhref_tape_d_new(&ws, nhref_system_rhs_tape(sys), 53, 20), NHREF_OK);
    compiled = nhref_tape_generated_d(ws) != NULL;
    ck_assert_int_eq(nhref_tape_d_set_params(ws, m->nparam ? p : NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_ode_jet(ws, &t, x, 20), NHREF_OK);
    *c5 = nhref_tape_d_state_series(ws, 0)[5];
    nhref_tape_d_free(ws);
    nhref_system_free(sys);
    return compiled;
}

/* in a child process (a fresh in-process table): model_jet; exit status 0 compiled, 1
 * interpreted */
static pid_t child_jet(const char *name)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        double c5;
        _exit(model_jet(name, &c5) ? 0 : 1);
    }
    return pid;
}

static int wait_child(pid_t pid)
{
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    return WEXITSTATUS(st);
}

/* the one object's path in DIR (NULL if not exactly one) */
static int count_objects(const char *dir, char *one, size_t len)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;

    if (d == NULL)
        return 0;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l == 67 && strcmp(de->d_name + 64, ".so") == 0) {
            if (one != NULL)
                snprintf(one, len, "%s/%s", dir, de->d_name);
            n++;
        }
    }
    closedir(d);
    return n;
}

START_TEST(test_cache_reuse_and_clear)
{
    char dir[4096], obj[4200];
    size_t n, removed;
    unsigned long long bytes;
    struct stat st;
    FILE *f;

    if (!nhref_jit_enabled())
        return;
    fresh_cache(dir, sizeof dir);
    ck_assert_int_eq(nhref_jit_cache_stat(&n, &bytes), NHREF_OK);
    ck_assert_uint_eq(n, 0); /* no directory yet */
    ck_assert_int_eq(wait_child(child_jet("chaplygin_sleigh")), 0);
    ck_assert_int_eq(count_objects(dir, obj, sizeof obj), 1);
    ck_assert_int_eq(stat(obj, &st), 0);
    ck_assert_int_eq(nhref_jit_cache_stat(&n, &bytes), NHREF_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(bytes, (unsigned long long)st.st_size);
    /* another process loads it: the file is not rewritten */
    ck_assert_int_eq(wait_child(child_jet("chaplygin_sleigh")), 0);
    {
        struct stat st2;
        ck_assert_int_eq(stat(obj, &st2), 0);
        ck_assert_uint_eq(st2.st_ino, st.st_ino);
    }
    /* a corrupt object (truncated) is compiled again, under the same name */
    f = fopen(obj, "w");
    ck_assert_ptr_nonnull(f);
    fputs("not an object", f);
    fclose(f);
    ck_assert_int_eq(wait_child(child_jet("chaplygin_sleigh")), 0);
    ck_assert_int_eq(stat(obj, &st), 0);
    ck_assert_int_gt(st.st_size, 1000);
    /* a file that is not nhref's stays */
    f = fopen("/dev/null", "r");
    fclose(f);
    {
        char other[4200];
        snprintf(other, sizeof other, "%s/README", dir);
        f = fopen(other, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
        ck_assert_int_eq(nhref_jit_cache_clear(&removed), NHREF_OK);
        ck_assert_uint_ge(removed, 2); /* the object and its lock file */
        ck_assert_int_eq(count_objects(dir, NULL, 0), 0);
        ck_assert_int_eq(access(other, F_OK), 0);
    }
    remove_cache(dir);
}
END_TEST

/* four processes start on an empty cache at once: all get the compiled jet, and there is
 * one object */
START_TEST(test_cache_concurrent)
{
    char dir[4096];
    pid_t pid[4];

    if (!nhref_jit_enabled())
        return;
    fresh_cache(dir, sizeof dir);
    for (int i = 0; i < 4; i++)
        pid[i] = child_jet("skater");
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(wait_child(pid[i]), 0);
    ck_assert_int_eq(count_objects(dir, NULL, 0), 1);
    remove_cache(dir);
}
END_TEST

/* NHREF_CACHE_MAX below one object: the older object goes, the one just compiled stays */
START_TEST(test_cache_bound)
{
    char dir[4096], first[4200], now[4200];

    if (!nhref_jit_enabled())
        return;
    fresh_cache(dir, sizeof dir);
    ck_assert_int_eq(setenv("NHREF_CACHE_MAX", "1K", 1), 0);
    ck_assert_int_eq(wait_child(child_jet("chaplygin_sleigh")), 0);
    ck_assert_int_eq(count_objects(dir, first, sizeof first), 1);
    ck_assert_int_eq(wait_child(child_jet("skater")), 0);
    ck_assert_int_eq(count_objects(dir, now, sizeof now), 1);
    ck_assert_str_ne(first, now);
    remove_cache(dir);
}
END_TEST

/* no compiler, or NHREF_JIT=0: interpreted, the same values as a compiled jet's generic
 * variant */
START_TEST(test_no_compiler)
{
    char dir[4096], dir2[4096];
    double a, b, c;
    int fd[2], compiled;
    pid_t pid;

    if (!nhref_jit_enabled())
        return;
    nhref_tape_gen_fma_d(0);
    /* compiled, in a child */
    fresh_cache(dir, sizeof dir);
    ck_assert_int_eq(pipe(fd), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        compiled = model_jet("chaplygin_sleigh", &a);
        _exit(write(fd[1], &a, sizeof a) == sizeof a && compiled ? 0 : 1);
    }
    ck_assert_int_eq(wait_child(pid), 0);
    ck_assert_int_eq(read(fd[0], &a, sizeof a), (ssize_t)sizeof a);
    close(fd[0]);
    close(fd[1]);
    ck_assert_int_eq(count_objects(dir, NULL, 0), 1);
    /* no compiler, on an empty cache: interpreted, the same double */
    fresh_cache(dir2, sizeof dir2);
    ck_assert_int_eq(setenv("NHREF_CC", "/nonexistent/cc", 1), 0);
    ck_assert_int_eq(setenv("NHREF_JIT_QUIET", "1", 1), 0);
    ck_assert_int_eq(model_jet("chaplygin_sleigh", &b), 0); /* the warning goes to stderr */
    ck_assert_int_eq(count_objects(dir2, NULL, 0), 0);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    /* NHREF_JIT=0, with the object in the cache: interpreted */
    ck_assert_int_eq(setenv("NHREF_CACHE_DIR", dir, 1), 0);
    ck_assert_int_eq(unsetenv("NHREF_CC"), 0);
    ck_assert_int_eq(setenv("NHREF_JIT", "0", 1), 0);
    ck_assert_int_eq(nhref_jit_enabled(), 0);
    if (nhref_tape_have_gen_d() == 0) { /* no jets generated at build time either */
        ck_assert_int_eq(wait_child(child_jet("chaplygin_sleigh")), 1);
        ck_assert_int_eq(model_jet("skater", &c), 0);
    }
    ck_assert_int_eq(count_objects(dir, NULL, 0), 1);
    nhref_tape_gen_fma_d(-1);
    remove_cache(dir);
    remove_cache(dir2);
}
END_TEST

START_TEST(test_cache_dir)
{
    char *dir;

    ck_assert_int_eq(setenv("NHREF_CACHE_DIR", "/x/y", 1), 0);
    ck_assert_int_eq(nhref_jit_cache_dir(&dir), NHREF_OK);
    ck_assert_str_eq(dir, "/x/y");
    free(dir);
    ck_assert_int_eq(unsetenv("NHREF_CACHE_DIR"), 0);
    ck_assert_int_eq(setenv("XDG_CACHE_HOME", "/c", 1), 0);
    ck_assert_int_eq(nhref_jit_cache_dir(&dir), NHREF_OK);
    ck_assert_str_eq(dir, "/c/nhref");
    free(dir);
    ck_assert_int_eq(unsetenv("XDG_CACHE_HOME"), 0);
    ck_assert_int_eq(setenv("HOME", "/h", 1), 0);
    ck_assert_int_eq(nhref_jit_cache_dir(&dir), NHREF_OK);
    ck_assert_str_eq(dir, "/h/.cache/nhref");
    free(dir);
    ck_assert_int_eq(unsetenv("HOME"), 0);
    ck_assert_int_eq(nhref_jit_cache_dir(&dir), NHREF_EINVAL);
    ck_assert_ptr_null(dir);
    ck_assert_int_eq(setenv("NHREF_CC", "clang -O1", 1), 0);
    ck_assert_str_eq(nhref_jit_compiler(), "clang -O1");
}
END_TEST

static Suite *jit_suite(void)
{
    Suite *s = suite_create("jit");
    TCase *tc = tcase_create("compiled_jets");
    /* compiling every model and model file on an empty cache: about a minute of CPU */
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, test_jets_match_interpreter, 0, 2);
    suite_add_tcase(s, tc);
    tc = tcase_create("cache");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_cache_reuse_and_clear);
    tcase_add_test(tc, test_cache_concurrent);
    tcase_add_test(tc, test_cache_bound);
    tcase_add_test(tc, test_no_compiler);
    tcase_add_test(tc, test_cache_dir);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(jit_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

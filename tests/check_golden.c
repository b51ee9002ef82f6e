/* check_golden.c -- the golden data (data/golden/<model>/<case>.csv): every file
 * in the catalogue parses, its checksum holds, its certified digits are stated for
 * every column and are consistent with the closed form where the model has one,
 * every case of data/cases has its file, and re-running the cheap cases (<= 40
 * digits) reproduces the file bit for bit.  New golden files are picked up
 * automatically (the loop runs over the directory).
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ck_catalogue.h"
#include "ck_mpfr.h"
#include "certify/certify.h"
#include "nhref.h"

static char **files;
static size_t nfiles;

/* every data/golden/<model>/<case>.csv, sorted */
/* certified digits of column NAME from the metadata: -1 undefined, -2 exact, -3 missing */
static double certified(const nhref_table_t *tab, const char *name)
{
    size_t from = 0;
    const char *v;
    while ((v = nhref_table_meta(tab, "certified", &from)) != NULL) {
        size_t l = strlen(name);
        if (strncmp(v, name, l) == 0 && strncmp(v + l, " = ", 3) == 0) {
            const char *d = v + l + 3;
            if (strncmp(d, "undefined", 9) == 0)
                return -1;
            if (strncmp(d, "exact", 5) == 0)
                return -2;
            return atof(d);
        }
    }
    return -3;
}

/* the error bound of a PROVEN column NAME ("# proven: NAME = PROVEN: |value - true
 * value| <= E max(|value|, 1) ..."): E; -1 if the column is not PROVEN */
static double proven_bound(const nhref_table_t *tab, const char *name)
{
    const char *line, *p;
    size_t from = 0, ln = strlen(name);
    while ((line = nhref_table_meta(tab, "proven", &from)) != NULL)
        if (strncmp(line, name, ln) == 0 && strncmp(line + ln, " = PROVEN: ", 11) == 0 &&
            (p = strstr(line, "<= ")) != NULL)
            return atof(p + 3);
    return -1;
}

static nhref_table_t *read_golden(const char *path, mpfr_prec_t prec)
{
    nhref_table_t *tab;
    char err[512];
    int status = nhref_table_read(&tab, path, prec, err, sizeof err);
    ck_assert_msg(status == NHREF_OK, "%s", err);
    return tab;
}

/* ------------------------------------------------------------------ per-file checks */
START_TEST(test_file_is_well_formed)
{
    const char *path = files[_i];
    nhref_table_t *tab = read_golden(path, 64);
    const char *sha = nhref_table_meta(tab, "sha256", NULL), *model_name, *digits_s;
    const nhref_model_t *m;
    nhref_model_file_t *mf;
    double digits;

    ck_assert_str_eq(nhref_table_meta(tab, "format", NULL), "nhref-golden 4");
    ck_assert_ptr_nonnull(sha);
    ck_assert_msg(strncmp(sha, tab->sha256, 64) == 0, "%s: checksum %.64s, data hash %s", path,
                  sha, tab->sha256);
    model_name = nhref_table_meta(tab, "model", NULL);
    ck_assert_ptr_nonnull(model_name);
    {
        char err[1024];
        ck_assert_msg(nhref_golden_model(&m, &mf, tab, path, err, sizeof err) == NHREF_OK, "%s",
                      err);
    }
    ck_assert_ptr_nonnull(nhref_table_meta(tab, "case", NULL));
    /* the level: PROVEN (every column), PROVEN for some, or VALIDATED; a PROVEN column
     * has its "proven" line, and the file says which route proved it */
    {
        const char *lv = nhref_table_meta(tab, "level", NULL), *line;
        size_t from = 0, nproven = 0, nlines = 0;
        ck_assert_ptr_nonnull(lv);
        ck_assert_msg(strncmp(lv, "PROVEN (every column", 20) == 0 ||
                          strncmp(lv, "PROVEN for ", 11) == 0 ||
                          strcmp(lv, "VALIDATED (independent routes agree; not a rigorous bound)") ==
                              0,
                      "%s: level '%s'", path, lv);
        while ((line = nhref_table_meta(tab, "proven", &from)) != NULL) {
            nlines++;
            nproven += strstr(line, " = PROVEN: ") != NULL;
        }
        ck_assert_msg((lv[0] == 'P') == (nproven > 0), "%s: level '%s', %zu PROVEN columns", path,
                      lv, nproven);
        if (strncmp(lv, "PROVEN (every column", 20) == 0)
            ck_assert_uint_eq(nproven, nlines);
    }
    digits_s = nhref_table_meta(tab, "digits", NULL);
    ck_assert_ptr_nonnull(digits_s);
    digits = atof(digits_s);
    /* columns: t, the state, the integrals, in the model's order, then the row digits
     * in the two measures (mixed, significant) */
    ck_assert_uint_eq(tab->ncol, 3 + m->nstate + m->nintegral);
    ck_assert_str_eq(tab->name[tab->ncol - 2], "digits");
    ck_assert_str_eq(tab->name[tab->ncol - 1], "sig_digits");
    ck_assert_str_eq(tab->name[0], "t");
    for (size_t k = 0; k < m->nstate; k++)
        ck_assert_str_eq(tab->name[1 + k], m->state[k].name);
    for (size_t k = 0; k < m->nintegral; k++)
        ck_assert_str_eq(tab->name[1 + m->nstate + k], m->integral[k].name);
    /* every column states its certified digits, never more than were asked for */
    ck_assert(certified(tab, "t") == -2);
    /* each row's digits: at most what was asked, significant at most mixed, and the
     * column minimum over rows is what every defined column states (it is the minimum
     * over rows and routes; a column whose routes disagree by a NaN is left out of
     * the rows: NaN is never a digit count) */
    {
        double minrow = 1e9, mincol = 1e9;
        for (size_t r = 0; r < tab->nrow; r++) {
            double d = mpfr_get_d(tab->v + r * tab->ncol + tab->ncol - 2, MPFR_RNDN);
            double sg = mpfr_get_d(tab->v + r * tab->ncol + tab->ncol - 1, MPFR_RNDN);
            ck_assert(d >= 0 && d <= digits);
            ck_assert_msg(sg >= 0 && sg <= d, "%s:%zu: sig_digits %g, digits %g", path,
                          tab->line[r], sg, d);
            minrow = fmin(minrow, d);
        }
        for (size_t k = 1; k + 2 < tab->ncol; k++) {
            double cc = certified(tab, tab->name[k]);
            size_t from = 0;
            const char *line;
            int nan_route = 0;
            while ((line = nhref_table_meta(tab, "certified", &from)) != NULL)
                if (strncmp(line, tab->name[k], strlen(tab->name[k])) == 0 &&
                    strncmp(line + strlen(tab->name[k]), " = ", 3) == 0)
                    nan_route = strstr(line, "NaN in a route") != NULL;
            if (cc >= 0 && !nan_route)
                mincol = fmin(mincol, cc);
        }
        ck_assert_msg(fabs(minrow - mincol) < 0.5, "%s: rows certify %g digits, columns %g",
                      path, minrow, mincol);
    }
    /* a case's event: "NAME at t = VALUE (certified N digits; ...)" */
    {
        const char *ev = nhref_table_meta(tab, "event", NULL);
        if (ev != NULL) {
            const char *cd = strstr(ev, "(certified ");
            ck_assert_msg(strstr(ev, " at t = ") != NULL && cd != NULL, "%s: event line '%s'",
                          path, ev);
            ck_assert(atof(cd + 11) >= 0 && atof(cd + 11) <= digits);
        }
    }
    for (size_t k = 1; k + 2 < tab->ncol; k++) {
        double c = certified(tab, tab->name[k]);
        ck_assert_msg(c >= -1, "%s: no certified line for column %s", path, tab->name[k]);
        ck_assert_msg(c <= digits, "%s: %s certified to %g > %g digits asked", path,
                      tab->name[k], c, digits);
        /* each value is printed with at least the certified digits */
        if (c > 0)
            for (size_t r = 0; r < tab->nrow; r++) {
                const char *txt = tab->text[r * tab->ncol + k];
                size_t nd = 0;
                for (const char *q = txt; *q != '\0' && *q != 'e'; q++)
                    nd += *q >= '0' && *q <= '9';
                ck_assert_msg((double)nd >= c, "%s:%zu: %s printed with %zu digits < %g", path,
                              tab->line[r], tab->name[k], nd, c);
            }
    }
    nhref_table_free(tab);
    nhref_model_file_free(mf);
}
END_TEST

/* the file's values agree with the closed form to the digits it certifies */
START_TEST(test_consistent_with_closed_form)
{
    const char *path = files[_i];
    nhref_table_t *tab = read_golden(path, 64);
    const nhref_model_t *m;
    const nhref_oracle_t *o;
    nhref_model_file_t *mf;
    char err[1024];
    mpfr_prec_t prec;
    __mpfr_struct *p, *s0, *s, *I;
    mpfr_t t, one, tiny;
    void *sol;
    char name[128], value[128];
    size_t from;
    const char *v;

    ck_assert_msg(nhref_golden_model(&m, &mf, tab, path, err, sizeof err) == NHREF_OK, "%s", err);
    o = nhref_model_oracle(m); /* a built-in's oracle, or a model file's [solution] */
    if (!nhref_oracle_has_solution(o)) {
        nhref_table_free(tab);
        nhref_model_file_free(mf);
        return; /* nothing to compare with: certified by the numerical routes only */
    }
    prec = (mpfr_prec_t)ceil(atof(nhref_table_meta(tab, "digits", NULL)) * 3.33) + 96;
    nhref_table_free(tab);
    tab = read_golden(path, prec);
    p = malloc(m->nparam * sizeof *p);
    s0 = malloc(m->nstate * sizeof *s0);
    s = malloc(m->nstate * sizeof *s);
    I = malloc((m->nintegral ? m->nintegral : 1) * sizeof *I);
    for (size_t k = 0; k < m->nparam; k++)
        mpfr_init2(p + k, prec);
    for (size_t k = 0; k < m->nstate; k++)
        mpfr_inits2(prec, s0 + k, s + k, (mpfr_ptr)0);
    for (size_t k = 0; k < m->nintegral; k++)
        mpfr_init2(I + k, prec);
    mpfr_inits2(prec, t, one, tiny, (mpfr_ptr)0);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    mpfr_set_ui_2exp(tiny, 1, -1000000, MPFR_RNDN); /* scale: relative digits */
    from = 0;
    while ((v = nhref_table_meta(tab, "param", &from)) != NULL) {
        int k;
        ck_name_value(v, name, value, sizeof name);
        k = nhref_model_param_index(m, name);
        ck_assert_int_ge(k, 0);
        mpfr_set_str(p + k, value, 10, MPFR_RNDN);
    }
    from = 0;
    while ((v = nhref_table_meta(tab, "init", &from)) != NULL) {
        int k;
        ck_name_value(v, name, value, sizeof name);
        k = nhref_model_state_index(m, name);
        ck_assert_int_ge(k, 0);
        mpfr_set_str(s0 + k, value, 10, MPFR_RNDN);
    }
    {
        int status;
        mpfr_set_str(t, nhref_table_meta(tab, "t-start", NULL), 10, MPFR_RNDN);
        ck_assert(mpfr_zero_p(t)); /* the closed form below is evaluated at t - 0 */
        status = nhref_oracle_solution_new(o, &sol, p, s0, t, prec);
        if (status == NHREF_ENOTFOUND) /* no closed form for these parameters */
            goto done;
        ck_assert_int_eq(status, NHREF_OK);
    }
    for (size_t r = 0; r < tab->nrow; r++) {
        mpfr_set(t, tab->v + r * tab->ncol, MPFR_RNDN);
        ck_assert_int_eq(o->solution_state(s, sol, t), NHREF_OK);
        if (o->integrals != NULL)
            o->integrals(I, p, s, t);
        /* a model file's [solution] gives the state only: its integral columns are the
         * file's own formulas, certified by the numerical and proven routes */
        for (size_t k = 0; k < m->nstate + (o->integrals != NULL ? m->nintegral : 0); k++) {
            mpfr_srcptr want = k < m->nstate ? s + k : I + (k - m->nstate);
            mpfr_srcptr got = tab->v + r * tab->ncol + 1 + k;
            double c = certified(tab, tab->name[1 + k]);
            double d = nhref_oracle_agree_digits(got, want, one);
            if (c < 0) { /* undefined: NaN in the file and in the closed form */
                ck_assert(mpfr_nan_p(got));
                continue;
            }
            ck_assert_msg(d >= c, "%s:%zu: %s agrees with the closed form to %.2f digits, "
                                  "certified %g",
                          path, tab->line[r], tab->name[1 + k], d, c);
            /* a PROVEN column's error bound holds against the closed form (computed at
             * 96 more bits than the file's digits: its own error is far below) */
            {
                double eb = proven_bound(tab, tab->name[1 + k]);
                if (eb >= 0 && !mpfr_nan_p(got)) {
                    /* the claim, at most what the closed form itself resolves (its own
                     * error: some units of 2^-prec, prec - 30 bits kept) */
                    double claim = fmin(eb > 0 ? -log10(eb) : NHREF_ORACLE_DIGITS_EXACT,
                                        (double)(prec - 30) * 0.30102999566398119521);
                    ck_assert_msg(d >= claim - 1e-6,
                                  "%s:%zu: %s is %.2f digits from the closed form, the proof "
                                  "claims an error below %g",
                                  path, tab->line[r], tab->name[1 + k], d, eb);
                }
            }
            /* the row's significant digits: every value of the row has them (relative
             * measure), unless it is 0 to its certified decimal places, below
             * 10^(1 - digits of the row) in magnitude */
            if (!mpfr_zero_p(want)) {
                double dr = nhref_oracle_agree_digits(got, want, tiny);
                double rd = mpfr_get_d(tab->v + r * tab->ncol + tab->ncol - 2, MPFR_RNDN);
                double rs = mpfr_get_d(tab->v + r * tab->ncol + tab->ncol - 1, MPFR_RNDN);
                ck_assert_msg(dr >= rs || fabs(mpfr_get_d(got, MPFR_RNDN)) < pow(10, 1 - rd),
                              "%s:%zu: %s = %s agrees with the closed form to %.2f significant "
                              "digits, the row certifies %g",
                              path, tab->line[r], tab->name[1 + k],
                              tab->text[r * tab->ncol + 1 + k], dr, rs);
            }
        }
    }
    o->solution_free(sol);
done:
    for (size_t k = 0; k < m->nparam; k++)
        mpfr_clear(p + k);
    for (size_t k = 0; k < m->nstate; k++)
        mpfr_clears(s0 + k, s + k, (mpfr_ptr)0);
    for (size_t k = 0; k < m->nintegral; k++)
        mpfr_clear(I + k);
    mpfr_clears(t, one, tiny, (mpfr_ptr)0);
    free(p);
    free(s0);
    free(s);
    free(I);
    nhref_table_free(tab);
    nhref_model_file_free(mf);
}
END_TEST

/* the steps of the proven route ("# route: proven: ..., N steps"), 0 if none */
static unsigned long proven_steps(const nhref_table_t *tab)
{
    const char *line, *p;
    size_t from = 0;
    while ((line = nhref_table_meta(tab, "route", &from)) != NULL)
        if (strncmp(line, "proven: ", 8) == 0 && (p = strstr(line, " bits, tolerance ")) != NULL &&
            (p = strchr(p + 17, ',')) != NULL)
            return strtoul(p + 1, NULL, 10);
    return 0;
}

/* regenerating a cheap case (<= 40 digits, at most 400 proven steps) writes the same
 * bytes */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *b;
    long n;
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    b = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* the '# model-file: REL (...)' line of the golden file PATH (its text BUF, *LEN bytes),
 * cut out of BUF: the file it names (realpath), or NULL if there is no such line */
static char *cut_model_file(char *buf, size_t *len, const char *path)
{
    static const char key[] = "\n# model-file: ";
    char *at = strstr(buf, key), *end, rel[2048], *full;
    const char *slash = strrchr(path, '/');
    if (at == NULL)
        return NULL;
    end = strchr(at + 1, '\n');
    snprintf(rel, sizeof rel, "%.*s/%.*s", (int)(slash - path), path,
             (int)strcspn(at + sizeof key - 1, " \n"), at + sizeof key - 1);
    full = realpath(rel, NULL);
    ck_assert_msg(full != NULL, "%s: its model file %s does not exist", path, rel);
    memmove(at, end, (size_t)(buf + *len - end) + 1);
    *len -= (size_t)(end - at);
    return full;
}

/* CASES_PATH = the case file of data/cases that has case CNAME of MODEL: MODEL.cases
 * for a built-in, or the one that names the model file */
static void find_cases_file(char *cases_path, size_t len, const char *model, const char *cname)
{
    char dir[1024];
    DIR *d;
    struct dirent *e;
    snprintf(cases_path, len, "%s/data/cases/%s.cases", ck_top_srcdir(), model);
    if (access(cases_path, R_OK) == 0)
        return;
    snprintf(dir, sizeof dir, "%s/data/cases", ck_top_srcdir());
    ck_assert_ptr_nonnull(d = opendir(dir));
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name), n;
        nhref_case_t *cases;
        char err[512];
        int found = 0;
        if (l < 7 || strcmp(e->d_name + l - 6, ".cases") != 0)
            continue;
        if ((size_t)snprintf(cases_path, len, "%s/%s", dir, e->d_name) >= len)
            continue; /* a path too long for CASES_PATH: not a case file of ours */
        ck_assert_msg(nhref_cases_read(&cases, &n, cases_path, err, sizeof err) == NHREF_OK, "%s",
                      err);
        for (size_t i = 0; i < n; i++)
            found |= strcmp(cases[i].model, model) == 0 && strcmp(cases[i].name, cname) == 0;
        nhref_cases_free(cases, n);
        if (found) {
            closedir(d);
            return;
        }
    }
    closedir(d);
    ck_abort_msg("no case file of data/cases has case [%s] of %s", cname, model);
}

START_TEST(test_regenerates_bit_for_bit)
{
    const char *path = files[_i];
    nhref_table_t *tab = read_golden(path, 64);
    const char *model = nhref_table_meta(tab, "model", NULL), *cname;
    char cases_path[1024], tmpdir[] = "/tmp/nhref-golden-XXXXXX", out[1400], err[512];
    nhref_case_t *cases;
    size_t n, la, lb;
    char *a, *b;
    int found = 0;

    if (atof(nhref_table_meta(tab, "digits", NULL)) > 40 || proven_steps(tab) > 400) {
        nhref_table_free(tab); /* expensive: `make golden` regenerates it */
        return;
    }
    cname = nhref_table_meta(tab, "case", NULL);
    find_cases_file(cases_path, sizeof cases_path, model, cname);
    ck_assert_msg(nhref_cases_read(&cases, &n, cases_path, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    for (size_t i = 0; i < n; i++)
        if (strcmp(cases[i].name, cname) == 0) {
            found = 1;
            ck_assert_msg(nhref_golden_make(&cases[i], tmpdir, NULL, NULL, err, sizeof err) ==
                              NHREF_OK,
                          "%s", err);
        }
    ck_assert_msg(found, "%s: case [%s] is not in %s", path, cname, cases_path);
    snprintf(out, sizeof out, "%s/%s/%s.csv", tmpdir, model, cname);
    a = slurp(path, &la);
    b = slurp(out, &lb);
    /* a model file is named relative to the golden file's directory: both lines name
     * the same file, and the rest is identical */
    {
        char *fa = cut_model_file(a, &la, path), *fb = cut_model_file(b, &lb, out);
        ck_assert_msg((fa == NULL) == (fb == NULL) && (fa == NULL || strcmp(fa, fb) == 0),
                      "%s: the regenerated file names another model file (%s, %s)", path,
                      fa ? fa : "none", fb ? fb : "none");
        free(fa);
        free(fb);
    }
    ck_assert_msg(la == lb && memcmp(a, b, la) == 0,
                  "%s: regenerating case [%s] changed the file (run `make golden` and review)",
                  path, cname);
    unlink(out);
    snprintf(out, sizeof out, "%s/%s", tmpdir, model);
    rmdir(out);
    rmdir(tmpdir);
    free(a);
    free(b);
    nhref_cases_free(cases, n);
    nhref_table_free(tab);
}
END_TEST

/* ------------------------------------------------------------------ the catalogue */
/* every case of every data/cases/NAME.cases file has its golden file */
START_TEST(test_every_case_has_a_file)
{
    char dir[1024];
    DIR *d;
    struct dirent *e;
    size_t ncases = 0;

    snprintf(dir, sizeof dir, "%s/data/cases", ck_top_srcdir());
    d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name), n;
        char path[1300], err[512];
        nhref_case_t *cases;
        if (l < 7 || strcmp(e->d_name + l - 6, ".cases") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ck_assert_msg(nhref_cases_read(&cases, &n, path, err, sizeof err) == NHREF_OK, "%s", err);
        for (size_t i = 0; i < n; i++) {
            char g[1600];
            struct stat sb;
            snprintf(g, sizeof g, "%s/data/golden/%s/%s.csv", ck_top_srcdir(), cases[i].model,
                     cases[i].name);
            ck_assert_msg(stat(g, &sb) == 0, "case [%s] of %s has no golden file %s (make golden)",
                          cases[i].name, path, g);
            ncases++;
        }
        nhref_cases_free(cases, n);
    }
    closedir(d);
    ck_assert_uint_eq(ncases, nfiles);
}
END_TEST

/* a damaged golden file is caught: one changed digit breaks the checksum */
START_TEST(test_checksum_catches_damage)
{
    size_t len;
    char *a = slurp(files[0], &len), tmp[] = "/tmp/nhref-damaged-XXXXXX";
    int fd = mkstemp(tmp);
    char *last = strrchr(a, '\n'), *q;
    nhref_table_t *tab;
    FILE *f;

    ck_assert_int_ge(fd, 0);
    /* change the last digit 0-8 of the last row up by one */
    *last = '\0';
    q = strrchr(a, '\n');
    *last = '\n';
    for (char *r = last; r > q; r--)
        if (*r >= '0' && *r <= '8') {
            (*r)++;
            break;
        }
    f = fdopen(fd, "wb");
    fwrite(a, 1, len, f);
    fclose(f);
    tab = read_golden(tmp, 64);
    ck_assert_msg(strncmp(nhref_table_meta(tab, "sha256", NULL), tab->sha256, 64) != 0,
                  "the checksum did not notice a changed digit");
    nhref_table_free(tab);
    unlink(tmp);
    free(a);
}
END_TEST

/* ------------------------------------------------------------------ making cases */
static char made_dir[64];

/* certify the one case of TEXT (a case file) into a fresh directory; the status of
 * nhref_golden_make, its message in ERR */
static int make_one(const char *text, char *err, size_t errlen)
{
    char cpath[] = "/tmp/nhref-case-XXXXXX";
    int fd = mkstemp(cpath), status;
    nhref_case_t *cases;
    size_t n;
    FILE *f;

    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    status = nhref_cases_read(&cases, &n, cpath, err, errlen);
    unlink(cpath);
    ck_assert_msg(status == NHREF_OK && n == 1, "%s", err);
    strcpy(made_dir, "/tmp/nhref-made-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(made_dir));
    status = nhref_golden_make(&cases[0], made_dir, NULL, NULL, err, errlen);
    nhref_cases_free(cases, n);
    return status;
}

/* the file MODEL/CASE.csv made by make_one, read at PREC bits, then removed */
static nhref_table_t *take_made(const char *model, const char *cname, mpfr_prec_t prec)
{
    char path[256];
    nhref_table_t *tab;
    snprintf(path, sizeof path, "%s/%s/%s.csv", made_dir, model, cname);
    tab = read_golden(path, prec);
    unlink(path);
    snprintf(path, sizeof path, "%s/%s", made_dir, model);
    rmdir(path);
    rmdir(made_dir);
    return tab;
}

/* t-start != 0: the grid starts there (it started at 0: 'invalid argument'), and the
 * closed form is used, at t - t-start; the sleigh is autonomous, so the rows equal
 * those of the same initial state at t-start = 0, shifted */
START_TEST(test_t_start_shifts_the_case)
{
    char err[512];
    nhref_table_t *a, *b;

    ck_assert_msg(make_one("model = chaplygin_sleigh\ndigits = 20\n[s]\nt-start = 1.5\n"
                           "t-end = 3.5\ndt-out = 1\n",
                           err, sizeof err) == NHREF_OK,
                  "%s", err);
    a = take_made("chaplygin_sleigh", "s", 64);
    ck_assert_msg(make_one("model = chaplygin_sleigh\ndigits = 20\n[z]\ntimes = 0, 1, 2\n", err,
                           sizeof err) == NHREF_OK,
                  "%s", err);
    b = take_made("chaplygin_sleigh", "z", 64);
    ck_assert_str_eq(nhref_table_meta(a, "t-start", NULL), "1.5");
    ck_assert_uint_eq(a->nrow, 3);
    ck_assert_str_eq(a->text[0], "1.5");
    ck_assert_str_eq(a->text[2 * a->ncol], "3.5");
    {
        /* a closed-form route was used */
        size_t from = 0;
        const char *r;
        int cf = 0;
        while ((r = nhref_table_meta(a, "route", &from)) != NULL)
            cf |= strncmp(r, "closed-form", 11) == 0;
        ck_assert(cf);
    }
    /* the state columns (not t, not the integral t0 = t - ..., not digits) agree */
    for (size_t r = 0; r < 3; r++)
        for (size_t k = 1; k <= 5; k++)
            ck_assert_msg(strcmp(a->text[r * a->ncol + k], b->text[r * b->ncol + k]) == 0,
                          "row %zu column %s: %s vs %s", r, a->name[k], a->text[r * a->ncol + k],
                          b->text[r * b->ncol + k]);
    nhref_table_free(a);
    nhref_table_free(b);
}
END_TEST

/* ------------------------------------------------------------------ the rules */
/* the certification of one column (nhref_golden_certify_column) on made-up routes,
 * against the rules of docs/golden.md: the two measures, and NaN never a digit count */
static void set_col(mpfr_ptr x, const char *const *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        mpfr_init2(x + i, 256);
        if (strcmp(s[i], "nan") == 0)
            mpfr_set_nan(x + i);
        else
            mpfr_set_str(x + i, s[i], 10, MPFR_RNDN);
    }
}

static void clear_col(mpfr_ptr x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpfr_clear(x + i);
}

START_TEST(test_certify_column_rules)
{
    enum { N = 4 };
    __mpfr_struct v[N], a[N], b[N];
    mpfr_srcptr r[2] = {a, b};
    const size_t st[2] = {1, 1};
    double rowmin[N], sigrow[N];
    nhref_golden_column_t col;

#define RESET()                                                                                   \
    for (int i = 0; i < N; i++)                                                                  \
    rowmin[i] = sigrow[i] = NHREF_ORACLE_DIGITS_EXACT

    /* tiny values: 3e-34 agreeing to 1e-46 absolute has 44 decimal places but 12
     * significant digits; a 0 matched to 1e-41 has none; 2 and 0.5 are ordinary */
    {
        static const char *vs[N] = {"2", "3e-34", "0", "0.5"};
        static const char *as[N] = {"2.000000000000000000000000000000000000000000001",
                                    "3.000000000001e-34", "1e-41", "0.5"};
        set_col(v, vs, N);
        set_col(a, as, N);
        RESET();
        nhref_golden_certify_column(&col, N, v, 1, 1, r, st, 40, rowmin, sigrow);
        ck_assert(col.certified == 40); /* mixed: min(45.3, 46, 41) - 1 capped at 40 */
        ck_assert_uint_eq(col.nsmall, 3);
        ck_assert_uint_eq(col.nzero, 1);
        ck_assert_uint_eq(col.tiny_row, 2);
        ck_assert_msg(col.significant == 11, "significant %g", col.significant); /* 12.0 - 1 */
        ck_assert(floor(sigrow[1]) == 12 && floor(rowmin[1]) == 46);
        ck_assert(sigrow[2] == NHREF_ORACLE_DIGITS_EXACT && floor(rowmin[2]) == 41);
        ck_assert(sigrow[3] == NHREF_ORACLE_DIGITS_EXACT);
        clear_col(v, N);
        clear_col(a, N);
    }
    /* NaN in the values (a monitoring column undefined on some rows; the oracle may be
     * defined there): left out of the column and of the rows -- never 0 */
    {
        static const char *vs[N] = {"1", "nan", "nan", "4"};
        static const char *as[N] = {"1", "7", "nan", "4.00000000000000000001"};
        set_col(v, vs, N);
        set_col(a, as, N);
        RESET();
        nhref_golden_certify_column(&col, N, v, 1, 1, r, st, 40, rowmin, sigrow);
        ck_assert(col.certified == 19); /* 4 vs 4 + 1e-20: 20.6 - 1 */
        ck_assert(!col.mismatch);
        ck_assert_uint_eq(col.nundef, 2);
        ck_assert_uint_eq(col.nelsewhere, 1);
        ck_assert(rowmin[1] == NHREF_ORACLE_DIGITS_EXACT && rowmin[2] == NHREF_ORACLE_DIGITS_EXACT);
        clear_col(v, N);
        clear_col(a, N);
    }
    /* a route NaN where the values are defined: the column's disagreement (0), not its
     * rows' (the other route still counts there) */
    {
        static const char *vs[N] = {"1", "2", "3", "4"};
        static const char *as[N] = {"1", "nan", "3", "4"};
        static const char *bs[N] = {"1", "2.000000000000001", "3", "4"};
        set_col(v, vs, N);
        set_col(a, as, N);
        set_col(b, bs, N);
        RESET();
        nhref_golden_certify_column(&col, N, v, 1, 2, r, st, 40, rowmin, sigrow);
        ck_assert(col.mismatch && col.certified == 0);
        ck_assert(floor(rowmin[1]) == 15); /* from route b; route a's NaN is left out */
        clear_col(v, N);
        clear_col(a, N);
        clear_col(b, N);
    }
    /* NaN everywhere (hcat's column): undefined, the rows untouched -- the same rule */
    {
        static const char *vs[N] = {"nan", "nan", "nan", "nan"};
        set_col(v, vs, N);
        set_col(a, vs, N);
        RESET();
        nhref_golden_certify_column(&col, N, v, 1, 1, r, st, 40, rowmin, sigrow);
        ck_assert(col.certified == -1);
        for (int i = 0; i < N; i++)
            ck_assert(rowmin[i] == NHREF_ORACLE_DIGITS_EXACT);
        clear_col(v, N);
        clear_col(a, N);
    }
#undef RESET
}
END_TEST

/* the case of issue 16 item 12: omega(60) = 3.3e-34 of the sleigh with m = 2, J = 1,
 * a = -0.6, s0 = (1, 2, 3, 0.3, -2) certified 40 (mixed) had 26.5 correct
 * significant digits; the file now states both measures, and the significant digits
 * it states hold against the closed form (oracle, 300 bits) */
START_TEST(test_tiny_values_two_measures)
{
    char err[512];
    nhref_table_t *g;
    const char *line = NULL, *l;
    size_t from = 0, r;
    mpfr_t p[3], s0[5], s[5], t, tiny;
    void *sol;
    const nhref_oracle_t *o = nhref_oracle_find("chaplygin_sleigh");
    static const char *ps[3] = {"2", "1", "-0.6"}, *xs[5] = {"1", "2", "3", "0.3", "-2"};

    ck_assert_msg(make_one("model = chaplygin_sleigh\ndigits = 40\n[tiny]\nparam m = 2\n"
                           "param J = 1\nparam a = -0.6\ninit x = 1\ninit y = 2\ninit phi = 3\n"
                           "init v = 0.3\ninit omega = -2\ntimes = 0, 30, 60\n",
                           err, sizeof err) == NHREF_OK,
                  "%s", err);
    g = take_made("chaplygin_sleigh", "tiny", 300);
    while ((l = nhref_table_meta(g, "certified", &from)) != NULL)
        if (strncmp(l, "omega = ", 8) == 0)
            line = l;
    ck_assert_ptr_nonnull(line);
    ck_assert_msg(strstr(line, "where |omega| < 1 (2 rows, down to 3.3e-34 at t = 60): "
                               "significant ") != NULL,
                  "%s", line);
    r = 2;
    ck_assert_str_eq(g->text[r * g->ncol], "60");
    {
        double d = mpfr_get_d(g->v + r * g->ncol + g->ncol - 2, MPFR_RNDN);
        double sg = mpfr_get_d(g->v + r * g->ncol + g->ncol - 1, MPFR_RNDN), dr;
        for (int i = 0; i < 3; i++) {
            mpfr_init2(p[i], 300);
            mpfr_set_str(p[i], ps[i], 10, MPFR_RNDN);
        }
        for (int i = 0; i < 5; i++) {
            mpfr_inits2(300, s0[i], s[i], (mpfr_ptr)0);
            mpfr_set_str(s0[i], xs[i], 10, MPFR_RNDN);
        }
        mpfr_inits2(300, t, tiny, (mpfr_ptr)0);
        mpfr_set_ui(t, 60, MPFR_RNDN);
        mpfr_set_ui_2exp(tiny, 1, -100000, MPFR_RNDN);
        ck_assert_int_eq(o->solution_new(&sol, p[0], s0[0], 300), NHREF_OK);
        ck_assert_int_eq(o->solution_state(s[0], sol, t), NHREF_OK);
        o->solution_free(sol);
        dr = nhref_oracle_agree_digits(g->v + r * g->ncol + 5, s[4], tiny);
        printf("omega(60) = %s: %.1f significant digits against the closed form; the file "
               "certifies %g (mixed %g)\n",
               g->text[r * g->ncol + 5], dr, sg, d);
        ck_assert(sg < d);           /* the two measures differ here */
        ck_assert(sg >= 1 && dr >= sg); /* and the significant digits stated hold */
        for (int i = 0; i < 3; i++)
            mpfr_clear(p[i]);
        for (int i = 0; i < 5; i++)
            mpfr_clears(s0[i], s[i], (mpfr_ptr)0);
        mpfr_clears(t, tiny, (mpfr_ptr)0);
    }
    nhref_table_free(g);
}
END_TEST

/* a route value outside a proven ball stops nhref golden with an error: the check can
 * fail (the test hook shifts every ball by 1e-12 relative: a wrong proof) */
START_TEST(test_route_outside_a_ball_is_an_error)
{
    static const char *text = "model = chaplygin_sleigh\ndigits = 20\n[sleigh-short]\n"
                              "init v = 1\ninit omega = 0.5\ntimes = 0, 1, 2\n";
    char err[1024];
    int status;

    nhref_golden_test_proven_shift = 1e-12;
    status = make_one(text, err, sizeof err);
    nhref_golden_test_proven_shift = 0;
    ck_assert_int_eq(status, NHREF_ETOLERANCE);
    ck_assert_msg(strstr(err, "lies outside the proven ball") != NULL &&
                      strstr(err, "case [sleigh-short]") != NULL,
                  "%s", err);
    rmdir(made_dir);
    /* without the hook the same case is PROVEN in every column */
    ck_assert_msg(make_one(text, err, sizeof err) == NHREF_OK, "%s", err);
    {
        nhref_table_t *tab = take_made("chaplygin_sleigh", "sleigh-short", 64);
        ck_assert_str_eq(nhref_table_meta(tab, "level", NULL),
                         "PROVEN (every column: the proven route encloses the true values within "
                         "their certified digits; see 'proven')");
        nhref_table_free(tab);
    }
}
END_TEST

/* the proven route runs a second time, at D + 24 digits, when the first run's balls do
 * not keep every certified column (the hook makes the first run 20 digits short) */
START_TEST(test_proven_second_run)
{
    static const char *text = "model = chaplygin_sleigh\ndigits = 20\n[sleigh-short]\n"
                              "init v = 1\ninit omega = 0.5\ntimes = 0, 1, 2\n";
    char err[1024];
    for (int hook = 1; hook >= 0; hook--) {
        nhref_table_t *tab;
        const char *second;
        nhref_golden_test_proven_first_less = hook ? 20 : 0;
        ck_assert_msg(make_one(text, err, sizeof err) == NHREF_OK, "%s", err);
        nhref_golden_test_proven_first_less = 0;
        tab = take_made("chaplygin_sleigh", "sleigh-short", 64);
        ck_assert_str_eq(nhref_table_meta(tab, "level", NULL),
                         "PROVEN (every column: the proven route encloses the true values within "
                         "their certified digits; see 'proven')");
        second = NULL;
        {
            size_t from = 0, nproven = 0;
            const char *v;
            while ((v = nhref_table_meta(tab, "route", &from)) != NULL) {
                if (strncmp(v, "proven: ", 8) == 0) {
                    nproven++;
                    ck_assert_msg(strlen(v) > 20, "an empty proven route line: '%s'", v);
                }
                if (strstr(v, "that is a second run") != NULL)
                    second = v;
            }
            ck_assert_uint_eq(nproven, hook ? 2 : 1);
        }
        if (hook)
            ck_assert_msg(second != NULL && strstr(second, "tolerance 1e-8,") != NULL,
                          "no second run recorded");
        else
            ck_assert_msg(second == NULL, "a second run without need: %s", second);
        nhref_table_free(tab);
    }
}
END_TEST

static Suite *golden_suite(void)
{
    Suite *s = suite_create("golden");
    TCase *tc = tcase_create("files");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_file_is_well_formed, 0, (int)nfiles);
    tcase_add_loop_test(tc, test_consistent_with_closed_form, 0, (int)nfiles);
    tcase_add_loop_test(tc, test_regenerates_bit_for_bit, 0, (int)nfiles);
    suite_add_tcase(s, tc);
    tc = tcase_create("catalogue");
    tcase_add_test(tc, test_every_case_has_a_file);
    tcase_add_test(tc, test_checksum_catches_damage);
    suite_add_tcase(s, tc);
    tc = tcase_create("make");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_t_start_shifts_the_case);
    tcase_add_test(tc, test_certify_column_rules);
    tcase_add_test(tc, test_tiny_values_two_measures);
    tcase_add_test(tc, test_route_outside_a_ball_is_an_error);
    tcase_add_test(tc, test_proven_second_run);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr;
    int nfailed;
    files = ck_golden_files(&nfiles);
    if (nfiles == 0) {
        fprintf(stderr, "check_golden: no golden files under %s/data/golden\n", ck_top_srcdir());
        return EXIT_FAILURE;
    }
    sr = srunner_create(golden_suite());
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    ck_golden_free(files, nfiles);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* golden.c -- `nhref golden`: a case certified by the certify layer (certify/certify.h)
 * written as a golden file (format: docs/golden.md, nhref_golden.h; DESIGN §5):
 * the header row, the metadata -- the case, its routes, the certified digits of every
 * column and how they were obtained, the proven bounds, the event, the drift of the
 * first integrals -- the checksum, the rows; atomically. */
#include "nhref_golden.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "certify/certify.h"
#include "nhref.h"
#include "strutil.h"

static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int mkdir_p(const char *dir)
{
    char *d = nhref_strdup(dir);
    int ok = 1;
    if (d == NULL)
        return -1;
    for (char *p = d + 1; *p != '\0' && ok; p++)
        if (*p == '/') {
            *p = '\0';
            ok = mkdir(d, 0755) == 0 || errno == EEXIST;
            *p = '/';
        }
    ok = ok && (mkdir(d, 0755) == 0 || errno == EEXIST);
    free(d);
    return ok ? 0 : -1;
}

static const char *column_name(const nhref_certificate_t *c, size_t k)
{
    return k < c->nx ? c->m->state[k].name : c->m->integral[k - c->nx].name;
}

/* the header row and the rows: the values, then the row's certified digits (every
 * route agrees on every column of the row, mixed) and the significant digits of its
 * values that have any */
static void write_data(FILE *df, const nhref_certificate_t *c)
{
    double D = c->c->digits;
    fprintf(df, "t");
    for (size_t k = 0; k < c->nc; k++)
        fprintf(df, ",%s", column_name(c, k));
    fputs(",digits,sig_digits\n", df);
    for (size_t i = 0; i < c->nt; i++) {
        double d = floor(c->rowmin[i]) - NHREF_GOLDEN_MARGIN;
        double sg = floor(c->sigrow[i]) - NHREF_GOLDEN_MARGIN;
        d = d > D ? D : d < 0 ? 0 : d;
        sg = sg > d ? d : sg < 0 ? 0 : sg;
        fputs(c->c->times[i], df);
        for (size_t k = 0; k < c->nc; k++) {
            fputc(',', df);
            nhref_csv_value(df, c->values->rows + i * c->nc + k, (int)D + 4);
        }
        fprintf(df, ",%g,%g\n", d, sg);
    }
}

/* the path of the file TO relative to the directory FROM (both absolute and canonical,
 * as realpath gives them): "../" per component of FROM below their common directory,
 * then the rest of TO */
static char *relative_path(const char *from, const char *to)
{
    size_t common = 0, up = 0;
    char *r;
    /* COMMON: the length of their common directory, "/a/b/" (at least "/") */
    for (size_t i = 0; from[i] != '\0' && from[i] == to[i]; i++)
        if (from[i] == '/')
            common = i + 1;
    if (strncmp(from, to, strlen(from)) == 0 && to[strlen(from)] == '/')
        common = strlen(from) + 1; /* TO lies under FROM */
    for (const char *p = from + common; common <= strlen(from) && *p != '\0'; p++)
        up += *p == '/';
    if (common <= strlen(from) && from[common] != '\0')
        up++; /* the last component of FROM */
    if ((r = malloc(3 * up + strlen(to + common) + 1)) == NULL)
        return NULL;
    r[0] = '\0';
    for (size_t i = 0; i < up; i++)
        strcat(r, "../");
    strcat(r, to + common);
    return r;
}

/* the model file of case C as the golden file in OUT_DIR/<model>/ names it: relative to
 * that directory (made here), so that the source tree and an installed tree both work;
 * NULL with ERR if it cannot be made */
static char *model_file_path(const char *out_dir, const nhref_certificate_t *c, char *err,
                             size_t errlen)
{
    char *dir = malloc(strlen(out_dir) + strlen(c->m->name) + 2), *from = NULL, *to = NULL,
         *rel = NULL;
    if (dir == NULL)
        return NULL;
    sprintf(dir, "%s/%s", out_dir, c->m->name);
    if (mkdir_p(dir) != 0)
        fail(err, errlen, "cannot make directory '%s': %s", dir, strerror(errno));
    else if ((from = realpath(dir, NULL)) == NULL ||
             (to = realpath(nhref_model_file_path(c->c->mf), NULL)) == NULL)
        fail(err, errlen, "%s: %s", from == NULL ? dir : nhref_model_file_path(c->c->mf),
             strerror(errno));
    else if ((rel = relative_path(from, to)) == NULL)
        fail(err, errlen, "out of memory");
    free(dir);
    free(from);
    free(to);
    return rel;
}

/* the case: model (and a model file's path REL and checksum), parameters, initial
 * state, digits */
static void write_case(FILE *mf, const nhref_certificate_t *c, const char *rel)
{
    const nhref_case_t *cs = c->c;
    nhref_csv_meta(mf, "format", "nhref-golden 4");
    nhref_csv_meta(mf, "model", "%s", c->m->name);
    if (rel != NULL) {
        nhref_csv_meta(mf, "model-file", "%s (relative to this file's directory)", rel);
        nhref_csv_meta(mf, "model-sha256", "%s", nhref_model_file_sha256(cs->mf));
    }
    nhref_csv_meta(mf, "case", "%s", cs->name);
    if (cs->source != NULL)
        nhref_csv_meta(mf, "source", "%s", cs->source);
    if (cs->description != NULL)
        nhref_csv_meta(mf, "description", "%s", cs->description);
    nhref_csv_meta(mf, "model-source", "%s", c->m->source);
    for (size_t i = 0; i < c->m->nparam; i++)
        nhref_csv_meta(mf, "param", "%s = %s [%s]", c->m->param[i].name,
                       nhref_spec_param_str(c->spec, i), c->m->param[i].unit);
    for (size_t i = 0; i < c->nx; i++)
        nhref_csv_meta(mf, "init", "%s = %s [%s]", c->m->state[i].name,
                       nhref_spec_init_str(c->spec, i), c->m->state[i].unit);
    nhref_csv_meta(mf, "t-start", "%s", cs->t_start);
    nhref_csv_meta(mf, "digits", "%g", cs->digits);
}

/* the level: PROVEN, PROVEN for some columns, or VALIDATED */
static void write_level(FILE *mf, const nhref_certificate_t *c)
{
    char buf[512];
    size_t used = 0;
    if (c->nproven > 0 && c->nproven == c->nlevel) {
        nhref_csv_meta(mf, "level", "PROVEN (every column: the proven route encloses the true "
                                    "values within their certified digits; see 'proven')");
        return;
    }
    if (c->nproven == 0) {
        nhref_csv_meta(mf, "level", "VALIDATED (independent routes agree; not a rigorous bound)");
        return;
    }
    buf[0] = '\0';
    for (size_t k = 0; k < c->nc && used < sizeof buf; k++)
        if (c->certified[k] >= 0 && c->proven_col[k])
            used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", used ? ", " : "",
                                     column_name(c, k));
    nhref_csv_meta(mf, "level", "PROVEN for %s; VALIDATED for the other columns (independent "
                   "routes agree; not a rigorous bound; see 'proven')", buf);
}

/* one "route" line per route that ran */
static void write_routes(FILE *mf, const nhref_certificate_t *c)
{
    for (size_t q = 0; q < c->nroute; q++) {
        const nhref_route_result_t *r = &c->route[q];
        const char *name = r->route->name;
        switch (r->route->kind) {
        case NHREF_ROUTE_RUN:
            nhref_csv_meta(mf, "route", "%s: %s order %u, %ld bits, tolerance 1e-%g, %lu steps%s",
                           name, r->route->label, r->order, r->prec, r->digits, r->stats.nsteps,
                           r->route->values ? " (the values below)" : "");
            break;
        case NHREF_ROUTE_CLOSED:
            if (r->ran)
                nhref_csv_meta(mf, "route", "%s: oracle %s, %s, %ld bits", name, r->oracle,
                               r->oracle_what, r->prec);
            break;
        case NHREF_ROUTE_INTEGRALS:
            if (r->ran)
                nhref_csv_meta(mf, "route", "%s: the oracle's first integrals of the values",
                               name);
            break;
        case NHREF_ROUTE_PROVEN:
            if (!r->ran) {
                nhref_csv_meta(mf, "route", "%s: %s", name, r->note);
                break;
            }
            nhref_csv_meta(mf, "route",
                           "%s: validated Taylor in Arb balls (nhref_arb.h; "
                           "proofs/rigorous_taylor.md), order %u, %ld bits, tolerance 1e-%g, "
                           "%lu steps%s%s",
                           name, r->order, r->prec, r->digits, r->stats.nsteps,
                           r->note[0] ? "; " : "", r->note);
            if (r->first_digits > 0)
                nhref_csv_meta(mf, "route",
                               "%s: that is a second run: the balls of the first, at tolerance "
                               "1e-%g, did not keep every certified column to the last row",
                               name, r->first_digits);
            break;
        }
    }
}

/* the certified digits of every column, and how far the proven route proves them */
static void write_certified(FILE *mf, const nhref_certificate_t *c)
{
    const nhref_route_result_t *pr = c->proven;
    nhref_csv_meta(mf, "certified", "t = exact (the times as given)");
    nhref_csv_meta(mf, "certified",
                   "digits = per row (the digits on which every route agrees in every column "
                   "of that row, minus the margin; a column's digits are the minimum over its "
                   "rows)");
    nhref_csv_meta(mf, "certified",
                   "sig_digits = per row (the significant digits of the row's values that have "
                   "any, minus the margin, at most its digits)");
    for (size_t k = 0; k < c->nc; k++) {
        if (c->certified[k] < 0)
            nhref_csv_meta(mf, "certified", "%s = undefined (%s)", column_name(c, k), c->why[k]);
        else
            nhref_csv_meta(mf, "certified", "%s = %g (agreement: %s)", column_name(c, k),
                           c->certified[k], c->why[k]);
    }
    for (size_t k = 0; pr != NULL && pr->ran && k < c->nc; k++) {
        const char *nm = column_name(c, k);
        char eb[32];
        if (c->certified[k] < 0)
            continue;
        if (isinf(c->pdig[k]) && c->pdig[k] > 0)
            snprintf(eb, sizeof eb, "0");
        else
            snprintf(eb, sizeof eb, "%.2e", pow(10, -c->pdig[k]) * (1 + 1e-9));
        if (c->proven_col[k])
            nhref_csv_meta(mf, "proven",
                           "%s = PROVEN: |value - true value| <= %s max(|value|, 1) on every row "
                           "(the largest at t = %s), decimal conversion included",
                           nm, eb, c->c->times[c->pdig_row[k]]);
        else if (c->need[k] < 1)
            nhref_csv_meta(mf, "proven", "%s = VALIDATED: no certified digit to prove", nm);
        else if (c->pdig[k] < c->need[k])
            nhref_csv_meta(mf, "proven",
                           "%s = VALIDATED: the enclosure proves %.1f digits at t = %s, fewer "
                           "than the %g certified",
                           nm, isinf(c->pdig[k]) ? 0.0 : c->pdig[k], c->c->times[c->pdig_row[k]],
                           c->certified[k]);
        else
            nhref_csv_meta(mf, "proven",
                           "%s = VALIDATED: the proven route enclosed %zu of %zu rows (to t = "
                           "%s)",
                           nm, pr->nrows, c->nt,
                           pr->nrows > 0 ? c->c->times[pr->nrows - 1] : c->c->t_start);
    }
}

/* the event's time, and the drift of the first integrals along the values */
static void write_event_drift(FILE *mf, const nhref_certificate_t *c)
{
    mpfr_t one;
    if (c->event >= 0) {
        fprintf(mf, "# event: %s at t = ", c->c->event);
        nhref_csv_value(mf, c->values->te, (int)c->c->digits + 4);
        fprintf(mf, " (certified %g digits; agreement: %s; margin %d", c->event_digits,
                c->event_agree, NHREF_GOLDEN_MARGIN);
        if (!isnan(c->event_proven))
            fprintf(mf, "; proven: within %.2e max(|t|, 1) of the first crossing",
                    pow(10, -c->event_proven) * (1 + 1e-9));
        fputs(")\n", mf);
    }
    mpfr_init2(one, 2);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    for (size_t q = 0; q < c->ni; q++) {
        const nhref_integral_desc_t *in = &c->m->integral[q];
        nhref_oracle_column_t d;
        nhref_oracle_column_init(&d);
        for (size_t i = 0; i < c->nt; i++)
            nhref_oracle_column_add(&d, i, c->values->rows + i * c->nc + c->nx + q,
                                    c->values->rows + c->nx + q, one);
        if (c->certified[c->nx + q] < 0)
            nhref_csv_meta(mf, "drift", "%s = undefined (%s)", in->name, in->holds);
        else if (d.digits >= NHREF_ORACLE_DIGITS_EXACT)
            nhref_csv_meta(mf, "drift", "%s = 0 (%s)", in->name, in->holds);
        else
            nhref_csv_meta(mf, "drift", "%s = %.3g digits kept over the rows (%s)", in->name,
                           d.digits, in->holds);
    }
    mpfr_clear(one);
}

/* OUT_DIR/<model>/<case>.csv atomically: the header row first (the one line
 * numpy.genfromtxt(names=True) and pandas.read_csv(comment='#') both take for the
 * names), the metadata, a load hint, the checksum (of the header row and the rows), the
 * rows */
static int write_file(const char *out_dir, const nhref_certificate_t *c, const char *data,
                      size_t data_len, const char *meta, size_t meta_len, char *err, size_t errlen)
{
    size_t header_len = (size_t)(strchr(data, '\n') - data) + 1;
    char *dir = malloc(strlen(out_dir) + strlen(c->m->name) + 2);
    char *path = malloc(strlen(out_dir) + strlen(c->m->name) + strlen(c->c->name) + 8), sha[65];
    nhref_outfile_t *of = NULL;
    int status = NHREF_OK;

    if (dir == NULL || path == NULL) {
        free(dir);
        free(path);
        return NHREF_ENOMEM;
    }
    sprintf(dir, "%s/%s", out_dir, c->m->name);
    sprintf(path, "%s/%s.csv", dir, c->c->name);
    nhref_sha256_hex(sha, data, data_len);
    if (mkdir_p(dir) != 0) {
        fail(err, errlen, "cannot make directory '%s': %s", dir, strerror(errno));
        status = NHREF_EIO;
    } else if (nhref_outfile_open(&of, path) != NHREF_OK) {
        fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        status = NHREF_EIO;
    } else {
        FILE *out = nhref_outfile_stream(of);
        fwrite(data, 1, header_len, out);
        fwrite(meta, 1, meta_len, out);
        fprintf(out, "# load: pandas.read_csv(path, comment='#'), numpy.genfromtxt(path, "
                     "delimiter=',', names=True, comments='#') or numpy.loadtxt(path, "
                     "delimiter=',', skiprows=1)\n");
        fprintf(out, "# sha256: %s (of the header row and the rows: grep -v '^#' FILE | "
                     "sha256sum)\n",
                sha);
        fwrite(data + header_len, 1, data_len - header_len, out);
        if ((status = nhref_outfile_commit(of)) != NHREF_OK)
            fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    }
    free(dir);
    free(path);
    return status;
}

int nhref_golden_make(const nhref_case_t *c, const char *out_dir, nhref_golden_progress_t progress,
                      void *arg, char *err, size_t errlen)
{
    nhref_certificate_t cert;
    char *meta = NULL, *data = NULL;
    size_t meta_len = 0, data_len = 0;
    FILE *mf, *df;
    char *rel = NULL;
    int status = nhref_certify_case(&cert, c, progress, arg, err, errlen);

    if (status == NHREF_OK && c->mf != NULL &&
        (rel = model_file_path(out_dir, &cert, err, errlen)) == NULL)
        status = err[0] != '\0' ? NHREF_EIO : NHREF_ENOMEM;
    if (status == NHREF_OK) {
        df = open_memstream(&data, &data_len);
        mf = open_memstream(&meta, &meta_len);
        if (df == NULL || mf == NULL) {
            status = NHREF_ENOMEM;
        } else {
            write_data(df, &cert);
            fprintf(mf, "# nhref golden file\n");
            write_case(mf, &cert, rel);
            write_level(mf, &cert);
            nhref_csv_meta(mf, "fast-tolerance",
                           "%s (the double fast path agrees with the values to this, mixed; "
                           "checked by the test suite)",
                           c->fast_tolerance != NULL ? c->fast_tolerance : "1e-13");
            if (c->fast_horizon != NULL)
                nhref_csv_meta(mf, "fast-horizon",
                               "%s (the fast path is compared up to this time only)",
                               c->fast_horizon);
            nhref_csv_meta(mf, "measure",
                           "digits = -log10(|a - b| / max(|b|, 1)), b the values below (mixed "
                           "absolute/relative); where |b| < 1 also significant digits = "
                           "-log10(|a - b| / |b|); NaN is never a digit count (docs/golden.md)");
            write_routes(mf, &cert);
            write_certified(mf, &cert);
            write_event_drift(mf, &cert);
            nhref_csv_meta(mf, "nhref", "%s (MPFR %s, GMP %s)", nhref_version(),
                           nhref_mpfr_version(), nhref_gmp_version());
        }
        if (df != NULL)
            fclose(df);
        if (mf != NULL)
            fclose(mf);
    }
    if (status == NHREF_OK)
        status = write_file(out_dir, &cert, data, data_len, meta, meta_len, err, errlen);
    free(meta);
    free(data);
    free(rel);
    nhref_certificate_clear(&cert);
    return status;
}

int nhref_golden_model(const nhref_model_t **m, nhref_model_file_t **mfp, const nhref_table_t *tab,
                       const char *path, char *err, size_t errlen)
{
    const char *name = nhref_table_meta(tab, "model", NULL);
    const char *rel = nhref_table_meta(tab, "model-file", NULL);
    const char *want = nhref_table_meta(tab, "model-sha256", NULL);
    char *full, why[1024];
    nhref_model_file_t *mf = NULL;
    int status;

    *m = NULL;
    *mfp = NULL;
    if (name == NULL) {
        fail(err, errlen,
             "%s: no '# model: NAME' line (expected a golden file or the output "
             "of 'nhref run')",
             path);
        return NHREF_EPARSE;
    }
    if (rel == NULL) {
        if ((*m = nhref_model_find(name)) != NULL)
            return NHREF_OK;
        fail(err, errlen, "%s: unknown model '%s' (see 'nhref list')", path, name);
        return NHREF_ENOTFOUND;
    }
    /* '# model-file: REL (relative to this file's directory)' */
    if ((full = nhref_path_beside(path, rel, strcspn(rel, " "))) == NULL)
        return NHREF_ENOMEM;
    if ((status = nhref_model_file_read(&mf, full, why, sizeof why)) != NHREF_OK)
        fail(err, errlen, "%s: its model file: %s", path, why);
    else if (want == NULL || strncmp(want, nhref_model_file_sha256(mf), 64) != 0)
        fail(err, errlen,
             "%s: the model file %s is not the one this golden file was certified with (its "
             "sha256 %.12s... differs from the '# model-sha256:' line)",
             path, full, nhref_model_file_sha256(mf));
    else if (strcmp(nhref_model_file_model(mf)->name, name) != 0)
        fail(err, errlen, "%s: the model file %s defines the model '%s', not '%s'", path, full,
             nhref_model_file_model(mf)->name, name);
    else {
        *m = nhref_model_file_model(mf);
        *mfp = mf;
        free(full);
        return NHREF_OK;
    }
    if (status == NHREF_OK)
        status = NHREF_EPARSE;
    nhref_model_file_free(mf);
    free(full);
    return status;
}

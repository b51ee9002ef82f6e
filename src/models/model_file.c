/* model_file.c -- a model from a file (nhref_model_file.h; the format:
 * docs/models/writing-a-model.md): read with libinih, every entry kept with its line,
 * then compiled into a model descriptor and its template tapes -- the right-hand side
 * (a Lagrangian's derived by nhref_tape_lagrange, a mass-matrix form's by one SOLVE, an
 * ODE's as written), the first integrals (with the constraints' residuals), the events
 * and the conditions -- which every system of the model copies. */
#include "nhref_model_file.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "nhref_tape.h"
#include "strutil.h"
#include "models/model_file_internal.h"

/* ------------------------------------------------------------------ reading */
typedef struct {
    nhref_model_file_t *mf;
    const char *text;
    size_t len, pos;
    size_t line;     /* the line just read (1-based) */
    int indented;    /* it starts with white space: a continuation */
    size_t too_long; /* the first line over the limit, or 0 */
} reader_t;

/* the header "[NAME]..." (N bytes at S, on LINE) kept with its line */
static void section_line(nhref_model_file_t *mf, const char *s, size_t n, size_t line)
{
    const char *end = memchr(s, ']', n);
    mf_entry_t *p;
    if (end == NULL || (p = realloc(mf->sec, (mf->nsec + 1) * sizeof *p)) == NULL)
        return; /* inih reports a header without ']'; memory short: no line, no check */
    mf->sec = p;
    p += mf->nsec;
    memset(p, 0, sizeof *p);
    p->line = line;
    if ((p->section = malloc((size_t)(end - s))) == NULL)
        return;
    memcpy(p->section, s + 1, (size_t)(end - s - 1));
    p->section[end - s - 1] = '\0';
    mf->nsec++;
}

/* inih's reader: the next line of the text, counted */
static char *read_line(char *str, int num, void *stream)
{
    reader_t *r = stream;
    size_t end, n;
    if (r->pos >= r->len)
        return NULL;
    end = r->pos;
    while (end < r->len && r->text[end] != '\n')
        end++;
    n = end - r->pos;
    r->line++;
    r->indented = n > 0 && (r->text[r->pos] == ' ' || r->text[r->pos] == '\t');
    if (n > NHREF_MODEL_FILE_MAX_LINE && r->too_long == 0)
        r->too_long = r->line;
    if (n > 0 && r->text[r->pos] == '[' && r->mf != NULL) /* a section header: its line */
        section_line(r->mf, r->text + r->pos, n, r->line);
    if (n > (size_t)num - 2)
        n = (size_t)num - 2;
    memcpy(str, r->text + r->pos, n);
    str[n] = '\n';
    str[n + 1] = '\0';
    r->pos = end < r->len ? end + 1 : end;
    return str;
}

typedef struct {
    nhref_model_file_t *mf;
    reader_t *r;
    int failed;
} collect_t;

/* inih's handler: an entry, or the continuation of the last one */
static int on_entry(void *user, const char *section, const char *key, const char *value)
{
    collect_t *c = user;
    nhref_model_file_t *mf = c->mf;
    mf_entry_t *e;

    if (c->r->indented && mf->ne > 0 && strcmp(mf->e[mf->ne - 1].section, section) == 0 &&
        strcmp(mf->e[mf->ne - 1].key, key) == 0) {
        e = &mf->e[mf->ne - 1];
        char *v = malloc(strlen(e->value) + strlen(value) + 2);
        if (v == NULL)
            return c->failed = 0;
        sprintf(v, "%s %s", e->value, value);
        free(e->value);
        e->value = v;
        return 1;
    }
    if (mf->ne == mf->cap) {
        size_t cap = mf->cap ? 2 * mf->cap : 32;
        mf_entry_t *p = realloc(mf->e, cap * sizeof *p);
        if (p == NULL)
            return 0;
        mf->e = p;
        mf->cap = cap;
    }
    e = &mf->e[mf->ne];
    e->section = nhref_strdup(section);
    e->key = nhref_strdup(key);
    e->value = nhref_strdup(value);
    e->line = c->r->line;
    e->used = 0;
    if (e->section == NULL || e->key == NULL || e->value == NULL) {
        free(e->section);
        free(e->key);
        free(e->value);
        return 0;
    }
    mf->ne++;
    return 1;
}

int mf_fail(nhref_model_file_t *mf, int status, size_t line, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(mf->err, sizeof mf->err, line > 0 ? "%s:%zu: " : "%s: ", mf->path, line);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof mf->err)
        vsnprintf(mf->err + n, sizeof mf->err - (size_t)n, fmt, ap);
    va_end(ap);
    return status;
}

/* ------------------------------------------------------------------ the object */
nhref_model_file_t *nhref_model_file_ref(nhref_model_file_t *mf)
{
    if (mf != NULL)
        mf->refs++;
    return mf;
}

void nhref_model_file_free(nhref_model_file_t *mf)
{
    if (mf == NULL || --mf->refs > 0)
        return;
    mf_ws_free_all(mf); /* before the tapes they point at */
    for (size_t i = 0; i < mf->ne; i++) {
        free(mf->e[i].section);
        free(mf->e[i].key);
        free(mf->e[i].value);
    }
    free(mf->e);
    for (size_t i = 0; i < mf->nsec; i++)
        free(mf->sec[i].section);
    free(mf->sec);
    free(mf->state);
    free(mf->param);
    free(mf->integral);
    free(mf->event);
    for (size_t i = 0; i < mf->nstr; i++)
        free(mf->str[i]);
    free(mf->str);
    free(mf->cond);
    free(mf->cons_reads);
    free(mf->sname);
    free(mf->pname);
    nhref_tape_free(mf->rhs);
    nhref_tape_free(mf->integrals);
    nhref_tape_free(mf->events);
    nhref_tape_free(mf->conds);
    nhref_tape_free(mf->solution);
    free(mf->s0name);
    nhref_tape_free(mf->source);
    nhref_tape_free(mf->kkt);
    pthread_mutex_destroy(&mf->ws_lock);
    free(mf->path);
    free(mf);
}

const nhref_model_t *nhref_model_file_model(const nhref_model_file_t *mf)
{
    return &mf->model;
}

const char *nhref_model_file_path(const nhref_model_file_t *mf)
{
    return mf->path;
}

int nhref_model_is_file(const char *name)
{
    return name != NULL && (strchr(name, '/') != NULL || strchr(name, '.') != NULL);
}

/* a string MF owns (freed with it), or NULL when memory is short */
char *mf_keep(nhref_model_file_t *mf, char *s)
{
    char **p;
    if (s == NULL)
        return NULL;
    p = realloc(mf->str, (mf->nstr + 1) * sizeof *p);
    if (p == NULL) {
        free(s);
        return NULL;
    }
    mf->str = p;
    mf->str[mf->nstr++] = s;
    return s;
}

/* an nhref CSV table given where a model file was expected (`nhref verify traj.csv
 * golden.csv`): the line (1-based) of its '# format: nhref-...' line among the first
 * 20, else 1 if the first line is a header row 't,...'; 0 if it looks like neither.
 * FMT: the format's name ("a CSV table" without a format line) */
static size_t csv_table_line(const char *text, size_t len, char *fmt, size_t fmtlen)
{
    static const char tag[] = "# format: ";
    size_t i = 0, line = 1;

    snprintf(fmt, fmtlen, "a CSV table");
    for (; i < len && line <= 20; line++) {
        const char *s = text + i, *e = memchr(s, '\n', len - i);
        size_t n = e != NULL ? (size_t)(e - s) : len - i;
        if (n > sizeof tag + 5 && memcmp(s, tag, sizeof tag - 1) == 0 &&
            memcmp(s + sizeof tag - 1, "nhref-", 6) == 0) {
            size_t k = n - (sizeof tag - 1);
            while (k > 0 && (s[sizeof tag - 2 + k] == '\r' || s[sizeof tag - 2 + k] == ' '))
                k--;
            snprintf(fmt, fmtlen, "an nhref CSV file of format '%.*s'", (int)(k < 60 ? k : 60),
                     s + sizeof tag - 1);
            return line;
        }
        i += n + 1;
    }
    /* no format line: a header row 't,...' */
    return len >= 2 && text[0] == 't' && (text[1] == ',' || text[1] == '\t' || text[1] == ';');
}

int nhref_model_file_parse(nhref_model_file_t **mfp, const char *text, size_t len, const char *name,
                           char *err, size_t errlen)
{
    nhref_model_file_t *mf = calloc(1, sizeof *mf);
    reader_t r = {NULL, text, len, 0, 0, 0, 0};
    collect_t c;
    char fmt[96];
    size_t table;
    int rc, status;

    *mfp = NULL;
    err[0] = '\0';
    if (mf == NULL || (mf->path = nhref_strdup(name != NULL ? name : "(model)")) == NULL) {
        free(mf);
        snprintf(err, errlen, "out of memory");
        return NHREF_ENOMEM;
    }
    mf->refs = 1;
    pthread_mutex_init(&mf->ws_lock, NULL);
    nhref_sha256_hex(mf->sha256, text, len);
    r.mf = mf;
    c = (collect_t){mf, &r, 0};
    if (len > (size_t)NHREF_MODEL_FILE_MAX_BYTES)
        status = mf_fail(mf, NHREF_EINVAL, 0,
                         "%zu bytes, more than the limit of %ld bytes of a model file", len,
                         NHREF_MODEL_FILE_MAX_BYTES);
    else if (memchr(text, '\0', len) != NULL)
        status = mf_fail(mf, NHREF_EPARSE, 0, "a NUL byte: not a text file");
    else if ((table = csv_table_line(text, len, fmt, sizeof fmt)) != 0)
        status = mf_fail(mf, NHREF_EPARSE, table,
                         "%s (a trajectory or a golden file), not a model file; `nhref verify` "
                         "takes a golden file as --golden FILE",
                         fmt);
    else if ((rc = ini_parse_stream(read_line, &r, on_entry, &c)) != 0 || r.too_long != 0)
        status =
            r.too_long != 0 ? mf_fail(mf, NHREF_EPARSE, r.too_long,
                                      "a line longer than %d characters (continue an expression on "
                                      "lines that start with a blank)",
                                      NHREF_MODEL_FILE_MAX_LINE)
            : rc > 0
                ? mf_fail(mf, NHREF_EPARSE, (size_t)rc, "expected 'NAME = VALUE' or '[section]'")
                : mf_fail(mf, NHREF_ENOMEM, 0, "out of memory");
    else
        status = mf_compile(mf);
    if (status != NHREF_OK) {
        snprintf(err, errlen, "%s", mf->err);
        nhref_model_file_free(mf);
        return status;
    }
    *mfp = mf;
    return NHREF_OK;
}

int nhref_model_file_read(nhref_model_file_t **mfp, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    /* one more byte than the limit: a longer file (/dev/zero, an endless pipe) is known to
     * be one without reading further (open_memstream's length, counted only at a flush,
     * let /dev/zero fill the memory: 17 GB) */
    size_t max = (size_t)NHREF_MODEL_FILE_MAX_BYTES, len = 0, got;
    char *buf = malloc(max + 1);
    int status;

    *mfp = NULL;
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot read the model file: %s", path, strerror(errno));
        free(buf);
        return NHREF_EIO;
    }
    while (buf != NULL && len <= max && (got = fread(buf + len, 1, max + 1 - len, f)) > 0)
        len += got;
    if (buf != NULL && len > max) {
        snprintf(err, errlen,
                 "%s: more than %zu bytes (the limit of a model file, "
                 "NHREF_MODEL_FILE_MAX_BYTES; not a model file?)",
                 path, max);
        fclose(f);
        free(buf);
        return NHREF_EINVAL;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: cannot read the model file: %s", path, strerror(errno));
        fclose(f);
        free(buf);
        return NHREF_EIO;
    }
    fclose(f);
    if (buf == NULL) {
        snprintf(err, errlen, "out of memory");
        return NHREF_ENOMEM;
    }
    status = nhref_model_file_parse(mfp, buf, len, path, err, errlen);
    free(buf);
    return status;
}

const char *nhref_model_file_sha256(const nhref_model_file_t *mf)
{
    return mf->sha256;
}

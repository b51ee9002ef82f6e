/* cases_cli.c -- what `golden` and `sweep` share: naming the cases to compute
 * (FILE, FILE:NAME, MODEL/NAME), choosing a shard's cases, and deciding whether a
 * case's output already exists and checks out (--resume). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"

int cli_shard_parse(const char *s, unsigned long *k, unsigned long *n)
{
    char *end, *end2;
    unsigned long a, b;
    if (*s < '0' || *s > '9')
        goto bad;
    errno = 0;
    a = strtoul(s, &end, 10);
    if (errno != 0 || *end != '/' || end[1] < '0' || end[1] > '9')
        goto bad;
    b = strtoul(end + 1, &end2, 10);
    if (errno != 0 || *end2 != '\0' || b < 1 || a < 1 || a > b)
        goto bad;
    *k = a;
    *n = b;
    return 0;
bad:
    cli_error("--shard: '%s' is not K/N with 1 <= K <= N (e.g. --shard 2/8, or "
              "--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)",
              s);
    return -1;
}

static int is_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

int cli_case_source(const char *arg, char **file, char **only)
{
    const char *colon = strrchr(arg, ':'), *slash = strchr(arg, '/');

    *file = NULL;
    *only = NULL;
    /* an existing file is a file, whatever its name holds (':' included) */
    if (is_file(arg))
        return (*file = strdup(arg)) != NULL ? 0 : -1;
    /* FILE:NAME with FILE an existing file */
    if (colon != NULL && colon[1] != '\0') {
        char *f = malloc((size_t)(colon - arg) + 1);
        if (f == NULL)
            return -1;
        memcpy(f, arg, (size_t)(colon - arg));
        f[colon - arg] = '\0';
        if (is_file(f)) {
            *file = f;
            return (*only = strdup(colon + 1)) != NULL ? 0 : -1;
        }
        free(f);
    }
    /* MODEL/NAME */
    if (slash != NULL && slash != arg && strchr(slash + 1, '/') == NULL && slash[1] != '\0' &&
        strstr(arg, ".cases") == NULL && strchr(arg, ':') == NULL) {
        char model[128], path[4096], why[4500];
        snprintf(model, sizeof model, "%.*s", (int)(slash - arg), arg);
        if (nhref_catalogue_find(path, sizeof path, "cases", model, why, sizeof why) != NHREF_OK) {
            cli_error("%s", why);
            return -1;
        }
        if ((*file = strdup(path)) == NULL)
            return -1;
        return (*only = strdup(slash + 1)) != NULL ? 0 : -1;
    }
    /* MODEL: every case of its case file */
    if (slash == NULL && colon == NULL && strstr(arg, ".cases") == NULL &&
        nhref_model_find(arg) != NULL) {
        char path[4096], why[4500];
        if (nhref_catalogue_find(path, sizeof path, "cases", arg, why, sizeof why) != NHREF_OK) {
            cli_error("%s", why);
            return -1;
        }
        return (*file = strdup(path)) != NULL ? 0 : -1;
    }
    /* a file that does not exist: reading it says so */
    return (*file = strdup(arg)) != NULL ? 0 : -1;
}

void cli_sha256_line(nhref_outfile_t *of)
{
    char hex[65];
    if (nhref_outfile_data_sha256(of, hex) == NHREF_OK)
        fprintf(nhref_outfile_stream(of),
                "# sha256: %s (of the lines not starting with '#': grep -v '^#' FILE | "
                "sha256sum)\n",
                hex);
}

/* "NAME = VALUE [unit]" == NAME, VALUE */
static int pair_is(const char *meta, const char *name, const char *value)
{
    size_t ln = strlen(name), lv = strlen(value);
    return strncmp(meta, name, ln) == 0 && strncmp(meta + ln, " = ", 3) == 0 &&
           strncmp(meta + ln + 3, value, lv) == 0 &&
           (meta[ln + 3 + lv] == '\0' || meta[ln + 3 + lv] == ' ' || meta[ln + 3 + lv] == '\n');
}

int cli_output_matches(const char *path, const nhref_case_t *c, const char *first_line,
                       char *why, size_t len)
{
    FILE *f;
    char *line = NULL, hex[65], claimed[65];
    size_t cap = 0, lineno = 0, nmatch_p = 0, nmatch_i = 0;
    int model_ok = 0, case_ok = strcmp(first_line, "# nhref golden file") != 0, kind_ok = 1;
    int seen_comment = 0;
    long got;

    if ((f = fopen(path, "r")) == NULL) {
        snprintf(why, len, "no output yet");
        return 0;
    }
    while ((got = cli_read_line(f, &line, &cap, &lineno, 1)) != -1) {
        char *s;
        if (got < 0) { /* a '#' line over the limit: no output of nhref's */
            kind_ok = 0;
            break;
        }
        /* the kind of file: its first '#' line (after the header row, in format 2) */
        if (!seen_comment++ && strcmp(line, first_line) != 0) {
            kind_ok = 0;
            break;
        }
        s = line + 1;
        while (*s == ' ')
            s++;
        if (strncmp(s, "model: ", 7) == 0)
            model_ok = strcmp(s + 7, c->model) == 0;
        else if (strncmp(s, "case: ", 6) == 0)
            case_ok = strcmp(s + 6, c->name) == 0;
        else if (strncmp(s, "param: ", 7) == 0) {
            for (size_t i = 0; i < c->nparam; i++)
                nmatch_p += pair_is(s + 7, c->param_name[i], c->param_value[i]);
        } else if (strncmp(s, "init: ", 6) == 0) {
            for (size_t i = 0; i < c->ninit; i++)
                nmatch_i += pair_is(s + 6, c->init_name[i], c->init_value[i]);
        }
    }
    free(line);
    fclose(f);
    if (lineno == 0)
        snprintf(why, len, "empty file");
    else if (!kind_ok)
        snprintf(why, len, "it is not the output of this command (its first '#' line is not '%s')",
                 first_line);
    else if (!model_ok || !case_ok || nmatch_p != c->nparam || nmatch_i != c->ninit)
        snprintf(why, len, "it is the output of another case (model, name, parameters or "
                           "initial state differ)");
    else if (nhref_file_data_sha256(path, hex, claimed) != NHREF_OK)
        snprintf(why, len, "cannot read it: %s", strerror(errno));
    else if (claimed[0] == '\0')
        snprintf(why, len, "it has no '# sha256:' line");
    else if (strcmp(hex, claimed) != 0)
        snprintf(why, len, "its data do not match its sha256 line");
    else
        return 1;
    return 0;
}

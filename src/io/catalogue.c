/* catalogue.c -- files of the data catalogue by name: golden files "MODEL/CASE"
 * and case files "MODEL", in the directories of nhref_golden.h. */
#include "nhref_golden.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef NHREF_PKGDATADIR
#define NHREF_PKGDATADIR "/usr/local/share/nhref"
#endif
#ifndef NHREF_SRCDIR
#define NHREF_SRCDIR "."
#endif

/* a regular file at PATH */
static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* letters, digits and "._-", not starting with '.' */
static int good_part(const char *s, size_t n)
{
    if (n == 0 || s[0] == '.')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
            return 0;
    return 1;
}

int nhref_catalogue_find(char *path, size_t len, const char *kind, const char *name, char *err,
                         size_t errlen)
{
    int golden;
    const char *env, *slash, *sub;
    char dirs[4][1024];
    size_t ndir = 0;

    if (len > 0)
        path[0] = '\0';
    if (errlen > 0)
        err[0] = '\0';
    if (kind == NULL || name == NULL ||
        (strcmp(kind, "golden") != 0 && strcmp(kind, "cases") != 0)) {
        snprintf(err, errlen, "catalogue kind must be \"golden\" or \"cases\"");
        return NHREF_EINVAL;
    }
    golden = strcmp(kind, "golden") == 0;
    slash = strchr(name, '/');
    if (golden ? slash == NULL || strchr(slash + 1, '/') != NULL ||
                     !good_part(name, (size_t)(slash - name)) ||
                     !good_part(slash + 1, strlen(slash + 1))
               : !good_part(name, strlen(name))) {
        snprintf(err, errlen, "'%s' is not a %s (letters, digits, '.', '_', '-')", name,
                 golden ? "golden file name MODEL/CASE" : "model name");
        return NHREF_EINVAL;
    }
    env = getenv(golden ? "NHREF_GOLDEN_DIR" : "NHREF_CASES_DIR");
    sub = golden ? "golden" : "cases";
    if (env != NULL && *env != '\0')
        snprintf(dirs[ndir++], sizeof dirs[0], "%s", env);
    snprintf(dirs[ndir++], sizeof dirs[0], "%s/%s", NHREF_PKGDATADIR, sub);
    snprintf(dirs[ndir++], sizeof dirs[0], "data/%s", sub);
    snprintf(dirs[ndir++], sizeof dirs[0], "%s/data/%s", NHREF_SRCDIR, sub);
    for (size_t i = 0; i < ndir; i++) {
        int n = snprintf(path, len, "%s/%s%s", dirs[i], name, golden ? ".csv" : ".cases");
        if (n < 0 || (size_t)n >= len) {
            snprintf(err, errlen, "the path of '%s' is too long", name);
            if (len > 0)
                path[0] = '\0';
            return NHREF_EINVAL;
        }
        if (is_file(path))
            return NHREF_OK;
    }
    if (len > 0)
        path[0] = '\0';
    snprintf(err, errlen, "no %s '%s' (looked in %s%s, %s, %s, %s)",
             golden ? "golden file" : "case file of model", name,
             ndir == 4 ? dirs[0] : golden ? "$NHREF_GOLDEN_DIR" : "$NHREF_CASES_DIR",
             ndir == 4 ? "" : " (unset)", dirs[ndir - 3], dirs[ndir - 2], dirs[ndir - 1]);
    return NHREF_ENOTFOUND;
}

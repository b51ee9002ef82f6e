/* catalogue.c -- files of the data catalogue by name: golden files "MODEL/CASE"
 * and case files "MODEL", in the directories of nhref_golden.h. */
#define _GNU_SOURCE /* dladdr */
#include "nhref_golden.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nhref_paths.h" /* NHREF_PKGDATADIR, _LIBDIR, _BINDIR, _SRCDIR (src/Makefile.am) */

/* The data directory of the installation this library was loaded from: its
 * directory's prefix (the configured libdir removed) with the configured pkgdatadir
 * under it, so that an installation staged with DESTDIR or moved elsewhere finds its
 * own catalogue.  A program linked with the static library (configure
 * --disable-shared) holds this code itself: then the object is the program, and the
 * configured bindir is removed instead.  <dir>/../share/nhref when the object sits
 * in neither.  NULL if the object's path is unknown. */
static const char *own_pkgdatadir(void)
{
    static char dir[4200];
    static int done;
    Dl_info info;
    char lib[4096], *slash;
    size_t ll, lc = strlen(NHREF_LIBDIR), bc = strlen(NHREF_BINDIR);

    if (done)
        return dir[0] ? dir : NULL;
    done = 1;
    if (dladdr((void *)&nhref_catalogue_find, &info) == 0 || info.dli_fname == NULL ||
        strlen(info.dli_fname) >= sizeof lib)
        return NULL;
    strcpy(lib, info.dli_fname);
    if ((slash = strrchr(lib, '/')) == NULL)
        return NULL;
    *slash = '\0';
    ll = strlen(lib);
    if (ll >= lc && strcmp(lib + ll - lc, NHREF_LIBDIR) == 0)
        snprintf(dir, sizeof dir, "%.*s%s", (int)(ll - lc), lib, NHREF_PKGDATADIR);
    else if (ll >= bc && strcmp(lib + ll - bc, NHREF_BINDIR) == 0)
        snprintf(dir, sizeof dir, "%.*s%s", (int)(ll - bc), lib, NHREF_PKGDATADIR);
    else
        snprintf(dir, sizeof dir, "%s/../share/nhref", lib);
    return dir;
}

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
    char dirs[5][4400];
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
    if (own_pkgdatadir() != NULL && strcmp(own_pkgdatadir(), NHREF_PKGDATADIR) != 0)
        snprintf(dirs[ndir++], sizeof dirs[0], "%s/%s", own_pkgdatadir(), sub);
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
    {
        size_t used = (size_t)snprintf(err, errlen, "no %s '%s' (looked in %s",
                                       golden ? "golden file" : "case file of model", name,
                                       env != NULL && *env != '\0' ? ""
                                       : golden ? "$NHREF_GOLDEN_DIR (unset), "
                                                : "$NHREF_CASES_DIR (unset), ");
        for (size_t i = 0; i < ndir && used < errlen; i++)
            used += (size_t)snprintf(err + used, errlen - used, "%s%s", dirs[i],
                                     i + 1 < ndir ? ", " : ")");
    }
    return NHREF_ENOTFOUND;
}

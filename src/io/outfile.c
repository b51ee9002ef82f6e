/* outfile.c -- output files that respect what is at the path (nhref_io.h).
 *
 * A regular file (or a path where nothing exists yet) is written atomically: the
 * data go to a temporary file beside it, renamed over it once complete, with the
 * old file's mode and, where the process may set it, its owner and group.  A
 * symbolic link is followed, so the file it points to is replaced, not the link.
 * A regular file with several hard links is rewritten in place from the completed
 * temporary file, so that every link sees the new data.  Anything else is
 * written directly, as there is nothing to replace: "-" and the descriptors named
 * by /dev/stdout, /dev/fd/N, ... through a duplicate of the descriptor; a device
 * (/dev/null, /dev/full) or a FIFO opened for appending.
 *
 * While a temporary file exists, SIGINT, SIGTERM and SIGHUP remove it before the
 * process dies of the signal, unless the program has its own handler for the
 * signal or ignores it (then the handler is not installed).
 *
 * The stream writes through our own functions (fopencookie), which keep the errno
 * of the first failed write: stdio forgets it, and "input/output error" for a
 * full disk would mislead. */
#define _GNU_SOURCE /* fopencookie */
#include "config.h"

#include "nhref_io.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "strutil.h"
#include "io/io_internal.h"

enum { OUT_DUP, OUT_DIRECT, OUT_RENAME, OUT_COPY };

struct nhref_outfile {
    FILE *stream;
    int fd;       /* what the stream writes to (closed with it) */
    int err;      /* errno of the first failed write or close, or 0 */
    int how;      /* OUT_* */
    char *target; /* the file written (symbolic links followed); NULL for stdout */
    char *tmp;    /* the temporary file (OUT_RENAME, OUT_COPY), else NULL */
    int slot;     /* its slot in the signal clean-up registry, or -1 */
    int hashed;   /* lh is fed by the stream's write function */
    nhref_linehash_t lh; /* the data lines written (nhref_outfile_data_sha256) */
};

/* ------------------------------------------------------------------ signals */
/* Temporary files to remove if a signal ends the process.  The handler only
 * reads the slots and calls unlink (async-signal-safe). */
#define NSLOT 64
static _Atomic(char *) slot[NSLOT];
static const int cleanup_signal[] = {SIGINT, SIGTERM, SIGHUP};
#define NSIG_CLEANUP (sizeof cleanup_signal / sizeof cleanup_signal[0])
static int handler_installed[NSIG_CLEANUP];
static int nregistered;

static void on_signal(int sig)
{
    for (int i = 0; i < NSLOT; i++) {
        char *p = atomic_load(&slot[i]);
        if (p != NULL)
            unlink(p);
    }
    /* die of the signal, as without the handler (it was SIG_DFL) */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void block_signals(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (size_t k = 0; k < NSIG_CLEANUP; k++)
        sigaddset(&s, cleanup_signal[k]);
    sigprocmask(SIG_BLOCK, &s, old);
}

static int register_tmp(char *path)
{
    sigset_t old;
    int i = -1;

    block_signals(&old);
    for (int k = 0; k < NSLOT; k++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&slot[k], &expected, path)) {
            i = k;
            break;
        }
    }
    if (i >= 0 && nregistered++ == 0)
        for (size_t k = 0; k < NSIG_CLEANUP; k++) {
            struct sigaction cur, act;
            handler_installed[k] = 0;
            if (sigaction(cleanup_signal[k], NULL, &cur) != 0 ||
                (cur.sa_flags & SA_SIGINFO) || cur.sa_handler != SIG_DFL)
                continue; /* the program's own handler, or ignored: leave it */
            memset(&act, 0, sizeof act);
            act.sa_handler = on_signal;
            sigemptyset(&act.sa_mask);
            for (size_t q = 0; q < NSIG_CLEANUP; q++)
                sigaddset(&act.sa_mask, cleanup_signal[q]);
            handler_installed[k] = sigaction(cleanup_signal[k], &act, NULL) == 0;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return i;
}

static void unregister_tmp(int i)
{
    sigset_t old;

    if (i < 0)
        return;
    block_signals(&old);
    atomic_store(&slot[i], NULL);
    if (--nregistered == 0)
        for (size_t k = 0; k < NSIG_CLEANUP; k++) {
            struct sigaction cur;
            if (!handler_installed[k])
                continue;
            if (sigaction(cleanup_signal[k], NULL, &cur) == 0 && !(cur.sa_flags & SA_SIGINFO) &&
                cur.sa_handler == on_signal)
                signal(cleanup_signal[k], SIG_DFL);
            handler_installed[k] = 0;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ------------------------------------------------------------------ paths */
/* the descriptor a path names: /dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N; else -1 */
static int descriptor_of(const char *p)
{
    const char *q = NULL;
    long n = 0;
    if (strcmp(p, "/dev/stdout") == 0)
        return 1;
    if (strcmp(p, "/dev/stderr") == 0)
        return 2;
    if (strncmp(p, "/dev/fd/", 8) == 0)
        q = p + 8;
    else if (strncmp(p, "/proc/self/fd/", 14) == 0)
        q = p + 14;
    if (q == NULL || *q == '\0')
        return -1;
    for (; *q != '\0'; q++) {
        if (*q < '0' || *q > '9' || n > 1000000)
            return -1;
        n = 10 * n + (*q - '0');
    }
    return (int)n;
}

/* *TARGET = PATH with every symbolic link of its last component followed (the
 * file it finally names, which need not exist); *FD = the descriptor PATH or a
 * link on the way names (see descriptor_of), else -1; *VIA_PROC = 1 if a link
 * on the way lives in /proc (another process's or our own descriptor by pid).
 * Returns 0, or -1 with errno (ELOOP, ENOMEM, ...). */
static int follow_links(const char *path, char **target, int *fd, int *via_proc)
{
    char *cur = nhref_strdup(path);

    *via_proc = 0;
    *fd = -1;
    for (int depth = 0; cur != NULL && depth < 40; depth++) {
        struct stat st;
        char link[4096], *next;
        ssize_t n;

        if ((*fd = descriptor_of(cur)) >= 0) {
            *target = cur;
            return 0;
        }
        if (lstat(cur, &st) != 0) {
            if (errno == ENOENT) { /* a new file (or a dangling link's target) */
                *target = cur;
                return 0;
            }
            break;
        }
        if (!S_ISLNK(st.st_mode)) {
            *target = cur;
            return 0;
        }
        if (strncmp(cur, "/proc/", 6) == 0)
            *via_proc = 1;
        n = readlink(cur, link, sizeof link - 1);
        if (n < 0)
            break;
        link[n] = '\0';
        next = nhref_path_beside(cur, link, (size_t)n); /* relative to the link's directory */
        free(cur);
        cur = next;
        if (cur == NULL)
            errno = ENOMEM;
        else if (depth == 39)
            errno = ELOOP;
    }
    free(cur);
    return -1;
}

/* open a new temporary file TMP = TARGET.tmp.XXXXXX with MODE (umask applies) */
static int open_tmp(char *tmp, const char *target, mode_t mode)
{
    static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static unsigned long counter;
    size_t len = strlen(target);
    struct timespec ts;
    uint64_t r;

    clock_gettime(CLOCK_REALTIME, &ts);
    r = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
    for (int attempt = 0; attempt < 100; attempt++) {
        int fd;
        r ^= (uint64_t)++counter * 0x9e3779b97f4a7c15ULL;
        memcpy(tmp, target, len);
        memcpy(tmp + len, ".tmp.", 5);
        for (int k = 0; k < 6; k++) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            tmp[len + 5 + k] = chars[(r >> 33) % (sizeof chars - 1)];
        }
        tmp[len + 11] = '\0';
        fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode); /* read back for checksums */
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* ------------------------------------------------------------------ the stream */
#ifdef HAVE_FOPENCOOKIE
static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
    nhref_outfile_t *f = cookie;
    size_t done = 0;
    nhref_linehash_update(&f->lh, buf, n);
    while (done < n) {
        ssize_t w = write(f->fd, buf + done, n - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (f->err == 0)
                f->err = errno;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)n;
}

static int cookie_close(void *cookie)
{
    nhref_outfile_t *f = cookie;
    int r = close(f->fd);
    if (r != 0 && f->err == 0)
        f->err = errno;
    f->fd = -1;
    return r;
}
#endif

/* F->stream writing to F->fd; on failure errno is set and F->fd left open */
static int make_stream(nhref_outfile_t *f)
{
#ifdef HAVE_FOPENCOOKIE
    static const cookie_io_functions_t io = {NULL, cookie_write, NULL, cookie_close};
    nhref_linehash_init(&f->lh);
    f->hashed = 1;
    f->stream = fopencookie(f, "w", io);
#else
    f->stream = fdopen(f->fd, "w");
#endif
    return f->stream != NULL ? 0 : -1;
}

const nhref_linehash_t *nhref_outfile_linehash(nhref_outfile_t *f)
{
    return f->hashed ? &f->lh : NULL;
}

int nhref_outfile_readfd(nhref_outfile_t *f)
{
    return (f->how == OUT_RENAME || f->how == OUT_COPY) ? f->fd : -1;
}

static void release(nhref_outfile_t *f)
{
    unregister_tmp(f->slot);
    free(f->target);
    free(f->tmp);
    free(f);
}

int nhref_outfile_open(nhref_outfile_t **fp, const char *path)
{
    nhref_outfile_t *f;
    struct stat st;
    int via_proc = 0, fdnum = -1, exists, e;

    *fp = NULL;
    f = calloc(1, sizeof *f);
    if (f == NULL)
        return NHREF_ENOMEM;
    f->slot = -1;
    f->fd = -1;
    if (strcmp(path, "-") == 0) {
        fdnum = STDOUT_FILENO;
    } else if (path[0] == '\0') {
        e = ENOENT;
        goto fail;
    } else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        e = EISDIR;
        goto fail;
    } else if (follow_links(path, &f->target, &fdnum, &via_proc) != 0) {
        e = errno;
        goto fail;
    }
    if (fdnum >= 0) {
        /* standard output, or a descriptor named by path: a duplicate of it, so
         * that the data go where the shell sent them and a write error keeps its
         * errno; what the program wrote to stdout or stderr before comes first */
        f->how = OUT_DUP;
        if ((fdnum == STDOUT_FILENO && fflush(stdout) != 0) ||
            (fdnum == STDERR_FILENO && fflush(stderr) != 0) ||
            (f->fd = fcntl(fdnum, F_DUPFD_CLOEXEC, 3)) < 0) {
            e = errno != 0 ? errno : EIO;
            goto fail;
        }
        goto stream;
    }
    exists = stat(f->target, &st) == 0;
    if (!exists && errno != ENOENT) {
        e = errno;
        goto fail;
    }
    if ((exists && !S_ISREG(st.st_mode)) || via_proc) {
        /* a device, a FIFO, another descriptor in /proc: write to it directly */
        f->how = OUT_DIRECT;
        if ((f->fd = open(via_proc ? path : f->target, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0) {
            e = errno;
            goto fail;
        }
        goto stream;
    }
    /* a regular file or nothing: a temporary file beside it */
    if (exists && access(f->target, W_OK) != 0) {
        e = errno; /* as '>' would: a read-only file is not replaced */
        goto fail;
    }
    f->how = exists && st.st_nlink > 1 ? OUT_COPY : OUT_RENAME;
    f->tmp = malloc(strlen(f->target) + 12);
    if (f->tmp == NULL) {
        e = ENOMEM;
        goto fail;
    }
    if ((f->fd = open_tmp(f->tmp, f->target, exists ? 0600 : 0666)) < 0) {
        e = errno;
        free(f->tmp);
        f->tmp = NULL;
        goto fail;
    }
    f->slot = register_tmp(f->tmp);
    if (exists) { /* the old file's owner, group (where allowed) and mode */
        if (fchown(f->fd, st.st_uid, st.st_gid) != 0 && fchown(f->fd, (uid_t)-1, st.st_gid) != 0) {
            /* not allowed: the file becomes ours, as after an editor's save */
        }
        if (fchmod(f->fd, st.st_mode & 07777) != 0) {
            e = errno;
            goto fail;
        }
    }
stream:
    if (make_stream(f) != 0) {
        e = errno;
        goto fail;
    }
    *fp = f;
    return NHREF_OK;

fail:
    if (f->fd >= 0)
        close(f->fd);
    if (f->tmp != NULL)
        unlink(f->tmp);
    release(f);
    errno = e;
    return e == ENOMEM ? NHREF_ENOMEM : NHREF_EIO;
}

FILE *nhref_outfile_stream(nhref_outfile_t *f)
{
    return f->stream;
}

int nhref_outfile_error(nhref_outfile_t *f)
{
    if (f == NULL || !ferror(f->stream))
        return 0;
    if (f->err == 0) { /* without fopencookie: flushing again may tell */
        errno = 0;
        fflush(f->stream);
        f->err = errno != 0 ? errno : EIO;
    }
    return f->err;
}

/* flush, sync (SYNC) and close F's stream and descriptor; 0 or an errno value */
static int finish_stream(nhref_outfile_t *f, int sync)
{
    int e = 0, fd = fileno(f->stream);
    errno = 0;
    if (fflush(f->stream) != 0 || ferror(f->stream))
        e = nhref_outfile_error(f);
    else if (sync && fsync(fd >= 0 ? fd : f->fd) != 0)
        e = errno;
    errno = 0;
    if (fclose(f->stream) != 0 && e == 0)
        e = f->err != 0 ? f->err : errno != 0 ? errno : EIO;
    f->stream = NULL;
    return e;
}

/* copy the completed temporary file into TARGET in place (hard links kept) */
static int copy_into(const char *tmp, const char *target)
{
    char buf[1 << 16];
    int in = open(tmp, O_RDONLY | O_CLOEXEC), out = -1, e = 0;
    ssize_t n;

    if (in < 0)
        return errno;
    out = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (out < 0)
        e = errno;
    while (e == 0 && (n = read(in, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno != EINTR)
                e = errno;
            continue;
        }
        for (ssize_t done = 0; e == 0 && done < n;) {
            ssize_t w = write(out, buf + done, (size_t)(n - done));
            if (w < 0 && errno != EINTR)
                e = errno;
            else if (w > 0)
                done += w;
        }
    }
    if (e == 0 && fsync(out) != 0)
        e = errno;
    if (out >= 0 && close(out) != 0 && e == 0)
        e = errno;
    close(in);
    return e;
}

/* fsync the directory of PATH, so that the rename is on disk (best effort) */
static void sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    int fd;

    if (slash == NULL)
        dir = nhref_strdup(".");
    else if (slash == path)
        dir = nhref_strdup("/");
    else if ((dir = malloc((size_t)(slash - path) + 1)) != NULL) {
        memcpy(dir, path, (size_t)(slash - path));
        dir[slash - path] = '\0';
    }
    if (dir == NULL)
        return;
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int nhref_outfile_commit(nhref_outfile_t *f)
{
    int e = 0;

    switch (f->how) {
    case OUT_DUP:
    case OUT_DIRECT:
        e = finish_stream(f, 0);
        break;
    case OUT_RENAME:
        e = finish_stream(f, 1);
        if (e == 0 && rename(f->tmp, f->target) != 0)
            e = errno;
        if (e == 0)
            sync_dir(f->target);
        else
            unlink(f->tmp);
        break;
    case OUT_COPY:
        e = finish_stream(f, 1);
        if (e == 0)
            e = copy_into(f->tmp, f->target);
        unlink(f->tmp);
        break;
    }
    release(f);
    errno = e;
    return e == 0 ? NHREF_OK : NHREF_EIO;
}

void nhref_outfile_abort(nhref_outfile_t *f)
{
    int e = errno;
    if (f == NULL)
        return;
    if (f->stream != NULL)
        fclose(f->stream); /* unwritten data of a direct write are lost, as asked */
    if (f->tmp != NULL)
        unlink(f->tmp);
    release(f);
    errno = e;
}

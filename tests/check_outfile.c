/* check_outfile.c -- output files that respect the target (nhref_outfile_*,
 * nhref_io.h): atomic replacement of regular files keeping mode and owner,
 * symbolic links followed, hard links kept, devices and FIFOs written directly,
 * write errors with their errno, no temporary file left by SIGINT, SIGTERM or
 * SIGHUP.  Expected values are properties of the file system (stat), not of
 * the code under test.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "nhref.h"

static char dir[64];

static void setup(void)
{
    strcpy(dir, "/tmp/ck_outfile.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[512];
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
}

static const char *in_dir(char *buf, const char *name)
{
    snprintf(buf, 512, "%s/%s", dir, name);
    return buf;
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static char *get(const char *path)
{
    static char buf[4096];
    FILE *f = fopen(path, "r");
    size_t n;
    ck_assert_ptr_nonnull(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* the number of entries of dir whose name contains ".tmp." */
static int ntmp(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d != NULL && (e = readdir(d)) != NULL)
        n += strstr(e->d_name, ".tmp.") != NULL;
    if (d != NULL)
        closedir(d);
    return n;
}

static int write_all(const char *path, const char *text)
{
    nhref_outfile_t *f;
    int st = nhref_outfile_open(&f, path);
    if (st != NHREF_OK)
        return st;
    fputs(text, nhref_outfile_stream(f));
    return nhref_outfile_commit(f);
}

START_TEST(test_new_file_umask)
{
    char p[512];
    struct stat st;
    mode_t old = umask(027);
    ck_assert_int_eq(write_all(in_dir(p, "new.csv"), "a,b\n1,2\n"), NHREF_OK);
    umask(old);
    ck_assert_str_eq(get(p), "a,b\n1,2\n");
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0640); /* 0666 minus the umask */
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_overwrite_keeps_mode)
{
    static const mode_t modes[] = {0640, 0600, 0664, 0444 | 0200};
    char p[512];
    struct stat st;
    mode_t old = umask(022);
    in_dir(p, "mode.csv");
    put(p, "old\n");
    ck_assert_int_eq(chmod(p, modes[_i]), 0);
    ck_assert_int_eq(write_all(p, "new\n"), NHREF_OK);
    umask(old);
    ck_assert_str_eq(get(p), "new\n");
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_msg((st.st_mode & 07777) == modes[_i], "mode %o, want %o", st.st_mode & 07777,
                  modes[_i]);
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_overwrite_keeps_owner)
{
    char p[512];
    struct stat st;
    if (geteuid() != 0)
        return; /* only root may give a file away */
    in_dir(p, "owner.csv");
    put(p, "old\n");
    ck_assert_int_eq(chown(p, 65534, 65534), 0);
    ck_assert_int_eq(write_all(p, "new\n"), NHREF_OK);
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_uid, 65534);
    ck_assert_int_eq(st.st_gid, 65534);
}
END_TEST

START_TEST(test_symlink_followed)
{
    char p[512], l[512], l2[512];
    struct stat st;
    in_dir(p, "target.csv");
    put(p, "old\n");
    ck_assert_int_eq(symlink("target.csv", in_dir(l, "link.csv")), 0);   /* relative */
    ck_assert_int_eq(symlink(l, in_dir(l2, "link2.csv")), 0);           /* absolute, chained */
    ck_assert_int_eq(write_all(l2, "new\n"), NHREF_OK);
    ck_assert_int_eq(lstat(l, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(lstat(l2, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_str_eq(get(p), "new\n");
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_dangling_symlink)
{
    char p[512], l[512];
    struct stat st;
    ck_assert_int_eq(symlink("created.csv", in_dir(l, "dangling.csv")), 0);
    ck_assert_int_eq(write_all(l, "new\n"), NHREF_OK);
    ck_assert_int_eq(lstat(l, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_str_eq(get(in_dir(p, "created.csv")), "new\n");
}
END_TEST

START_TEST(test_hard_link_kept)
{
    char p[512], h[512];
    struct stat a, b;
    in_dir(p, "one.csv");
    put(p, "old\n");
    ck_assert_int_eq(link(p, in_dir(h, "two.csv")), 0);
    ck_assert_int_eq(chmod(p, 0640), 0);
    ck_assert_int_eq(stat(p, &a), 0);
    ck_assert_int_eq(write_all(h, "new data\n"), NHREF_OK);
    ck_assert_int_eq(stat(p, &b), 0);
    ck_assert_int_eq(a.st_ino, b.st_ino);
    ck_assert_int_eq(b.st_nlink, 2);
    ck_assert_int_eq(b.st_mode & 07777, 0640);
    ck_assert_str_eq(get(p), "new data\n");
    ck_assert_str_eq(get(h), "new data\n");
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_fifo_written_directly)
{
    char p[512];
    struct stat st;
    pid_t pid;
    int status;
    ck_assert_int_eq(mkfifo(in_dir(p, "fifo"), 0600), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) /* the writer */
        _exit(write_all(p, "through the fifo\n") == NHREF_OK ? 0 : 1);
    {
        FILE *r = fopen(p, "r");
        char line[64] = "";
        ck_assert_ptr_nonnull(r);
        ck_assert_ptr_nonnull(fgets(line, sizeof line, r));
        fclose(r);
        ck_assert_str_eq(line, "through the fifo\n");
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_int_eq(lstat(p, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

/* a device: root makes its own node (1,3 = /dev/null, 1,7 = /dev/full) in the
 * test directory, so that a faulty replacement could never touch /dev itself */
static const char *device(char *buf, const char *name, unsigned minor)
{
    if (geteuid() == 0 && mknod(in_dir(buf, name), S_IFCHR | 0666, makedev(1, minor)) == 0) {
        int fd = open(buf, O_WRONLY); /* a file system mounted nodev refuses it */
        if (fd >= 0) {
            close(fd);
            return buf;
        }
        unlink(buf);
    }
    snprintf(buf, 512, "/dev/%s", name); /* as an ordinary user, /dev is not writable */
    return buf;
}

START_TEST(test_device_full)
{
    char buf[512];
    const char *dev = device(buf, "full", 7);
    struct stat st;
    nhref_outfile_t *f;
    ck_assert_int_eq(nhref_outfile_open(&f, dev), NHREF_OK);
    fputs("x\n", nhref_outfile_stream(f));
    errno = 0;
    ck_assert_int_eq(nhref_outfile_commit(f), NHREF_EIO);
    ck_assert_int_eq(errno, ENOSPC);
    ck_assert_int_eq(lstat(dev, &st), 0);
    ck_assert(S_ISCHR(st.st_mode)); /* still the device */
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_write_error_errno)
{
    /* more than a buffer: the error shows during writing, with its errno */
    char buf[512];
    const char *dev = device(buf, "full", 7);
    nhref_outfile_t *f;
    FILE *s;
    ck_assert_int_eq(nhref_outfile_open(&f, dev), NHREF_OK);
    s = nhref_outfile_stream(f);
    for (int i = 0; i < 100000 && !ferror(s); i++)
        fputs("0123456789,0123456789\n", s);
    ck_assert(ferror(s));
    ck_assert_int_eq(nhref_outfile_error(f), ENOSPC);
    nhref_outfile_abort(f);
}
END_TEST

START_TEST(test_dev_null)
{
    char buf[512];
    const char *dev = device(buf, "null", 3);
    struct stat st;
    ck_assert_int_eq(write_all(dev, "nothing\n"), NHREF_OK);
    ck_assert_int_eq(write_all(dev, "nothing\n"), NHREF_OK);
    ck_assert_int_eq(lstat(dev, &st), 0);
    ck_assert(S_ISCHR(st.st_mode)); /* still the device */
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_descriptor_path)
{
    char p[512], path[64];
    int fd;
    in_dir(p, "fd.csv");
    fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "first\n", 6), 6);
    snprintf(path, sizeof path, "/dev/fd/%d", fd);
    ck_assert_int_eq(write_all(path, "second\n"), NHREF_OK);
    ck_assert_int_eq(write(fd, "third\n", 6), 6);
    close(fd);
    ck_assert_str_eq(get(p), "first\nsecond\nthird\n"); /* the descriptor's own offset */
    snprintf(path, sizeof path, "/proc/self/fd/%d", 1000);
    ck_assert_int_eq(write_all(path, "x"), NHREF_EIO); /* not open */
}
END_TEST

START_TEST(test_refused)
{
    char p[512];
    errno = 0;
    ck_assert_int_eq(write_all(dir, "x"), NHREF_EIO);
    ck_assert_int_eq(errno, EISDIR);
    ck_assert_int_eq(write_all(in_dir(p, "no/such/dir.csv"), "x"), NHREF_EIO);
    ck_assert_int_eq(errno, ENOENT);
    ck_assert_int_eq(write_all("", "x"), NHREF_EIO);
    if (geteuid() != 0) { /* root may write anything */
        in_dir(p, "readonly.csv");
        put(p, "keep\n");
        chmod(p, 0444);
        ck_assert_int_eq(write_all(p, "x"), NHREF_EIO);
        ck_assert_int_eq(errno, EACCES);
        ck_assert_str_eq(get(p), "keep\n");
    }
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

START_TEST(test_abort_keeps_old)
{
    char p[512];
    nhref_outfile_t *f;
    in_dir(p, "keep.csv");
    put(p, "keep me\n");
    ck_assert_int_eq(nhref_outfile_open(&f, p), NHREF_OK);
    fputs("half a file", nhref_outfile_stream(f));
    fflush(nhref_outfile_stream(f));
    ck_assert_int_eq(ntmp(), 1);
    ck_assert_str_eq(get(p), "keep me\n");
    nhref_outfile_abort(f);
    ck_assert_str_eq(get(p), "keep me\n");
    ck_assert_int_eq(ntmp(), 0);
}
END_TEST

/* a child process opens PATH, writes, and is sent the signal (default
 * disposition, as in a shell): it dies of it and leaves no temporary file */
static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

START_TEST(test_signal_removes_tmp)
{
    char p[512];
    int fds[2], status;
    pid_t pid;
    char c;
    in_dir(p, "sig.csv");
    put(p, "keep me\n");
    ck_assert_int_eq(pipe(fds), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        nhref_outfile_t *f;
        signal(sigs[_i], SIG_DFL);
        if (nhref_outfile_open(&f, p) != NHREF_OK)
            _exit(3);
        fputs("half a file", nhref_outfile_stream(f));
        fflush(nhref_outfile_stream(f));
        if (write(fds[1], "r", 1) != 1) /* ready */
            _exit(4);
        for (;;)
            pause();
    }
    close(fds[1]);
    ck_assert_int_eq(read(fds[0], &c, 1), 1);
    close(fds[0]);
    ck_assert_int_eq(ntmp(), 1);
    kill(pid, sigs[_i]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == sigs[_i],
                  "the child should die of signal %d", sigs[_i]);
    ck_assert_int_eq(ntmp(), 0);
    ck_assert_str_eq(get(p), "keep me\n");
}
END_TEST

/* a program's own disposition is left alone: SIGTERM ignored stays ignored */
START_TEST(test_signal_own_disposition)
{
    char p[512];
    int status;
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        nhref_outfile_t *f;
        signal(SIGTERM, SIG_IGN);
        if (nhref_outfile_open(&f, in_dir(p, "ign.csv")) != NHREF_OK)
            _exit(3);
        fputs("data\n", nhref_outfile_stream(f));
        raise(SIGTERM);
        _exit(nhref_outfile_commit(f) == NHREF_OK && signal(SIGTERM, SIG_DFL) == SIG_IGN ? 0
                                                                                       : 5);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_str_eq(get(in_dir(p, "ign.csv")), "data\n");
}
END_TEST

/* after the last commit the handler is gone: SIGTERM is default again */
START_TEST(test_signal_handler_removed)
{
    char p[512];
    struct sigaction sa;
    signal(SIGTERM, SIG_DFL);
    ck_assert_int_eq(write_all(in_dir(p, "h.csv"), "x\n"), NHREF_OK);
    ck_assert_int_eq(sigaction(SIGTERM, NULL, &sa), 0);
    ck_assert(sa.sa_handler == SIG_DFL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("outfile");
    TCase *tc = tcase_create("outfile");
    SRunner *sr;
    int nfailed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_new_file_umask);
    tcase_add_loop_test(tc, test_overwrite_keeps_mode, 0, 4);
    tcase_add_test(tc, test_overwrite_keeps_owner);
    tcase_add_test(tc, test_symlink_followed);
    tcase_add_test(tc, test_dangling_symlink);
    tcase_add_test(tc, test_hard_link_kept);
    tcase_add_test(tc, test_fifo_written_directly);
    tcase_add_test(tc, test_device_full);
    tcase_add_test(tc, test_write_error_errno);
    tcase_add_test(tc, test_dev_null);
    tcase_add_test(tc, test_descriptor_path);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_abort_keeps_old);
    tcase_add_loop_test(tc, test_signal_removes_tmp, 0, 3);
    tcase_add_test(tc, test_signal_own_disposition);
    tcase_add_test(tc, test_signal_handler_removed);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

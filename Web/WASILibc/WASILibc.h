// The C library the WebAssembly engine links (Debian's wasi-libc: musl for wasm32 over WASI
// system calls), as one Clang module for Embedded Swift, which has no Glibc module of its own.
// scripts/build-web.sh puts this folder on the import path. The Swift sources import it where
// the native build imports Glibc: `#elseif canImport(WASILibc)`.
//
// What Swift cannot import from these headers is restated below from the headers' own values:
// error numbers and flags that are macros over casts, the variadic open(2) and snprintf(3),
// and the few POSIX calls WASI leaves out (no file modes, no umask, no dup).
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CURVEKIT_CONSTANT(name) static const int curvekit_##name = name;
CURVEKIT_CONSTANT(EINTR) CURVEKIT_CONSTANT(ENOENT) CURVEKIT_CONSTANT(ELOOP) CURVEKIT_CONSTANT(EISDIR)
CURVEKIT_CONSTANT(EEXIST) CURVEKIT_CONSTANT(EPERM) CURVEKIT_CONSTANT(ENOTSUP) CURVEKIT_CONSTANT(EOPNOTSUPP)
CURVEKIT_CONSTANT(EMLINK) CURVEKIT_CONSTANT(EIO) CURVEKIT_CONSTANT(ERANGE) CURVEKIT_CONSTANT(EPIPE)
CURVEKIT_CONSTANT(ENOSYS) CURVEKIT_CONSTANT(EINVAL) CURVEKIT_CONSTANT(EXDEV) CURVEKIT_CONSTANT(EACCES)
CURVEKIT_CONSTANT(O_NONBLOCK) CURVEKIT_CONSTANT(O_DIRECTORY) CURVEKIT_CONSTANT(O_CREAT) CURVEKIT_CONSTANT(O_EXCL)
CURVEKIT_CONSTANT(O_RDONLY) CURVEKIT_CONSTANT(O_WRONLY) CURVEKIT_CONSTANT(O_RDWR) CURVEKIT_CONSTANT(O_TRUNC)
CURVEKIT_CONSTANT(O_NOFOLLOW) CURVEKIT_CONSTANT(O_CLOEXEC)
CURVEKIT_CONSTANT(S_IFMT) CURVEKIT_CONSTANT(S_IFDIR) CURVEKIT_CONSTANT(S_IFREG) CURVEKIT_CONSTANT(S_IFLNK)
CURVEKIT_CONSTANT(S_IFBLK) CURVEKIT_CONSTANT(S_IFCHR) CURVEKIT_CONSTANT(S_IFIFO)
CURVEKIT_CONSTANT(AT_SYMLINK_NOFOLLOW) CURVEKIT_CONSTANT(AT_FDCWD) CURVEKIT_CONSTANT(PATH_MAX)
#undef CURVEKIT_CONSTANT
static const clockid_t curvekit_CLOCK_REALTIME = CLOCK_REALTIME;

/// mkstemp(3), which WASI leaves out: the trailing XXXXXX from the host's random source,
/// created with O_CREAT | O_EXCL, retried while the name exists.
static inline int curvekit_mkstemp(char *template_path) {
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  size_t length = strlen(template_path);
  if (length < 6 || strcmp(template_path + length - 6, "XXXXXX") != 0) { errno = EINVAL; return -1; }
  for (int attempt = 0; attempt < 100; attempt++) {
    unsigned char random[6];
    if (getentropy(random, sizeof random) != 0) return -1;
    for (int i = 0; i < 6; i++) template_path[length - 6 + i] = alphabet[random[i] % 62];
    int descriptor = open(template_path, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (descriptor >= 0 || errno != EEXIST) return descriptor;
  }
  errno = EEXIST;
  return -1;
}
/// A directory entry's name (a flexible array member, which Swift does not import).
static inline const char *curvekit_dirent_name(const struct dirent *entry) { return entry->d_name; }
/// open(2) with a mode: the header's is variadic.
static inline int curvekit_open(const char *path, int flags, mode_t mode) { return open(path, flags, mode); }
/// openat(2) with a mode.
static inline int curvekit_openat(int directory, const char *path, int flags, mode_t mode) {
  return openat(directory, path, flags, mode);
}
/// snprintf(3) of one double with a format: the header's is variadic.
static inline int curvekit_format_double(char *buffer, size_t size, const char *format, double value) {
  return snprintf(buffer, size, format, value);
}

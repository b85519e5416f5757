// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The C library names the WebAssembly build needs under the spelling the native build uses,
// from Web/WASILibc/WASILibc.h (values from wasi-libc's own headers). Compiled only there.
#if canImport(WASILibc)
  @preconcurrency import WASILibc

  package let EINTR = curvekit_EINTR
  package let ENOENT = curvekit_ENOENT
  package let ELOOP = curvekit_ELOOP
  package let EISDIR = curvekit_EISDIR
  package let EEXIST = curvekit_EEXIST
  package let EPERM = curvekit_EPERM
  package let ENOTSUP = curvekit_ENOTSUP
  package let EOPNOTSUPP = curvekit_EOPNOTSUPP
  package let EMLINK = curvekit_EMLINK
  package let EIO = curvekit_EIO
  package let ERANGE = curvekit_ERANGE
  package let EPIPE = curvekit_EPIPE
  package let O_NONBLOCK = curvekit_O_NONBLOCK
  package let O_DIRECTORY = curvekit_O_DIRECTORY
  package let O_CREAT = curvekit_O_CREAT
  package let O_EXCL = curvekit_O_EXCL
  package let O_RDONLY = curvekit_O_RDONLY
  package let O_WRONLY = curvekit_O_WRONLY
  package let O_NOFOLLOW = curvekit_O_NOFOLLOW
  package let O_CLOEXEC = curvekit_O_CLOEXEC
  package let S_IFMT = mode_t(curvekit_S_IFMT)
  package let S_IFDIR = mode_t(curvekit_S_IFDIR)
  package let S_IFREG = mode_t(curvekit_S_IFREG)
  package let S_IFLNK = mode_t(curvekit_S_IFLNK)
  package let S_IFBLK = mode_t(curvekit_S_IFBLK)
  package let S_IFCHR = mode_t(curvekit_S_IFCHR)
  package let S_IFIFO = mode_t(curvekit_S_IFIFO)
  package let AT_SYMLINK_NOFOLLOW = curvekit_AT_SYMLINK_NOFOLLOW

  /// open(2) with a mode (the header's `open` is variadic).
  package func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    curvekit_open(path, flags, mode)
  }
  /// openat(2) with a mode (the header's is variadic).
  package func openat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    curvekit_openat(directory, path, flags, mode)
  }
  /// mkstemp(3), which WASI leaves out: `O_CREAT | O_EXCL` on the template's `XXXXXX` filled
  /// from the host's random source, retried on a name that exists.
  package func mkstemp(_ template: UnsafeMutablePointer<CChar>) -> Int32 { curvekit_mkstemp(template) }
  /// umask(2): WASI files have no permission bits, so there is no mask to read or set.
  @discardableResult package func umask(_ mask: mode_t) -> mode_t { 0 }
  /// fchmod(2): WASI files have no permission bits; setting them succeeds and does nothing.
  package func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 { 0 }
  /// dup(2), which WASI leaves out: fails with ENOSYS, so a caller takes its no-duplicate path.
  package func dup(_ descriptor: Int32) -> Int32 {
    errno = curvekit_ENOSYS
    return -1
  }

  /// A directory entry's name (musl's `d_name` is a flexible array Swift does not import).
  package func direntName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    String(cString: curvekit_dirent_name(entry))
  }

  /// A C stream: opaque in musl.
  package typealias CFile = OpaquePointer
#else
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
  /// A directory entry's name.
  package func direntName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }

  /// A C stream.
  package typealias CFile = UnsafeMutablePointer<FILE>
#endif

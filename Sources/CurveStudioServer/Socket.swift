#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the server could not start; one line naming the address.
package struct ServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line naming the address and the system's reason.
  package var description: String

  /// Creates an error with a one-line message.
  package init(_ description: String) { self.description = description }
}

/// Thin wrappers over the POSIX socket calls the server uses, the same on Linux and Darwin.
enum Socket {
  /// The system's message for the current `errno`.
  static var lastError: String { String(cString: strerror(errno)) }

  /// A TCP socket listening on 127.0.0.1:`port` (0: a free port), and the port it got.
  static func listenOnLoopback(port: Int, backlog: Int32 = 64) throws(ServerError) -> (descriptor: Int32, port: Int) {
    guard (0...65_535).contains(port) else { throw ServerError("port \(port) is not in 0…65535") }
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw ServerError("cannot create a socket: \(lastError)") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1, never INADDR_ANY.
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let reason = lastError
      close(descriptor)
      throw ServerError("cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    guard listen(descriptor, backlog) == 0 else {
      let reason = lastError
      close(descriptor)
      throw ServerError("cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
  }

  /// Waits up to `milliseconds` for `descriptor` to become readable; true when it is (or
  /// has an error or hang-up to report through `recv`).
  static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, milliseconds)
      if result < 0 && errno == EINTR { continue }
      return result > 0
    }
  }

  /// Accepts one pending connection, or nil.
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      let descriptor = systemAccept(listener)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        // Each response goes out in one write; never hold it back waiting for an ACK (Nagle).
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
          setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
      }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// Reads up to `buffer.count` bytes: the count, 0 at end of stream, nil on an error.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int? {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// Sends every byte, giving up after `timeoutMilliseconds` without progress; true when all went out.
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], timeoutMilliseconds: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&entry, 1, timeoutMilliseconds)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return false }
      let sent = bytes.withUnsafeBytes { raw in
        send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, sendFlags)
      }
      if sent < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Flags for `send`: no SIGPIPE on Linux (Darwin sets SO_NOSIGPIPE on the socket instead).
  static var sendFlags: Int32 {
    #if canImport(Darwin)
      return 0
    #else
      return Int32(MSG_NOSIGNAL)
    #endif
  }

  /// Stops both directions (wakes a thread blocked on the socket), then closes it.
  static func shutdownAndClose(_ descriptor: Int32) {
    shutdown(descriptor, Int32(SHUT_RDWR))
    close(descriptor)
  }
}

/// `accept(2)` without the peer address, under a name that does not collide with ``Socket/accept(_:)``.
private func systemAccept(_ listener: Int32) -> Int32 {
  accept(listener, nil, nil)
}

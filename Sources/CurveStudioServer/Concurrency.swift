#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, for state shared between connection threads.
package final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A value guarded by a ``Lock``.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value

  /// Creates the guarded value.
  package init(_ value: Value) { self.value = value }

  /// Reads or changes the value under the lock.
  package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }
}

/// Starts detached POSIX threads.
package enum Threads {
  private final class Start {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread; false when the system refuses one.
  package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
    let start = Unmanaged.passRetained(Start(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread, &attributes,
      { raw in
        let pointer: UnsafeMutableRawPointer? = raw
        if let pointer { Unmanaged<Start>.fromOpaque(pointer).takeRetainedValue().body() }
        return nil
      }, start)
    if result != 0 {
      Unmanaged<Start>.fromOpaque(start).release()
      return false
    }
    return true
  }
}

import Testing

@testable import CurveStudioServer

/// The order in which the server drops a connection for a new one when every slot is taken
/// (``HTTPServer``'s overview), on an injected clock: each connection's instants and `now` are
/// set by the test, so the grace period is crossed exactly, without sockets or waiting.
@Suite("HTTP server: eviction order on an injected clock")
struct EvictionOrderTests {
  typealias Connection = HTTPServer.Connection

  /// An arbitrary origin; only the differences from it matter.
  static let origin = ContinuousClock.now
  static let grace = Duration.seconds(2)

  /// The instant `milliseconds` after the origin.
  static func at(_ milliseconds: Int) -> ContinuousClock.Instant { origin + .milliseconds(milliseconds) }

  /// A connection made at `connected` ms, last active then unless said otherwise.
  static func connection(
    _ descriptor: Int32, connected: Int = 0, requests: Int = 0, handling: Bool = false, receiving: Bool = false,
    credentialed: Bool = false, writingSince: Int? = nil, webSocket: Bool = false, lastActive: Int? = nil
  ) -> Connection {
    Connection(
      descriptor: descriptor, connected: at(connected), requests: requests, handling: handling, receiving: receiving,
      credentialed: credentialed, writingSince: writingSince.map(at), webSocket: webSocket,
      lastActive: at(lastActive ?? connected))
  }

  @Test("a silent or receiving new connection is protected for the grace period, to the millisecond")
  func gracePeriod() {
    let silent = Self.connection(1)
    #expect(silent.evictionRank(now: Self.at(1_999), grace: Self.grace) == 4)
    #expect(silent.evictionRank(now: Self.at(2_000), grace: Self.grace) == 1)
    var receiving = Self.connection(2)
    receiving.receiving = true
    #expect(receiving.evictionRank(now: Self.at(1_999), grace: Self.grace) == 5)
    #expect(receiving.evictionRank(now: Self.at(2_000), grace: Self.grace) == 2)
  }

  @Test("the ranks, lowest dropped first: idle public, silent, receiving, unread, new, then credentialed")
  func ranks() {
    let now = Self.at(10_000)
    let ranked: [(Connection, Int?)] = [
      (Self.connection(1, requests: 1), 0),
      (Self.connection(2), 1),
      (Self.connection(3, receiving: true), 2),
      (Self.connection(4, requests: 1, writingSince: 9_000), 3),
      (Self.connection(5, connected: 9_000), 4),
      (Self.connection(6, connected: 9_000, receiving: true), 5),
      (Self.connection(7, requests: 1, credentialed: true), 6),
      (Self.connection(8, requests: 1, credentialed: true, writingSince: 9_500), 7),
      (Self.connection(9, requests: 1, receiving: true, credentialed: true), nil),
      (Self.connection(10, requests: 1, handling: true), nil),
      (Self.connection(11, requests: 1, webSocket: true), nil),
    ]
    for (connection, rank) in ranked {
      #expect(connection.evictionRank(now: now, grace: Self.grace) == rank, "connection \(connection.descriptor)")
    }
  }

  @Test("the victim: the lowest rank, the oldest within it, none when every connection is protected")
  func victim() {
    let now = Self.at(10_000)
    let idle: [Int: Connection] = [
      1: Self.connection(1, requests: 1, lastActive: 5_000),
      2: Self.connection(2, requests: 1, lastActive: 3_000),
      3: Self.connection(3, requests: 1, credentialed: true, lastActive: 1_000),
    ]
    #expect(HTTPServer.evictionVictim(idle, now: now, grace: Self.grace) == 2, "rank 0, idle since 3 s")
    // A response waiting to be read counts from when the writing began, not the last request.
    let writing: [Int: Connection] = [
      4: Self.connection(4, requests: 1, writingSince: 8_000, lastActive: 1_000),
      5: Self.connection(5, requests: 1, writingSince: 6_000, lastActive: 2_000),
    ]
    #expect(HTTPServer.evictionVictim(writing, now: now, grace: Self.grace) == 5)
    // A silent socket 1 ms short of its grace period still goes before the user's idle connection.
    let young: [Int: Connection] = [
      6: Self.connection(6, connected: 8_001), 7: Self.connection(7, requests: 1, credentialed: true),
    ]
    #expect(HTTPServer.evictionVictim(young, now: Self.at(10_000), grace: Self.grace) == 6, "rank 4 before rank 6")
    let protected: [Int: Connection] = [
      8: Self.connection(8, requests: 1, handling: true), 9: Self.connection(9, webSocket: true),
      10: Self.connection(10, receiving: true, credentialed: true),
    ]
    #expect(HTTPServer.evictionVictim(protected, now: now, grace: Self.grace) == nil)
  }
}

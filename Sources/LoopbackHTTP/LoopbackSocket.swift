import FlowSystem

/// The POSIX socket calls ``LoopbackHTTPServer`` makes, each retried on `EINTR`, with
/// the differences between Linux and Darwin kept here.
enum LoopbackSocket {
    /// What one read of a connection gave.
    enum Received {
        /// Bytes (never empty).
        case bytes([UInt8])
        /// The peer closed its side: nothing more will come.
        case end
        /// Nothing came before the deadline.
        case timedOut
        /// The read failed (the connection was reset…).
        case failed
    }

    /// `SOCK_STREAM`, which Glibc imports as an enum.
    private static var stream: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// The flags of every `send`: no `SIGPIPE` for a peer gone (Darwin has no
    /// `MSG_NOSIGNAL`; its sockets get `SO_NOSIGPIPE` instead, ``accept(_:)``).
    private static var sendFlags: Int32 {
        #if canImport(Darwin)
            0
        #else
            Int32(MSG_NOSIGNAL)
        #endif
    }

    /// A TCP socket bound to 127.0.0.1:`port` (0: a free port the kernel picks) and
    /// listening, non-blocking (``accept(_:)`` never waits) and closed on `exec`, with
    /// `SO_REUSEADDR` (a port whose last connections are still in `TIME_WAIT` can be
    /// bound again). Returns the descriptor and the address and port `getsockname`
    /// reports.
    static func listen(port: UInt16, backlog: Int32) throws(LoopbackServerError) -> (descriptor: Int32, address: String, port: UInt16) {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw .socket(operation: "socket", code: errno) }
        func fail(_ operation: String) -> LoopbackServerError {
            let code = errno
            close(descriptor)
            switch (operation, code) {
            case ("bind", EADDRINUSE): return .portInUse(port)
            case ("bind", EACCES): return .portNotAllowed(port)
            default: return .socket(operation: operation, code: code)
            }
        }
        guard setFlag(descriptor, FD_CLOEXEC, get: F_GETFD, set: F_SETFD, on: true),
            setFlag(descriptor, O_NONBLOCK, get: F_GETFL, set: F_SETFL, on: true)
        else { throw fail("fcntl") }
        var one: Int32 = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw fail("setsockopt(SO_REUSEADDR)")
        }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        // Loopback only, never INADDR_ANY: nothing off this computer can connect.
        address.sin_addr = in_addr(s_addr: INADDR_LOOPBACK.bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw fail("bind") }
        guard posixListen(descriptor, backlog) == 0 else { throw fail("listen") }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        return (descriptor, dottedQuad(actual.sin_addr), UInt16(bigEndian: actual.sin_port))
    }

    /// `listen(2)` (the name is taken by ``listen(port:backlog:)`` here).
    private static func posixListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.listen(descriptor, backlog)
        #elseif canImport(Musl)
            Musl.listen(descriptor, backlog)
        #else
            Darwin.listen(descriptor, backlog)
        #endif
    }

    /// `a.b.c.d` of an IPv4 address.
    static func dottedQuad(_ address: in_addr) -> String {
        let value = UInt32(bigEndian: address.s_addr)
        return [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    }

    /// Sets or clears `flag` with `fcntl` (`get`/`set`: `F_GETFD`/`F_SETFD` or
    /// `F_GETFL`/`F_SETFL`); whether it worked.
    static func setFlag(_ descriptor: Int32, _ flag: Int32, get: Int32, set: Int32, on: Bool) -> Bool {
        let flags = fcntl(descriptor, get)
        guard flags >= 0 else { return false }
        return fcntl(descriptor, set, on ? flags | flag : flags & ~flag) == 0
    }

    /// What accepting gave: a connection's descriptor, nothing waiting (`EAGAIN`, or a
    /// connection reset before it was accepted), or the error `errno` (out of
    /// descriptors…).
    enum Accepted {
        case connection(Int32)
        case none
        case failed(Int32)
    }

    /// Accepts one connection from a non-blocking listening socket, without waiting. The
    /// connection is closed on `exec` (a program a handler spawns must not inherit it)
    /// and, on Darwin, raises no `SIGPIPE` when written to after the peer left
    /// (`SO_NOSIGPIPE`; elsewhere each `send` says `MSG_NOSIGNAL`).
    static func accept(_ listener: Int32) -> Accepted {
        while true {
            // On Linux close-on-exec from the start (accept4): a handler program spawned by
            // another thread meanwhile must not inherit the connection. Darwin has no
            // accept4; its flag is set at once after.
            #if canImport(Glibc) || canImport(Musl)
                let descriptor = linuxAccept4(listener, nil, nil, linuxCloseOnExec)
            #else
                let descriptor = Darwin.accept(listener, nil, nil)
            #endif
            if descriptor >= 0 {
                #if canImport(Darwin)
                    _ = setFlag(descriptor, FD_CLOEXEC, get: F_GETFD, set: F_SETFD, on: true)
                #endif
                #if canImport(Darwin)
                    var one: Int32 = 1
                    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                #endif
                return .connection(descriptor)
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO: return .none
            case let code: return .failed(code)
            }
        }
    }

    /// Makes an accepted connection blocking (Darwin passes on the listener's
    /// `O_NONBLOCK`), with `SO_RCVTIMEO` and `SO_SNDTIMEO` of `timeout` (each read and
    /// write waits at most that long; at least 1 ms, as 0 would mean for ever).
    static func configureConnection(_ descriptor: Int32, timeout: Duration) {
        _ = setFlag(descriptor, O_NONBLOCK, get: F_GETFL, set: F_SETFL, on: false)
        let (seconds, attoseconds) = timeout.components
        var time = timeval()
        time.tv_sec = .init(max(0, seconds))
        time.tv_usec = .init(max(0, min(999_999, attoseconds / 1_000_000_000_000)))
        if time.tv_sec == 0 && time.tv_usec < 1000 { time.tv_usec = 1000 }
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Milliseconds from now until `deadline`, rounded up, within what `poll` takes.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }

    /// Waits until `descriptors` has something to read (or, with `events`, what those ask
    /// for, one per descriptor) or `timeout` milliseconds pass (−1: for ever); the
    /// `revents` of each, or `nil` when `poll` failed. The one `poll(2)` of the server.
    static func poll(_ descriptors: [Int32], events: [Int16]? = nil, timeout: Int32) -> [Int16]? {
        var entries = descriptors.indices.map { pollfd(fd: descriptors[$0], events: events?[$0] ?? Int16(POLLIN), revents: 0) }
        while true {
            #if canImport(Glibc)
                let ready = Glibc.poll(&entries, nfds_t(entries.count), timeout)
            #elseif canImport(Musl)
                let ready = Musl.poll(&entries, nfds_t(entries.count), timeout)
            #else
                let ready = Darwin.poll(&entries, nfds_t(entries.count), timeout)
            #endif
            if ready >= 0 { return entries.map(\.revents) }
            if errno != EINTR { return nil }
        }
    }

    /// A pipe, both ends closed on `exec`, whose write end a task writes a byte to when it
    /// is done; `nil` when none can be made (out of descriptors).
    static func wakePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = setFlag(end, FD_CLOEXEC, get: F_GETFD, set: F_SETFD, on: true) }
        return (ends[0], ends[1])
    }

    /// Waits until `done` is readable (`false`) or the peer of `connection` has closed
    /// or reset it (`true`). What the peer still sends meanwhile is read and dropped (up
    /// to 1 MiB; past that the connection is no longer watched). O(bytes dropped).
    static func waitForTaskOrHangUp(_ connection: Int32, done: Int32) -> Bool {
        var watching = true
        var dropped = 0
        #if canImport(Glibc) || canImport(Musl)
            let hangUp = Int16(POLLIN) | linuxPollReadHangUp
        #else
            let hangUp = Int16(POLLIN)
        #endif
        while true {
            guard let events = poll(watching ? [done, connection] : [done], events: [Int16(POLLIN), hangUp], timeout: -1) else {
                return false
            }
            if events[0] != 0 { return false }
            guard watching, events[1] != 0 else { continue }
            let revents = events[1]
            #if canImport(Glibc) || canImport(Musl)
                if revents & (linuxPollReadHangUp | Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
            #else
                if revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
            #endif
            switch receive(connection, limit: 65_536, deadline: .now, nonBlocking: true) {
            case .bytes(let chunk):
                dropped += chunk.count
                if dropped > 1 << 20 { watching = false }
            case .end, .failed: return true
            case .timedOut: continue
            }
        }
    }

    /// Reads up to `limit` bytes, waiting no later than `deadline` (`nonBlocking`: not
    /// at all).
    static func receive(_ descriptor: Int32, limit: Int, deadline: ContinuousClock.Instant, nonBlocking: Bool = false) -> Received {
        if !nonBlocking {
            guard let events = poll([descriptor], timeout: milliseconds(until: deadline)) else { return .failed }
            if events[0] == 0 { return .timedOut }
        }
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, nonBlocking ? Int32(MSG_DONTWAIT) : 0)
            }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count == 0 { return .end }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .timedOut
            default: return .failed
            }
        }
    }

    /// Writes all of `bytes`, giving up at `deadline` (checked between writes; each
    /// write waits at most `SO_SNDTIMEO`) or when the peer is gone (no `SIGPIPE`);
    /// `nonBlocking`: only what fits at once. Whether everything was written.
    @discardableResult
    static func send(_ descriptor: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant, nonBlocking: Bool = false) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard ContinuousClock.now < deadline else { return false }
            let flags = sendFlags | (nonBlocking ? Int32(MSG_DONTWAIT) : 0)
            let count = bytes.withUnsafeBytes {
                posixSend(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// `send(2)` (the name is taken by ``send(_:_:deadline:nonBlocking:)`` here).
    private static func posixSend(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
            Glibc.send(descriptor, pointer, count, flags)
        #elseif canImport(Musl)
            Musl.send(descriptor, pointer, count, flags)
        #else
            Darwin.send(descriptor, pointer, count, flags)
        #endif
    }

    /// Closes a connection after its response: ends this side (the peer reads the end
    /// of the response), then reads and drops what the peer still sends, up to `bytes`
    /// or until `deadline`, before closing. Closing with unread bytes would send a reset,
    /// which can make the peer lose the response it has not read yet (a request refused
    /// before its body was read). `nonBlocking`: only drops what has already arrived.
    static func closeAfterResponse(
        _ descriptor: Int32, deadline: ContinuousClock.Instant, bytes: Int = 1 << 20, nonBlocking: Bool = false
    ) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        var dropped = 0
        while dropped < bytes,
            case .bytes(let chunk) = receive(descriptor, limit: 65_536, deadline: deadline, nonBlocking: nonBlocking)
        {
            dropped += chunk.count
        }
        close(descriptor)
    }
}

#if canImport(Glibc) || canImport(Musl)
    /// `accept4(2)` (Linux): `accept` with flags, here `SOCK_CLOEXEC`, so the connection is
    /// close-on-exec from the start. Not in the Swift overlay; bound by its C name.
    @_silgen_name("accept4")
    private func linuxAccept4(
        _ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?, _ flags: Int32
    ) -> Int32

    /// `POLLRDHUP` (Linux, 0x2000: the peer closed its side), which the Swift overlay
    /// does not import (glibc defines it under `_GNU_SOURCE`).
    private let linuxPollReadHangUp: Int16 = 0x2000

    /// `SOCK_CLOEXEC` (0o2000000 on Linux, the value of `O_CLOEXEC`).
    private let linuxCloseOnExec = Int32(O_CLOEXEC)
#endif

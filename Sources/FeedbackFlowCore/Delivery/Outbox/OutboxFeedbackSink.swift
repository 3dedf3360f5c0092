import FlowSource
import FlowSystem

/// A ``FeedbackSink`` that never loses a submission and never sends one twice: it keeps
/// each submission durably in a file (the outbox) before anything else, then hands it to
/// another sink (the delivery: `HTTPFeedbackSink` of module `FeedbackFlowHTTP`, a
/// ``JSONLinesFeedbackSink``, any sink) and forgets it only once that succeeded.
///
/// **Submitting.** ``submit(_:)`` appends the submission's record to the file and
/// `fsync(2)`s it (and the folder, when this creates the file) *before* it returns, so
/// returning means durably kept; then it tries the delivery once; on success the record is
/// removed. It throws only when the submission could not be kept (a ``DeliveryError``):
/// the `collectUserFeedback` step then fails and its screen shows the error, so nothing
/// neither delivered nor kept ever looks like a success. A delivery that fails leaves the
/// record kept; ``submitReturningOutcome(_:)`` says which happened.
///
/// **Retrying.** ``flush(startingNow:waitingUpTo:)-(_,Duration)`` delivers what is kept,
/// oldest first, with exponential backoff and full jitter, `Retry-After` honoured, and
/// records marked dead after a maximum number of attempts or a maximum age
/// (``OutboxRetryPolicy``). A dead record is kept and listed, never dropped by itself; ``drop(id:)`` removes one and
/// ``revive(ids:)`` makes it live again. A delivery that could not be attempted at all
/// (``DeliveryUnavailable``: the setup is broken) counts no attempt.
/// Every retry sends the same submission with the same ``FeedbackSubmission/id``, the key
/// a receiver uses to recognise a repeat (a crash after the receiver accepted but before
/// the record was removed makes the next flush send it again).
///
/// **The file** (JSON Lines: UTF-8, one record per line, `\n` after each) holds one object
/// per kept submission, keys sorted:
///
/// ```json
/// {"attempts":1,"dead":false,"firstAttemptAt":"2024-05-01T12:00:00.000Z","keptAt":"2024-05-01T12:00:00.000Z","lastAttemptAt":"2024-05-01T12:00:00.000Z","lastError":"HTTP 503","nextAttemptAt":"2024-05-01T12:00:01.370Z","submission":{"custom":{},"flowID":"call-quality-rating","id":"5f0c2a9e-3b1d-4c6e-9a8f-2d7e4b1c0a93","rating":4,"screenID":"rate-call","submittedAt":"2024-05-01T12:00:00Z"}}
/// ```
///
/// `attempts` counts failed attempts; the times are ISO 8601 UTC with milliseconds, `null`
/// until there is one (`nextAttemptAt` is `null` before the first attempt and once dead);
/// `submission` is the submission's JSON form (`FeedbackSubmission/jsonText`).
///
/// **Crash safety.** A crash at any moment leaves a file whose every line is a whole
/// record: appends are whole lines (a last line without its line break — an append the
/// crash cut, never acknowledged — is ignored when read, and the next append starts a new
/// line), and every removal or update rewrites the file atomically (a temporary file in
/// the same folder, `fsync`, `rename(2)`, `fsync` of the folder). A whole line that is not
/// a record is kept as it is and reported (``OutboxContents/unreadableLines``). Writers of
/// every process take an exclusive `flock(2)` on the file's folder around each append and
/// rewrite, so a `feedbackflow run` and an `outbox flush` can share one file. An outbox
/// claims a record in the file before it delivers it (until the attempt
/// ends, its process dies, or five minutes pass), and others skip what is claimed, so
/// concurrent flushes share the work rather than each sending every record (were a claim
/// lost, two deliveries of one record would still be harmless: the receiver's idempotency
/// key).
///
/// A host app on a phone passes a file URL in its own storage (Application Support,
/// say). The clock, the random source of the jitter and the sleep are parameters, so
/// tests run on a fake clock. Complexity: each attempt reads and rewrites the file,
/// O(file size).
public actor OutboxFeedbackSink: FeedbackSink {
    /// The outbox file (created on the first submission, removed when it holds nothing):
    /// a file URL (any other URL's path is taken as a file's path).
    public nonisolated let file: URL
    /// The backoff, attempts and age limits.
    public nonisolated let policy: OutboxRetryPolicy
    /// The largest outbox file read: 64 MiB. Submitting never reads the file, so it keeps
    /// working past this; flushing and listing then fail with
    /// ``OutboxError/cannotRead(path:reason:)``.
    public static let maximumBytes = 64 * 1024 * 1024

    private let delivery: any FeedbackSink
    private let store: OutboxFile
    private let now: @Sendable () -> Date
    private let randomFraction: @Sendable () -> Double
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Ids being delivered right now by this outbox, which a concurrent flush skips.
    private var inFlight: Set<String> = []
    /// This outbox's mark in the records it claims (``OutboxClaim``).
    private let token = UUID().uuidString

    /// An outbox in `file`, delivering through `delivery`.
    /// - Parameters:
    ///   - file: the outbox file, a file URL: `URL(filePath: …)`, or a folder's URL
    ///     `.appending(path: "feedback-outbox.jsonl")`. Its folder must exist.
    ///   - policy: backoff and limits (``OutboxRetryPolicy``).
    ///   - now: the clock: `keptAt`, attempt times, ages.
    ///   - randomFraction: the random source of the jitter: a number in 0..<1 (values outside
    ///     are clamped to 0...1); a wait is this fraction of the backoff ceiling.
    ///   - sleep: waits the given time (inside a flush that waits for a next attempt); by
    ///     default `Task.sleep(for:)`.
    public init(
        file: URL, delivery: any FeedbackSink, policy: OutboxRetryPolicy = OutboxRetryPolicy(),
        now: @escaping @Sendable () -> Date = { Date() },
        randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.file = file
        self.policy = policy
        self.delivery = delivery
        self.store = OutboxFile(path: file.localPath)
        self.now = now
        self.randomFraction = randomFraction
        self.sleep = sleep
    }

    /// Keeps `feedback` durably, then tries to deliver it once (see the type's notes).
    /// - Throws: ``DeliveryError`` or ``OutboxError`` when it could not be kept; a failed
    ///   delivery does not throw.
    public func submit(_ feedback: FeedbackSubmission) async throws {
        _ = try await submitReturningOutcome(feedback)
    }

    /// ``submit(_:)``, saying whether the submission was delivered or stays kept.
    /// - Throws: ``DeliveryError`` or ``OutboxError`` when it could not be kept durably
    ///   (then it is not in the file).
    public func submitReturningOutcome(_ feedback: FeedbackSubmission) async throws -> OutboxSubmitOutcome {
        let record = OutboxRecord(submission: feedback, keptAt: now())
        // Kept already claimed by this outbox: a concurrent flush leaves it to this attempt.
        var claimed = record
        claimed.claim = OutboxClaim(token: token, process: getpid(), until: record.keptAt.addingTimeInterval(OutboxClaim.duration))
        let store = store
        try store.withLock { try store.append(claimed) }
        var problems: [String] = []
        do {
            return try await attempt(record, problems: &problems)
        } catch {
            // Not attempted: kept as it was; what kept it is said, as a failure's message is.
            var kept = record
            kept.lastError = error.message
            return .kept(kept)
        }
    }

    /// Delivers what is kept, oldest first, waiting up to `maximumWait` for retries, and
    /// returns what was delivered and what is left.
    ///
    /// Each pass tries every record that is due — not dead, not being delivered by this
    /// outbox already, and its ``OutboxRecord/nextAttemptAt`` (backoff or `Retry-After`) has
    /// come — and, with `startingNow`, every record not yet tried in this flush even if
    /// its next attempt is later (what a person asking to deliver now expects; later
    /// retries in the same flush wait as usual), unless another outbox tried it since this
    /// flush began (concurrent flushes share the work). Then, while records are left whose next
    /// attempt comes within `maximumWait` of the flush's start (zero, the default, waits for
    /// nothing; a negative wait counts as zero), it sleeps until the first of them and
    /// makes another pass. So `flush()` on a timer tries only what is due, and
    /// `flush(waitingUpTo: .seconds(60))` retries with backoff for up to a minute. Records
    /// another outbox is delivering meanwhile (a concurrent flush) are waited for too,
    /// within `maximumWait`, looked at every ``othersPollPeriod``: what it delivered is in
    /// ``OutboxFlushResult/deliveredElsewhere``, not kept.
    ///
    /// - Throws: ``OutboxError`` when the file cannot be read (nothing was tried then, or
    ///   the flush stops), or `CancellationError` when the task is cancelled while it
    ///   sleeps. Problems writing the file do not stop it (``OutboxFlushResult/problems``);
    ///   a delivery that could not be attempted (``DeliveryUnavailable``) stops it, with
    ///   that record unchanged and no attempt counted, and is in
    ///   ``OutboxFlushResult/unavailable``.
    public func flush(startingNow: Bool = false, waitingUpTo maximumWait: Duration = .zero) async throws -> OutboxFlushResult {
        try await flush(startingNow: startingNow, waitingUpToSeconds: maximumWait.inSeconds)
    }

    /// ``flush(startingNow:waitingUpTo:)-(_,Duration)`` with the wait in seconds.
    private func flush(startingNow: Bool, waitingUpToSeconds maximumWait: Double) async throws -> OutboxFlushResult {
        let start = now()
        let deadline = start.addingTimeInterval(max(0, maximumWait))
        var tried: Set<String> = []
        // The next attempt of each record tried in this flush, as its attempt left it (what
        // the file says unless writing the file failed): delivered and dead ones never.
        var notBefore: [String: Date] = [:]
        var delivered: [String] = []
        var problems: [String] = []
        var unavailable: DeliveryUnavailable?
        var slept = false
        // What was kept when the flush began: what of it goes without this flush delivering
        // it, another outbox delivered (or someone dropped).
        let keptAtStart = try claimedContents().records.filter { !$0.isDead }.map(\.id)
        func next(_ record: OutboxRecord, _ moment: Date) -> Date {
            max(record.nextAttemptAt ?? moment, notBefore[record.id] ?? .distantPast)
        }
        passes: while true {
            try Task.checkCancellation()
            let moment = now()
            // With `startingNow`, what no one tried since this flush began (a concurrent flush
            // may have, meanwhile) is tried now whatever its schedule.
            let due = try liveRecords().filter { record in
                (startingNow && !tried.contains(record.id) && (record.lastAttemptAt ?? .distantPast) <= start)
                    || next(record, moment) <= moment
            }
            // After a sleep until a record's next attempt, nothing due means the clock did
            // not move as promised: stop rather than spin.
            if due.isEmpty, slept { break }
            for snapshot in due {
                // Past the wait, what was tried once in this flush is not tried again.
                if tried.contains(snapshot.id), now() > deadline { break passes }
                tried.insert(snapshot.id)
                // Another outbox may have delivered it, tried it, or be delivering it, meanwhile.
                guard let record = claim(snapshot, problems: &problems) else { continue }
                let outcome: OutboxSubmitOutcome
                do {
                    outcome = try await attempt(record, problems: &problems)
                } catch {
                    unavailable = error
                    break passes
                }
                switch outcome {
                case .delivered:
                    delivered.append(record.id)
                    notBefore[record.id] = .distantFuture
                case .kept(let left):
                    notBefore[record.id] = left.isDead ? .distantFuture : left.nextAttemptAt ?? .distantFuture
                }
            }
            let after = now()
            let nextDue = try liveRecords().map({ next($0, after) }).min()
            // Records another outbox is delivering: looked at again shortly, within the wait.
            let others = try claimedByOthers(at: after) ? after.addingTimeInterval(Self.othersPollPeriod.inSeconds) : nil
            guard let wake = [nextDue, others].compactMap({ $0 }).min(), wake <= deadline else { break }
            // Only a sleep until a record's own next attempt (not a look at another's work)
            // promises that something is due after it.
            let untilOwnRecord = nextDue.map { due in others.map { due < $0 } ?? true } ?? false
            slept = wake > after && untilOwnRecord
            if wake > after { try await sleep(Duration(clampingSeconds: wake.timeIntervalSince(after))) }
        }
        let left = try contents()
        let stillKept = Set(left.records.map(\.id))
        let ours = Set(delivered)
        var result = OutboxFlushResult(delivered: delivered, kept: left.records, unreadableLines: left.unreadableLines, problems: problems)
        result.deliveredElsewhere = keptAtStart.filter { !stillKept.contains($0) && !ours.contains($0) }
        result.unavailable = unavailable
        return result
    }

    /// Every kept record, oldest first (live and dead).
    /// - Throws: ``OutboxError/cannotRead(path:reason:)``.
    public func records() throws -> [OutboxRecord] {
        try contents().records
    }

    /// The records and the lines that are not records.
    /// - Throws: ``OutboxError/cannotRead(path:reason:)``.
    public func contents() throws -> OutboxContents {
        let read = try claimedContents()
        return OutboxContents(
            records: read.records.map { record in
                var shown = record
                shown.claim = nil
                return shown
            }, unreadableLines: read.unreadableLines)
    }

    /// ``contents()`` with the records' claims (``OutboxClaim``), for this outbox's own choices.
    private func claimedContents() throws -> OutboxContents {
        var records: [OutboxRecord] = []
        var unreadable: [Int] = []
        for line in try store.read() {
            switch line {
            case .record(let record): records.append(record)
            case .unreadable(let number, _): unreadable.append(number)
            }
        }
        return OutboxContents(records: Self.oldestFirst(records), unreadableLines: unreadable)
    }

    /// The earliest moment a kept record is due for its next attempt (now, for one never
    /// tried), or `nil` when nothing is left to try: when a host's timer should call
    /// ``flush(startingNow:waitingUpTo:)-(_,Duration)`` next.
    /// - Throws: ``OutboxError/cannotRead(path:reason:)``.
    public func nextAttemptDate() throws -> Date? {
        let moment = now()
        // A record another outbox is delivering is due again when its claim ends at the latest.
        return try claimedContents().records.filter { !$0.isDead && !inFlight.contains($0.id) }.map { record in
            let next = record.nextAttemptAt ?? moment
            guard let claim = record.claim, claim.excludes(token, at: moment) else { return next }
            return max(next, claim.until)
        }.min()
    }

    /// Removes the record of submission `id`, delivered or not, dead or not.
    /// - Throws: ``OutboxError/unknownID(_:)`` when no record has that id (the file is
    ///   unchanged), ``OutboxError`` or ``DeliveryError`` when the file cannot be read or
    ///   rewritten.
    public func drop(id: String) throws {
        let store = store
        try store.withLock {
            let lines = try store.read()
            let kept = lines.filter { if case .record(let record) = $0 { record.id != id } else { true } }
            guard kept.count < lines.count else { throw OutboxError.unknownID(id) }
            try store.replace(with: kept)
        }
    }

    /// Makes dead records live again, as if never tried: no attempts, no times, no next
    /// attempt (their last error stays, for the list), so the next flush tries them at
    /// once with the full number of attempts. `ids`: those records; `nil`: every dead one.
    /// - Returns: the ids revived, oldest first.
    /// - Throws: ``OutboxError/unknownID(_:)`` for an id of no record (nothing is changed
    ///   then), ``OutboxError`` or ``DeliveryError`` when the file cannot be read or
    ///   rewritten.
    public func revive(ids: [String]? = nil) throws -> [String] {
        let store = store
        return try store.withLock {
            let lines = try store.read()
            let records = lines.compactMap { if case .record(let record) = $0 { record } else { nil } }
            for id in ids ?? [] where !records.contains(where: { $0.id == id }) { throw OutboxError.unknownID(id) }
            let chosen = Set(ids ?? records.filter(\.isDead).map(\.id))
            var revived: [OutboxRecord] = []
            let next: [OutboxFile.Line] = lines.map { line in
                guard case .record(let record) = line, chosen.contains(record.id), record.isDead else { return line }
                var live = record
                live.isDead = false
                live.attempts = 0
                live.firstAttemptAt = nil
                live.lastAttemptAt = nil
                live.nextAttemptAt = nil
                revived.append(live)
                return .record(live)
            }
            if !revived.isEmpty { try store.replace(with: next) }
            return Self.oldestFirst(revived).map(\.id)
        }
    }

    // MARK: - Attempts

    /// Claims the record of `snapshot` for an attempt by this outbox (``OutboxClaim``),
    /// under the file's lock, and returns it as the file holds it: `nil` when it is no
    /// longer there, is dead, was tried by another outbox since `snapshot` was read (its
    /// attempts changed), or another live outbox claims it. When the claim cannot be
    /// written, the attempt is made all the same (a problem says so): delivering matters
    /// more, and the receiver's idempotency key makes a second delivery harmless.
    private func claim(_ snapshot: OutboxRecord, problems: inout [String]) -> OutboxRecord? {
        let store = store
        let now = now
        let token = token
        do {
            return try store.withLock {
                // The time is read under the lock, after any claim written while waiting for it.
                let moment = now()
                let mark = OutboxClaim(token: token, process: getpid(), until: moment.addingTimeInterval(OutboxClaim.duration))
                let lines = try store.read()
                var claimed: OutboxRecord?
                let next: [OutboxFile.Line] = lines.map { line in
                    guard case .record(var record) = line, record.id == snapshot.id, claimed == nil,
                        !record.isDead, record.attempts == snapshot.attempts, record.lastAttemptAt == snapshot.lastAttemptAt,
                        !(record.claim?.excludes(token, at: moment) ?? false)
                    else { return line }
                    record.claim = mark
                    claimed = record
                    return .record(record)
                }
                if claimed != nil { try store.replace(with: next) }
                return claimed
            }
        } catch {
            problems.append("'\(snapshot.id)' could not be claimed for delivery: \(error)")
            return snapshot
        }
    }

    /// Removes this outbox's claim from the record `id` when an attempt ended without
    /// changing it (cancelled, or not attempted).
    private func release(_ id: String) {
        try? rewrite { record in
            guard record.id == id, record.claim?.token == token else { return record }
            var released = record
            released.claim = nil
            return released
        }
    }

    /// Delivers `record` once; on success removes it, on failure records the failure.
    /// File problems on the way are appended to `problems`.
    /// - Throws: ``DeliveryUnavailable`` from the delivery: no attempt was made, and the
    ///   record is left as it was.
    private func attempt(_ record: OutboxRecord, problems: inout [String]) async throws(DeliveryUnavailable) -> OutboxSubmitOutcome {
        inFlight.insert(record.id)
        defer { inFlight.remove(record.id) }
        do {
            try await delivery.submit(record.submission)
        } catch is CancellationError {
            // Not a failure of the receiver: left as it was, for a later flush.
            release(record.id)
            return .kept(record)
        } catch let unavailable as DeliveryUnavailable {
            release(record.id)
            throw unavailable
        } catch {
            let failure = error as? DeliveryFailure ?? .retryable(FlowNavigator.message(of: error))
            let (moment, fraction) = (now(), randomFraction())
            var updated = record.failed(at: moment, with: failure, policy: policy, jitterFraction: fraction)
            do {
                // The failure is counted on the record as the file holds it now.
                try rewrite { current in
                    guard current.id == record.id else { return current }
                    updated = current.failed(at: moment, with: failure, policy: policy, jitterFraction: fraction)
                    return updated
                }
            } catch {
                problems.append("the failed attempt of '\(record.id)' could not be recorded: \(error)")
            }
            return .kept(updated)
        }
        do {
            try rewrite { $0.id == record.id ? nil : $0 }
        } catch {
            problems.append("'\(record.id)' was delivered but stays in the outbox: \(error)")
        }
        return .delivered
    }

    /// Rewrites the file under the lock with each record replaced by `change(record)`
    /// (`nil` removes it); lines that are not records stay. Reads the file again first,
    /// so what another process appended meanwhile is kept.
    private func rewrite(_ change: (OutboxRecord) -> OutboxRecord?) throws {
        let store = store
        try store.withLock {
            let lines = try store.read()
            var changed = false
            let next: [OutboxFile.Line] = lines.compactMap { line in
                guard case .record(let record) = line else { return line }
                let result = change(record)
                if result != record { changed = true }
                return result.map(OutboxFile.Line.record)
            }
            if changed { try store.replace(with: next) }
        }
    }

    /// The time between looks at records another outbox is delivering, while a flush
    /// waits for them: a quarter of a second.
    public static let othersPollPeriod = Duration.milliseconds(250)

    /// Whether a record is being delivered by another outbox at `moment` (its claim holds).
    private func claimedByOthers(at moment: Date) throws -> Bool {
        try claimedContents().records.contains { !$0.isDead && ($0.claim?.excludes(token, at: moment) ?? false) }
    }

    /// The records that may be tried: not dead and not being delivered (by this outbox or,
    /// under a claim, by another), oldest first.
    private func liveRecords() throws -> [OutboxRecord] {
        let moment = now()
        return try claimedContents().records.filter {
            !$0.isDead && !inFlight.contains($0.id) && !($0.claim?.excludes(token, at: moment) ?? false)
        }
    }

    /// `records` sorted by ``OutboxRecord/keptAt``, ties in file order.
    private static func oldestFirst(_ records: [OutboxRecord]) -> [OutboxRecord] {
        records.enumerated().sorted { ($0.element.keptAt, $0.offset) < ($1.element.keptAt, $1.offset) }.map(\.element)
    }

    // MARK: - Paths and seconds (deprecated)

    /// ``file``'s path: as given to ``init(path:delivery:policy:now:randomFraction:sleep:)``
    /// (or to `URL(filePath:)` for a relative path), else the URL's whole path.
    @available(*, deprecated, message: "use file, a file URL")
    public nonisolated var path: String { file.localPath }

    /// ``othersPollPeriod`` in seconds: 0.25.
    @available(*, deprecated, message: "use othersPollPeriod, a Duration")
    public static var othersPollInterval: Double { othersPollPeriod.inSeconds }

    /// An outbox in the file at `path` (relative to the current folder, or absolute),
    /// delivering through `delivery`, whose `sleep` is given seconds; otherwise as
    /// ``init(file:delivery:policy:now:randomFraction:sleep:)``.
    @available(
        *, deprecated,
        message: "give the file as a URL, and sleep a Duration: OutboxFeedbackSink(file: URL(filePath: path), delivery:)")
    public init(
        path: String, delivery: any FeedbackSink, policy: OutboxRetryPolicy = OutboxRetryPolicy(),
        now: @escaping @Sendable () -> Date = { Date() },
        randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.init(
            file: URL(localPath: path), delivery: delivery, policy: policy, now: now, randomFraction: randomFraction,
            sleep: { try await sleep($0.inSeconds) })
    }

    /// ``flush(startingNow:waitingUpTo:)-(_,Duration)`` with the wait in seconds.
    @_disfavoredOverload
    @available(*, deprecated, message: "give the wait as a Duration: flush(startingNow:waitingUpTo: .seconds(n))")
    public func flush(startingNow: Bool = false, waitingUpTo maximumWait: Double = 0) async throws -> OutboxFlushResult {
        try await flush(startingNow: startingNow, waitingUpToSeconds: maximumWait)
    }
}

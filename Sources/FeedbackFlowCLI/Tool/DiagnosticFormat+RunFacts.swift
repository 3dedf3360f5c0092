import FlowReporting
import FlowSystem

extension DiagnosticFormat {
    /// What the machine formats say about the run besides the diagnostics.
    package struct RunFacts: Sendable {
        /// The command that ran (`validate`, `fmt`), naming JUnit's suite.
        package var command = "validate"
        /// What SARIF paths are written relative to.
        package var base: SARIFLocationBase?
        /// The exit status, for SARIF's `invocations`.
        package var exitCode: Int32?
        /// When the run started (UTC, `YYYY-MM-DDTHH:MM:SS`), the machine's name and the
        /// run's length in seconds, for JUnit.
        package var timestamp = "1970-01-01T00:00:00"
        package var hostname = "localhost"
        package var seconds: Double = 0

        package init(base: SARIFLocationBase? = nil, exitCode: Int32? = nil) {
            self.base = base
            self.exitCode = exitCode
        }

        /// The facts of a run of `command` that started at `start` and ends now with
        /// `exitCode`, its paths relative to `base`. `SOURCE_DATE_EPOCH` in `environment`
        /// (https://reproducible-builds.org/specs/source-date-epoch/) fixes the time a
        /// report states, and its length to 0, so the same files give the same report
        /// on one machine (the machine's name is still its own).
        package static func ending(
            _ command: String, base: SARIFLocationBase, exitCode: Int32, start: Start, environment: [String: String]
        ) -> RunFacts {
            var facts = RunFacts(base: base, exitCode: exitCode)
            facts.command = command
            facts.hostname = ProcessInfo.processInfo.hostName
            if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) {
                facts.timestamp = timestamp(Date(timeIntervalSince1970: TimeInterval(epoch)))
            } else {
                facts.timestamp = timestamp(start.date)
                let elapsed = ContinuousClock.now - start.instant
                facts.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            return facts
        }

        /// When a run started: the wall clock's time, for the report, and the monotonic
        /// clock's, for its length.
        package struct Start: Sendable {
            package var date = Date()
            package var instant = ContinuousClock.now

            /// Now.
            package init() {}
        }

        /// `date` in UTC as `YYYY-MM-DDTHH:MM:SS`, the form JUnit's `timestamp` takes.
        static func timestamp(_ date: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
            return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
        }
    }
}

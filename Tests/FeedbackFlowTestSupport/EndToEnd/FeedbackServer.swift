import Foundation
import Testing

/// `feedback_server.py` (beside these tests) run as a separate process on 127.0.0.1, on a
/// port the system picks: a feedback endpoint that accepts, fails with a status (and
/// `Retry-After`), delays its answers, and counts requests and deliveries by
/// `Idempotency-Key`.
///
/// The server reads nothing from its standard input and stops when it ends, so it never
/// outlives the test process; ``stop()`` ends it at once (and waits for it).
package final class FeedbackServer {
    /// What the server counted (its `GET /counts`).
    package struct Counts: Decodable {
        /// POSTs by idempotency key (its quotes removed).
        package var requests: [String: Int]
        /// Deliveries by key: 1 for a key whose submission was accepted, however often sent.
        package var deliveries: [String: Int]
        /// The parsed body of each key's delivery.
        package var bodies: [String: JSONObject]
        /// Every `Content-Type` sent.
        package var contentTypes: [String]
        /// Every `Idempotency-Key` value as sent (quotes included).
        package var rawKeys: [String]
        /// Every `Authorization` value sent with a submission.
        package var authorizations: [String]
        /// POSTs without an `Idempotency-Key`.
        package var missingKey: Int
    }

    /// A body: only its `id` is read.
    package struct JSONObject: Decodable {
        package var id: String?
    }

    package let port: Int
    private let process: Process
    private let input: Pipe

    /// The endpoint's URL (any path is a submission).
    package var url: String { "http://127.0.0.1:\(port)/feedback" }

    package static let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/feedback_server.py")

    /// Starts the server answering `status` (with `Retry-After: retryAfter` on 429 and
    /// 5xx) after `delay` seconds, and waits until it prints its port.
    package init(status: Int = 201, retryAfter: String? = nil, delay: Double = 0) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", Self.script.path, "--status", String(status), "--delay", String(delay)]
        if let retryAfter { arguments += ["--retry-after", retryAfter] }
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw ServerFailure("feedback_server.py did not print its port: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// Stops the server and waits for it to exit.
    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Changes how later submissions are answered.
    package func answer(status: Int, retryAfter: String? = nil, delay: Double = 0) async throws {
        var change: [String: Any] = ["status": status, "delay": delay]
        change["retryAfter"] = retryAfter ?? NSNull()
        _ = try await request("/control", method: "POST", body: try JSONSerialization.data(withJSONObject: change))
    }

    /// What the server counted so far.
    package func counts() async throws -> Counts {
        try JSONDecoder().decode(Counts.self, from: try await request("/counts", method: "GET", body: nil))
    }

    private func request(_ path: String, method: String, body: Data?) async throws -> Data {
        // Python's urllib rather than URLSession, so that the test's own view of the server
        // does not go through the code under test.
        let program = """
            import sys, urllib.request
            data = sys.argv[3].encode() if sys.argv[2] == "POST" else None
            with urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data, method=sys.argv[2]), timeout=10) as r:
                sys.stdout.buffer.write(r.read())
            """
        let result = try await BuiltTool.runProgram(
            "/usr/bin/env",
            ["python3", "-c", program, "http://127.0.0.1:\(port)\(path)", method, String(decoding: body ?? Data(), as: UTF8.self)])
        guard result.status == 0 else { throw ServerFailure("\(method) \(path): \(result.standardError)") }
        return Data(result.outputBytes)
    }

    /// A server that misbehaved.
    package struct ServerFailure: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }
}

import FeedbackFlowHTTP
import FeedbackFlowCore
import FlowSource
import FlowSystem

// `feedbackflow-post URL TIMEOUT ID LENGTH < SUBMISSION`: posts one submission's JSON text
// (read from standard input, at most 1 MiB, and exactly LENGTH bytes: a text cut short,
// because whoever wrote it died mid-write, is never sent) to URL with ID as its
// Idempotency-Key, within
// TIMEOUT seconds, through ``HTTPFeedbackSink``, and writes what happened as one JSON
// object on standard output: `{"delivered":true}`, or `{"delivered":false,"message":…,
// "permanent":…}` with `"retryAfterSeconds"` or `"retryAfterDate"` (ISO 8601) when the
// server said when to come back. Exit status 0 when it could say so, 2 for wrong arguments.
// `feedbackflow` runs it for each HTTP delivery (``HTTPProgramSink``), so that only this
// program links libcurl. On Linux the request goes through libcurl's easy interface, which
// waits in poll(2): a receiver that holds its answer costs this program no CPU.
// A receiver that resets the connection mid-request must be a failure worth retrying, not
// SIGPIPE ending the program: libcurl is told not to touch signals (CURLOPT_NOSIGNAL), so
// the program ignores SIGPIPE itself, as `feedbackflow` does.
signal(SIGPIPE, SIG_IGN)

/// Writes all of `text` to file descriptor `fd` (``WholeWrite``: a short write is
/// continued, `EINTR` retried); a failure leaves nothing else to tell it to.
func writeAll(_ fd: Int32, _ text: String) {
    _ = WholeWrite.write(Array(text.utf8), to: fd)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let url = URL(string: arguments[1]), let timeout = Double(arguments[2]),
    let length = WholeNumber.parse(arguments[4])
else {
    writeAll(2, "usage: feedbackflow-post URL TIMEOUT ID LENGTH < SUBMISSION\n")
    exit(2)
}
let body: [UInt8]
do {
    body = try SourceFile.read(path: SourceFile.standardInputPath, byteLimit: 1024 * 1024).bytes
} catch {
    writeAll(2, "feedbackflow-post: cannot read the submission: \(error.message)\n")
    exit(2)
}
guard body.count == length else {
    writeAll(2, "feedbackflow-post: the submission is \(body.count) bytes, not \(length): not sent\n")
    exit(2)
}
var members: [(key: String, value: JSONValue)] = []
do {
    try await HTTPFeedbackSink(url: url, timeLimit: Duration(clampingSeconds: timeout)).post(body: body, id: arguments[3])
    members = [("delivered", .bool(true))]
} catch let failure as DeliveryFailure {
    members = [("delivered", .bool(false)), ("message", .string(failure.message)), ("permanent", .bool(failure.isPermanent))]
    switch failure.retryAfter {
    case .seconds(let seconds)?: members.append(("retryAfterSeconds", .int(seconds)))
    case .date(let date)?: members.append(("retryAfterDate", .string(date.formatted(.iso8601))))
    case nil: break
    }
} catch {
    members = [("delivered", .bool(false)), ("message", .string("POST \(url.absoluteString) failed: \(error)")), ("permanent", .bool(false))]
}
writeAll(1, JSONValue.object(members).serialized() + "\n")
exit(0)

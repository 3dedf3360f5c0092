import FlowSource
import Foundation
import Testing

/// The one conversion of the public API's `Duration`s and file `URL`s to the seconds and
/// paths below it: a path given as text comes back unchanged, and no duration traps.
@Suite("Durations in seconds and files as URLs")
struct DurationAndFileURLTests {
    @Test("a path becomes a URL and back unchanged: relative, absolute, dots, slashes, ~, %, ?, #, :, -", arguments: [
        "out.jsonl", "./out.jsonl", "../x/out.jsonl", "a//b.jsonl", "dir/", "dir//", "/tmp/abs.jsonl", "/tmp/", "/tmp//x",
        "/tmp/a/../b", "a b%20c?#;.jsonl", "~/x.jsonl", "~", "", ".", "..", "-", "a/./b/../c", "é.jsonl", "/", ":x", "a:b",
        "http://x", "file:x", "/dev/full",
    ])
    func pathRoundTrip(_ path: String) {
        let url = URL(localPath: path)
        #expect(url.isFileURL)
        #expect(url.localPath == path)
    }

    @Test("a host's URL: relative to the working directory as given, relative to another folder resolved, absolute whole")
    func hostURLs() throws {
        #expect(URL(filePath: "feedback.jsonl").localPath == "feedback.jsonl")
        #expect(URL(filePath: "logs/").localPath == "logs/")
        #expect(URL(filePath: "sub/outbox.jsonl", relativeTo: URL(filePath: "/var/app/")).localPath == "/var/app/sub/outbox.jsonl")
        #expect(try #require(URL(string: "file:///tmp/a%20b.jsonl")).localPath == "/tmp/a b.jsonl")
        #expect(URL(filePath: "/tmp/x y.jsonl").localPath == "/tmp/x y.jsonl")
    }

    @Test("seconds to a Duration and back: fractions kept, NaN zero, infinities and huge values clamped, never a trap")
    func seconds() {
        for seconds in [0.25, 1.37, -1.5, 15, 604_800, 0.1, 1e-9] {
            #expect(Duration(clampingSeconds: seconds).inSeconds == seconds, "\(seconds)")
        }
        #expect(Duration(clampingSeconds: 0.25) == .milliseconds(250))
        #expect(Duration(clampingSeconds: .nan) == .zero)
        #expect(Duration(clampingSeconds: .infinity) == .seconds(Int64.max))
        #expect(Duration(clampingSeconds: 1e300) == .seconds(Int64.max))
        #expect(Duration(clampingSeconds: -.infinity) == .zero - .seconds(Int64.max))
        #expect((Duration.seconds(Int64.max) + .seconds(Int64.max)).inSeconds > 1.8e19)
    }

    @Test("whole seconds round a started second up and clamp at Int64.max")
    func wholeSeconds() {
        #expect(Duration.milliseconds(1500).wholeSeconds == 2)
        #expect(Duration.milliseconds(-1500).wholeSeconds == -1)
        #expect(Duration.seconds(7 * 86_400).wholeSeconds == 604_800)
        #expect(Duration.nanoseconds(1).wholeSeconds == 1)
        #expect((Duration.seconds(Int64.max) + .seconds(5)).wholeSeconds == Int(Int64.max))
    }
}

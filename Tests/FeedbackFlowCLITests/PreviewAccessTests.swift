import FeedbackFlowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Who can use a running preview: its person, through the address it printed, and
/// nobody else on the computer; and slow or departed clients cannot keep that person
/// out. Each test starts the built tool and drives it with `preview_access.py`.
@Suite("the preview's access and slots", .serialized)
struct PreviewAccessTests {
    static let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FeedbackFlowCLITests/preview_access.py").path

    /// `preview_access.py ARGUMENTS` as the user and group of id `user` (`nil`: this
    /// process's); its JSON.
    static func check(_ arguments: [String], as user: Int? = nil) async throws -> [String: Any] {
        // Another user may not reach this user's Python (a pyenv under /root): the system's
        // Python serves it, and the script needs only its standard library.
        let system = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let command = user.map { ["setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups", system] } ?? ["python3"]
        let run = try await BuiltTool.runProgram("/usr/bin/env", command + [script] + arguments)
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    @Test("the printed address carries a 256-bit secret; its first load sets it as an HttpOnly, SameSite=Strict cookie; cookie and header open the routes, the cookie alone only the page")
    func printedAddressWorks() async throws {
        let scratch = try ScratchFolder("preview-owner")
        let (tool, url, _) = try await BrowserTests.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.check(["owner", url])
        #expect(report["first"] as? Int == 200)
        let cookie = try #require(report["setCookie"] as? String)
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"), "\(cookie)")
        // The cookie's value is a secret of its own: it tells nothing of the address's.
        #expect(!cookie.contains(String(url.suffix(64))), "\(cookie)")
        #expect(cookie.firstMatch(of: #/^feedbackflow-preview-\d+=[0-9a-f]{64};/#) != nil, "\(cookie)")
        #expect(report["state"] as? Int == 200 && report["hasScreen"] as? Bool == true)
        // A browser sends the cookie to every port of 127.0.0.1: taken from another port's
        // server, it opens the page's HTML, and nothing that reads or changes the session.
        #expect(report["pageWithCookie"] as? Int == 200)
        #expect(report["stateWithCookieOnly"] as? Int == 403)
        #expect(report["restartWithCookieOnly"] as? Int == 403)
        #expect(report["stateWithHeaderOnly"] as? Int == 403)
        // Another port's server that got the cookie has nothing to put in the header.
        #expect(report["stateWithCookieAsHeader"] as? Int == 403)
        await BrowserTests.stop(tool)
    }

    @Test(
        "another Unix user (nobody) gets 403 from every route, without or with a guessed secret, and nothing they send reaches the flow",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "acts as another user: needs root and setpriv"))
    func anotherUserIsRefused() async throws {
        let scratch = try ScratchFolder("preview-stranger")
        let (tool, url, _) = try await BrowserTests.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let base = String(url.prefix { $0 != "?" })
        let report = try await Self.check(["stranger", base], as: 65534)  // nobody, nogroup
        let statuses = try #require(report["statuses"] as? [String: Int])
        #expect(statuses.count == 12)
        for (route, status) in statuses { #expect(status == 403, "\(route) answered \(status)") }
        // The owner's session is as it was: no field set, no tap, no submission.
        let owner = try await Self.check(["owner", url])
        #expect(owner["state"] as? Int == 200)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("feedback.jsonl")))
        await BrowserTests.stop(tool)
    }

    @Test("150 connections trickling a byte every 2 s (more than every bound of connections) do not keep the person out: each of their requests is answered 200")
    func slowConnectionsDoNotLockOut() async throws {
        let scratch = try ScratchFolder("preview-slow")
        let (tool, url, _) = try await BrowserTests.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.check(["slow", url, "150"])
        #expect(report["person"] as? [Int] == [200, 200, 200, 200, 200], "\(report)")
        await BrowserTests.stop(tool)
    }

    @Test("long polls whose tabs were closed free their slots at once, not when their 20 s wait ends")
    func departedLongPollsFreeTheirSlots() async throws {
        let scratch = try ScratchFolder("preview-polls")
        let (tool, url, _) = try await BrowserTests.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.check(["polls", url, "32"])
        // All 32 slots held: the person waits (503); once the tabs are gone, served.
        #expect(report["whileHeld"] as? Int == 503, "\(report)")
        #expect(report["after"] as? Int == 200, "\(report)")
        #expect((report["seconds"] as? Double ?? 99) < 10, "\(report)")
        await BrowserTests.stop(tool)
    }

    @Test("a flow file replaced by a fifo is a diagnostic on the overlay, and Restart still answers")
    func fifoDoesNotWedgeThePreview() async throws {
        let scratch = try ScratchFolder("preview-fifo")
        let (tool, url, file) = try await BrowserTests.preview("flows/call-quality-rating.flow.yaml", scratch: scratch)
        let report = try await Self.check(["fifo", url, file])
        #expect((report["problems"] as? String)?.contains("not a regular file") == true, "\(report)")
        #expect(report["restart"] as? Int == 204, "\(report)")
        #expect(report["state"] as? Int == 200, "\(report)")
        await BrowserTests.stop(tool)
    }
}

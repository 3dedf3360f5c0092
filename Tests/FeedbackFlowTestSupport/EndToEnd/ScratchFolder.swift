import Foundation

/// A fresh folder under the system's temporary folder for one test's files, removed when
/// the value goes away, so nothing is left behind.
package final class ScratchFolder {
    package let url: URL

    package init(_ label: String = "scratch") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-test-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The text of `name` inside the folder.
    package func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

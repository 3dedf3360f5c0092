import Foundation

/// A path in the temporary directory that no other test uses, ending in `-name`
/// (`feedbackflow-<UUID>-name`); nothing is created there. The caller removes what it writes.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-\(UUID().uuidString)-\(name)").path
}

import Foundation

/// Access to the files in this target's `Fixtures/` folder.
enum Fixtures {
    /// The URL of fixture `name`, e.g. `diagnostics/typo.yaml` or `call-quality.answers`.
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)")
    }
}

import FeedbackFlowTestSupport
import Foundation

extension BuiltTool {
    /// A fixture of this target's `Fixtures/` folder.
    static func fixture(_ path: String) -> URL {
        (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("Fixtures/\(path)")
    }
}

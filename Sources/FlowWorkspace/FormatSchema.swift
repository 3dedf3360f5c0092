/// The JSON Schema (2020-12) of the flow file format, as SwiftPM embeds it from
/// `schemas/feedbackflow.schema.json` (a resource of this target, `.embedInCode`):
/// byte for byte the file, printed by `feedbackflow schema`.
package enum FormatSchema {
    /// The schema's text, UTF-8 decoded.
    package static var text: String {
        String(decoding: PackageResources.feedbackflow_schema_json, as: UTF8.self)
    }
}

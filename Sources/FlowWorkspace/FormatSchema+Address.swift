import FlowSystem

extension FormatSchema {
    /// Where the schema is published: its `$id`, read from the schema itself, for the
    /// `yaml-language-server: $schema=` line of a file written anywhere (`new`).
    package static var address: String {
        struct Identified: Decodable {
            let id: String
            enum CodingKeys: String, CodingKey { case id = "$id" }
        }
        return (try? JSONDecoder().decode(Identified.self, from: Data(text.utf8)))?.id ?? "feedbackflow.schema.json"
    }
}

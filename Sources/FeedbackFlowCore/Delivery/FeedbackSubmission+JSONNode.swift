import FlowCompile
import FlowSource
import FlowSystem

extension FeedbackSubmission {
    /// The submission of its JSON form (``jsonValue``), or `nil` when `node` is not one:
    /// `id`, `flowID`, `screenID` and `submittedAt` strings, a whole `rating` from 1 to 5, an optional
    /// `reason` string and an optional `custom` object, whose numbers keep their text.
    package init?(jsonNode node: Node) {
        func string(_ key: String) -> String? {
            guard let value = node[key], value.scalar?.style != .plain else { return nil }
            return value.string
        }
        guard node.mapping != nil, let id = string("id"), let rating = node["rating"]?.integer, FeedbackRequest.ratings.contains(rating),
            let flowID = string("flowID"), let screenID = string("screenID"), let stamp = string("submittedAt"),
            let submittedAt = try? Date(stamp, strategy: .iso8601)
        else { return nil }
        var reason: String?
        if let value = node["reason"], !value.isNull {
            guard let text = string("reason") else { return nil }
            reason = text
        }
        var custom: [String: FlowValue] = [:]
        if let value = node["custom"], !value.isNull {
            guard case .object(let members) = FlowValue(jsonNode: value) else { return nil }
            custom = members
        }
        self.init(
            id: id, rating: rating, reason: reason, custom: custom, flowID: flowID, screenID: screenID,
            submittedAt: submittedAt)
    }
}

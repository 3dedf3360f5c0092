import FlowSource

extension ExpressionValue {
    /// A scalar node of a YAML or JSON document as a value: of `type` when one is
    /// declared (a `string` takes any scalar as written; the other types take a plain
    /// scalar of their form, and `null` when optional), else by the YAML 1.2 core schema
    /// (null, boolean, integer, decimal, else string; quoted scalars are strings). `nil`
    /// for a collection or a scalar that is not of the declared type. The one rule
    /// context files, timelines and handler programs' output are read with.
    package init?(node: Node, as type: ValueType?) {
        guard case .scalar(let text, let style) = node.kind else { return nil }
        if node.isNull {
            guard type?.isOptional ?? true else { return nil }
            self = .null
            return
        }
        if let type {
            if type.base == .string {
                self = .string(text)
                return
            }
            guard style == .plain, let value = ExpressionValue(parsing: text, as: type) else { return nil }
            self = value
            return
        }
        guard style == .plain else {
            self = .string(text)
            return
        }
        if let value = node.bool {
            self = .boolean(value)
        } else if let value = node.integer {
            self = .integer(value)
        } else if node.number != nil, let value = ExpressionValue(parsing: text, as: ValueType(.decimal)) {
            self = value
        } else {
            self = .string(text)
        }
    }
}

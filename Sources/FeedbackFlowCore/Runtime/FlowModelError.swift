/// A call of a ``FlowModel`` that the navigator refused.
public enum FlowModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A field edit was refused; the field keeps its value.
    case field(FieldError)
    /// A navigation (a path set shorter, a sheet closed) was refused.
    case navigation(NavigatorError)

    /// The refusal's own description.
    public var description: String {
        switch self {
        case .field(let error): error.description
        case .navigation(let error): error.description
        }
    }
}

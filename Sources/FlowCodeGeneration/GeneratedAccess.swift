/// The access level of the generated declarations: `internal` (the default: the target
/// that holds the flow uses them), or `public` (a library target whose clients use them).
package enum GeneratedAccess: String, Sendable, CaseIterable {
    case `internal`, `public`

    /// The modifier a declaration starts with: nothing for `internal`, `public ` for `public`.
    package var modifier: String {
        switch self {
        case .internal: ""
        case .public: "public "
        }
    }

    /// The modifier of a type: ``modifier``, then `nonisolated` where the compiler knows it on
    /// a type (Swift 6.1), so a target whose declarations are main-actor isolated by default
    /// (`defaultIsolation(MainActor.self)`) still gets types every actor can use.
    package var typeModifier: String {
        #if compiler(>=6.1)
        modifier + "nonisolated "
        #else
        modifier
        #endif
    }
}

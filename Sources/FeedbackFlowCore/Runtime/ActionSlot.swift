/// Which of a screen's two actions a tap targets.
public enum ActionSlot: String, Sendable, Hashable, CaseIterable {
    /// The `primaryAction`: waits for the form (every required field filled, every field
    /// valid).
    case primary
    /// The `secondaryAction`: does not wait for the form.
    case secondary
}

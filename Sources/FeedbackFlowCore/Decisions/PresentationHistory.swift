/// Where a host keeps which flows were presented and responded to, so that a trigger's
/// `limit` and the quiet period can be checked across launches. Passed in explicitly
/// (``FlowNavigator``'s `history`); ``InMemoryPresentationHistory`` is the default and
/// ``JSONFilePresentationHistory`` keeps the records in a file.
///
/// Contract:
/// - ``record(_:)`` keeps the record before it returns; a throw means it was not kept.
/// - ``records()`` returns every record kept, oldest first (by ``PresentationRecord/date``,
///   then in the order recorded).
/// - Both may be called from any executor; an implementation serializes its own state.
public protocol PresentationHistory: Sendable {
    /// Keeps `record`.
    func record(_ record: PresentationRecord) async throws
    /// Every record kept, oldest first.
    func records() async throws -> [PresentationRecord]
}

import FlowSystem

/// Why an ``OutboxFeedbackSink`` could not read its file or do what was asked. (Writing
/// problems are ``DeliveryError``s.)
public enum OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but cannot be read, or is larger than
    /// ``OutboxFeedbackSink/maximumBytes``; `reason` says which.
    case cannotRead(path: String, reason: String)
    /// The lock on the file's folder (`flock(2)`, which serialises the writers of every
    /// process) could not be taken; `code` is the `errno`.
    case cannotLock(path: String, code: Int32)
    /// ``OutboxFeedbackSink/drop(id:)`` of an id that no record has.
    case unknownID(String)

    /// One line for a person, e.g. `no submission with id 'x' in the outbox`.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "cannot read the outbox '\(path)': \(reason)"
        case .cannotLock(let path, let code): "cannot lock the folder of the outbox '\(path)': \(SystemError(code: code).reason)"
        case .unknownID(let id): "no submission with id '\(id)' in the outbox"
        }
    }
}

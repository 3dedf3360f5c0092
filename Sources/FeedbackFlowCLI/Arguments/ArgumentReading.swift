import FlowSource
import FlowWorkspace

/// Where the ``Option`` properties of a command being made get their values: the command
/// line being read, in a task-local session, so that a command is declared by its
/// properties alone. Making the command with no command line collects its options'
/// specs instead, in the order they are declared, for its help and its parser.
package enum ArgumentReading {
    /// The session of the command being made; `nil` outside one.
    @TaskLocal private static var session: Session?

    /// What one reading gathers. Made and read on one task, synchronously; the lock
    /// only makes it `Sendable`, as a task-local value must be.
    private final class Session: Sendable {
        /// The command line; `nil` when only the specs are collected.
        let arguments: ParsedArguments?
        /// The specs in declaration order, and the first usage error.
        let state = LockedBox<(specs: [OptionSpec], error: UsageError?)>(([], nil))

        init(arguments: ParsedArguments?) {
            self.arguments = arguments
        }
    }

    /// `make()`, its options read from `arguments`.
    /// - Throws: ``UsageError``: the first option, in declaration order, whose value does
    ///   not read.
    package static func read<Made>(_ arguments: ParsedArguments, _ make: () throws(UsageError) -> Made) throws(UsageError) -> Made {
        let session = Session(arguments: arguments)
        let made = $session.withValue(session) { () -> Result<Made, UsageError> in
            do throws(UsageError) { return .success(try make()) } catch { return .failure(error) }
        }
        if let error = session.state.withLock({ $0.error }) { throw error }
        return try made.get()
    }

    /// The specs of the options `make()` declares, in declaration order.
    package static func specs(_ make: () -> some Any) -> [OptionSpec] {
        let session = Session(arguments: nil)
        _ = $session.withValue(session) { make() }
        return session.state.withLock { $0.specs }
    }

    /// The value of `option` in the session's command line: its value when not given
    /// outside a session, when only specs are collected, after an option that did not
    /// read, or when it does not read (the error is then the session's, thrown by
    /// ``read(_:_:)``).
    static func value<Value>(of option: CommandOption<Value>) -> Value {
        guard let session else { return option.notGiven }
        session.state.withLock { state in
            // An option made twice in one command (a group of options made inside another
            // that declares it too) would be parsed twice: a mistake in the declarations.
            assert(!state.specs.contains { $0.name == option.spec.name }, "--\(option.spec.name) is declared twice")
            state.specs.append(option.spec)
        }
        // After the first option that does not read, no other is read (a reader may read a
        // file): that error is the one said.
        guard let arguments = session.arguments, session.state.withLock({ $0.error == nil }) else { return option.notGiven }
        do {
            return try option.read(arguments)
        } catch {
            session.state.withLock { state in if state.error == nil { state.error = error } }
            return option.notGiven
        }
    }

    /// The session's positional arguments; none outside one.
    static var positionals: [String] {
        session?.arguments?.positionals ?? []
    }
}

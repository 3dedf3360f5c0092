/// An input or output operation of a command failed: its results could not be written
/// to standard output, or `run` could not write its transcript or the feedback the user
/// submitted. Not a problem in the flow and not a usage error: exit status 3, reported as
/// one `error:` line on standard error.
package struct IOFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// Something that is not the user's fault went wrong (a file that cannot be written, a
/// state the code should never reach). Exit status 3.
package struct InternalFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

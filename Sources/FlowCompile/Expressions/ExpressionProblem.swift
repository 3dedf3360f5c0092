/// A problem found in an expression: its code, message and hint, and where it is in the
/// expression's text (offsets in Unicode scalars), so that validation can report it at
/// the exact line and column inside the scalar that holds the expression.
package struct ExpressionProblem: Error, Sendable, Hashable {
    package var code: FlowDiagnosticCode
    package var message: String
    package var range: Range<Int>
    package var hint: String?

    package init(_ code: FlowDiagnosticCode, _ message: String, at range: Range<Int>, hint: String? = nil) {
        self.code = code
        self.message = message
        self.range = range
        self.hint = hint
    }
}

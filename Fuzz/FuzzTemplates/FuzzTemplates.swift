import FlowCompile
import FlowSource
import FuzzDriver

/// Parses the input (as UTF-8, repaired) as a `${…}` template, renders it with every
/// reference known and unknown; and as an expression: parses, type-checks it against a
/// few declared names, evaluates it and explains why it is not true, and tries its
/// names' domains. Expressions calling `matches` are not evaluated (the checker bounds
/// the patterns a flow may use; arbitrary ones are not the question here).
@_cdecl("FuzzTemplates_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let template = TemplateString(text)
        _ = template.render { name in name }
        _ = template.render { _ in nil }
        _ = template.references
        _ = template.problems

        let expression = FlowExpression(text)
        guard let tree = expression.tree else { return }
        var environment = ExpressionEnvironment()
        environment.declare("rating", ValueType(.integer))
        environment.declareValues((1...5).map { .integer($0) }, of: "rating")
        environment.declare("name", ValueType(.string))
        environment.declare("flag", ValueType(.boolean))
        environment.declare("opt", ValueType(.integer, isOptional: true))
        let (_, problems) = ExpressionChecker.check(tree, text: text, in: environment)
        guard problems.isEmpty, !text.contains("matches") else { return }
        let values: [String: ExpressionValue] = ["rating": 3, "name": "Ann", "flag": true, "opt": .null]
        _ = expression.evaluate { values[$0] }
        _ = expression.whyNotTrue { values[$0] }
        _ = ExpressionDomainAnalysis.constantValue(of: tree, domains: environment.domains)
    }
}

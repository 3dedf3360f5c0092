import FeedbackFlowTestSupport
import Foundation
import Testing
import FeedbackFlow
import FlowCompile
import FlowSource
@testable import FeedbackFlowCLI
@testable import FlowReporting

@Suite("Diagnostic rules: every code explained, with an example that really shows it")
struct DiagnosticRuleTests {
    @Test("every code of the three code tables is in the catalogue once")
    func catalogueHasEveryCodeOnce() {
        let codes = DiagnosticRuleCatalog.all.map(\.code)
        #expect(Set(codes).count == codes.count)
        let expected = LoadDiagnosticCode.allCases.map(\.rawValue) + FlowDiagnosticCode.allCases.map(\.rawValue)
            + CommandDiagnosticCode.allCases.map(\.rawValue)
        #expect(codes == expected)
        for rule in DiagnosticRuleCatalog.all {
            #expect(rule.explanation.count > 60, "\(rule.code): an explanation of a sentence or more")
        }
    }

    @Test("each example's 'before' gets its code and its 'after' neither that code nor any error",
          arguments: DiagnosticRuleCatalog.all.filter { $0.example != nil })
    func examplesShowTheirRule(rule: DiagnosticRule) throws {
        let example = try #require(rule.example)
        // An opt-in rule runs when the configuration names it.
        var options = CompileOptions()
        if !rule.isEnabledByDefault { options.ruleLevels[rule.code] = .severity(rule.severity) }
        let before = FlowCompiler.compile(text: example.before, name: example.fileName, options: options)
        #expect(before.diagnostics.contains { $0.code == rule.code }, "\(rule.code): before gives \(before.diagnostics.map(\.code))")
        let after = FlowCompiler.compile(text: example.after, name: example.fileName, options: options)
        #expect(!after.diagnostics.contains { $0.code == rule.code }, "\(rule.code): after still gives it")
        #expect(!after.diagnostics.contains { $0.severity == .error }, "\(rule.code): after gives \(after.diagnostics.map(\.message))")
    }

    @Test("the codes without an example are those no short text file can show")
    func onlyUnshowableCodesLackAnExample() {
        let without = Set(DiagnosticRuleCatalog.all.filter { $0.example == nil }.map(\.code))
        #expect(without == [
            LoadDiagnosticCode.invalidUTF8.rawValue, LoadDiagnosticCode.documentLimit.rawValue, LoadDiagnosticCode.ioError.rawValue,
            LoadDiagnosticCode.internal.rawValue, FlowDiagnosticCode.duplicateScreenID.rawValue, CommandDiagnosticCode.skippedFile.rawValue,
            CommandDiagnosticCode.navigationChanged.rawValue,
            // A string catalog's problems need a catalog beside the flow: StringsTests shows each.
            FlowDiagnosticCode.invalidCatalog.rawValue, FlowDiagnosticCode.translationPlaceholders.rawValue,
            FlowDiagnosticCode.unknownStringKey.rawValue, FlowDiagnosticCode.missingTranslation.rawValue,
            FlowDiagnosticCode.translationNeedsReview.rawValue, FlowDiagnosticCode.invalidPluralCategory.rawValue,
            // fmt reports these, not validate: FormatTests shows each.
            CommandDiagnosticCode.notFormatted.rawValue, CommandDiagnosticCode.formatRefused.rawValue,
            // test reports these, from a flow test beside the flow: FlowTestCommandTests shows each.
            CommandDiagnosticCode.scenarioFailed.rawValue, CommandDiagnosticCode.flowNotTestable.rawValue,
            CommandDiagnosticCode.coverageBelowMinimum.rawValue, CommandDiagnosticCode.untestedFlow.rawValue,
        ])
    }

    @Test("docs/rules.md is the catalogue's page, with one section per code")
    func rulesPageIsGenerated() throws {
        let page = try String(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(page == DiagnosticRuleDocument.markdown(DiagnosticRuleCatalog.all), "regenerate: feedbackflow explain --format markdown > docs/rules.md")
        for rule in DiagnosticRuleCatalog.all {
            #expect(page.components(separatedBy: "\n## \(rule.code)\n").count == 2, "\(rule.code): one section")
        }
    }

    @Test("explain unknown-screen shows the fix as the typo corrected, not as another step")
    func unknownScreenExampleFixesTheTypo() throws {
        let rule = try #require(DiagnosticRuleCatalog.all.first { $0.code == FlowDiagnosticCode.unknownScreen.rawValue })
        let example = try #require(rule.example)
        let (before, after) = (example.before, example.after)
        #expect(before.contains("{push: thnks}"))
        #expect(after == before.replacingOccurrences(of: "{push: thnks}", with: "{push: thanks}"))
    }

    @Test("explain CODE prints the explanation and the example; an unknown code is a usage error with a suggestion")
    func explainCommand() async throws {
        let known = try await BuiltTool.run(["explain", "unknown-key"])
        #expect(known.status == 0)
        #expect(known.standardOutput.hasPrefix("unknown-key (error, decoding)\n"))
        #expect(known.standardOutput.contains("    subtitel: We read every message\n"))
        #expect(known.standardOutput.contains("\nAfter:\n"))
        let unknown = try await BuiltTool.run(["explain", "unknow-key"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("did you mean 'unknown-key'?"))
        let list = try await BuiltTool.run(["explain"])
        #expect(list.status == 0)
        for rule in DiagnosticRuleCatalog.all { #expect(list.standardOutput.contains("  \(rule.code) ")) }
    }
}

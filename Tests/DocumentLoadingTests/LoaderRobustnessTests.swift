import FeedbackFlow
import FlowSource
import Foundation
import Testing
import FeedbackFlowTestSupport

/// Bounds and never-crash guarantees of both loaders.
@Suite("Loader robustness")
struct LoaderRobustnessTests {
    @Test("nesting deeper than 512 levels is an error at the 513th opening, not a stack overflow", arguments: [
        ("deep-flow.yaml", "nesting-depth-limit@1:513"),
        ("deep-block.yaml", "nesting-depth-limit@513:1025"),
        ("json/deep.json", "nesting-depth-limit@1:513"),
    ])
    func depthLimit(name: String, expected: String) {
        let document = Fixtures.load(name)
        #expect(document.codes == [expected])
        #expect(document.root == nil)
    }

    @Test("512 levels of nesting still load", arguments: ["deep-flow-512.yaml", "json/deep-512.json"])
    func depthAtLimit(name: String) {
        let document = Fixtures.load(name)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root != nil)
    }

    @Test("a control character libyaml's reader rejects is a syntax error at its place")
    func controlCharacter() {
        let document = Fixtures.load("control-character.yaml")
        #expect(document.codes == ["syntax-error@1:4"])
        #expect(document.diagnostics.first?.message == "control character U+0001 is not allowed")
    }

    @Test("errors in a BOM + CRLF file are at the same line:column as without them")
    func errorsInBOMCRLFFile() {
        let document = Fixtures.load("bom-crlf-errors.yaml")
        #expect(document.codes == ["duplicate-key@2:1", "tab-indentation@4:1"])
        #expect(document.diagnostics.first?.message == "duplicate key 'title' (first at 1:1)")
    }

    @Test("the same JSON text loaded as YAML and as JSON gives the same tree and spans")
    func yamlAndJSONAgree() throws {
        let bytes = Fixtures.bytes("json/positions-lf.json")
        let asJSON = DocumentLoader.load(SourceFile(path: "p.json", bytes: bytes))
        let asYAML = DocumentLoader.load(SourceFile(path: "p.json", bytes: bytes), format: .yaml)
        #expect(asJSON.diagnostics.isEmpty)
        #expect(asYAML.diagnostics.isEmpty)
        let json = try #require(asJSON.root)
        let yaml = try #require(asYAML.root)
        #expect(json == yaml)
    }

    // MARK: Fuzzing

    static let fixtureNames: [String] = {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }()

    /// Random byte strings biased towards YAML/JSON syntax, truncations of every fixture
    /// and random byte changes to them.
    static func generatedInputs() -> [[UInt8]] {
        var random = SplitMix64(state: 20_240_501)
        let alphabet = Array("-:[]{},&*!|>'\"#?%@`\\ \t\n\r\r\n~.0123456789abcxyz<<éü😀".utf8) + [0x00, 0x01, 0x7F, 0xC3, 0xFF, 0xE2, 0x80]
        var inputs: [[UInt8]] = []
        for _ in 0..<300 {
            let length = Int.random(in: 0...120, using: &random)
            inputs.append((0..<length).map { _ in alphabet.randomElement(using: &random)! })
        }
        for name in fixtureNames where !name.contains("deep") && !name.contains("billion") {
            let bytes = Fixtures.bytes(name)
            guard !bytes.isEmpty else { continue }
            for _ in 0..<4 {
                inputs.append(Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))))
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    mutated[Int.random(in: 0..<mutated.count, using: &random)] = alphabet.randomElement(using: &random)!
                }
                inputs.append(mutated)
            }
        }
        return inputs
    }

    /// Every node lies inside the file and starts no later than it ends.
    func checkSpans(_ node: Node, byteCount: Int) {
        #expect(node.span.start.line >= 1 && node.span.start.column >= 1)
        #expect(node.span.start.offset <= node.span.end.offset && node.span.end.offset <= byteCount)
        switch node.kind {
        case .scalar: break
        case .sequence(let items): items.forEach { checkSpans($0, byteCount: byteCount) }
        case .mapping(let entries):
            entries.forEach {
                checkSpans($0.key, byteCount: byteCount)
                checkSpans($0.value, byteCount: byteCount)
            }
        }
    }

    @Test("hundreds of random, truncated and mutated inputs load without crashing, every diagnostic located",
          arguments: [DocumentFormat.yaml, .json])
    func fuzz(format: DocumentFormat) {
        let inputs = Self.generatedInputs()
        #expect(inputs.count > 400)
        for bytes in inputs {
            let document = DocumentLoader.load(SourceFile(path: "fuzz", bytes: bytes), format: format)
            let lineCount = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
            for diagnostic in document.diagnostics {
                guard let span = diagnostic.span else {
                    Issue.record("diagnostic without a position: \(diagnostic) for \(bytes)")
                    continue
                }
                #expect(span.start.line >= 1 && span.start.line <= lineCount && span.start.column >= 1)
                #expect(span.start.offset >= 0 && span.start.offset <= bytes.count)
            }
            if let root = document.root {
                checkSpans(root, byteCount: bytes.count)
            } else {
                #expect(document.diagnostics.contains { $0.severity == .error }, "no root and no error for \(bytes)")
            }
        }
    }
}

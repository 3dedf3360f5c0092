import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCompile
import FlowFormat
import FlowSource
import Foundation
import Testing

/// The formatter: the layout on hostile inputs (each expected output typed by hand from
/// the layout's rules in docs/command-line.md), and, over every fixture and a generated
/// corpus, that formatting twice changes nothing, keeps the flow and its diagnostics, and
/// keeps every comment (counted by PyYAML's scanner, not by fmt).
@Suite("the formatter: one layout, the same flow, every comment")
struct FormatterTests {
    /// The hostile cases of other formatters' bug reports, each with its expected layout.
    static let hostile = [
        "comments-before-document-start.flow.yaml",  // yamlfmt #236: comments before `---` moved after it
        "comments-only.flow.yaml",  // yamlfmt #254: a file of comments (a $schema modeline) emptied
        "alias-key.flow.yaml",  // yamlfmt #242: `*alias :` written `*alias:`, which other readers refuse
        "end-comment-indentation.flow.yaml",  // prettier #4917: a comment under a mapping's last key moved out of it
        "comment-under-empty-value.flow.yaml",  // prettier #4861: a comment under `key:` written twice
        "block-scalar-header-comment.flow.yaml",  // a comment after `>-` dropped; more-indented folded lines (go-yaml #649)
        "blank-lines.flow.yaml",  // prettier #9130, yamlfmt #155/#289: blank lines doubled or moved run after run
        "anchors-and-merge.flow.yaml",  // yamlfix #120: anchors and merge keys lost; sorting puts an alias before its anchor
        "flow-collection-with-comments.flow.yaml",  // prettier #8377, yaml-unist-parser #268: comments in `[…]` lost
        "comments-between-list-groups.flow.yaml",  // yamlfmt #255: comments between groups of list items moved
        "comment-after-anchor.flow.yaml",  // prettier #10518: a comment after an anchor pulled onto the anchor's line
        "quoting.flow.yaml",  // quotes only where YAML would read the text otherwise
        "key-order.flow.json",  // JSON: the same key order, two spaces per level
        // Found by review and by trying fmt as a new user would:
        "comment-after-block-text.flow.yaml",  // a comment after block text was put on its `|` line
        "comments-inside-values.flow.yaml",  // `[  # …` `]` became null; a comment before a value moved to the next key
        "block-text-trailing-blanks.flow.yaml",  // trailing spaces in block text are its text
        "bom-crlf-markers.flow.yaml",  // a BOM hid the `---`; a comment after `...` moved before it
        "blank-line-before-reordered-item.flow.yaml",  // the blank line of an item was written twice
        "author-keys-keep-their-order.flow.yaml",  // an event named `rating` was ordered as a rating block
        "yaml11-lookalikes.flow.yaml",  // "2024-05-01", "10:30", "=" unquoted; `*alias :` in `{…}` lost its space
        "block-text-after-properties.flow.yaml",  // `&a` on one line, `|+` on the next: the header's line was taken for text
        "suppression-moves-with-key.flow.yaml",  // a disable-next-line above a mapping's first key stayed at the top: the file was refused
        "suppression-single-screen.flow.yaml",  // the same before a single-screen file's first key, where it was taken for the file's head
        // Found by the fuzzer (Fuzz/FuzzFormatter):
        "block-text-tab-line.flow.yaml",  // a last line of a tab, or of more spaces than the indentation, is text, not a blank line
        "blank-line-before-list-in-list.flow.yaml",  // an item's blank line was looked for above its inner list's line, not its `-` line
        "block-text-breaks-alone.flow.yaml",  // `|+` text of line breaks alone lost one (the file was refused)
        "comment-after-multiline-flow.flow.yaml",  // a comment after `[a,` then `b]` moved above the next key
        "cr-line-ends.flow.yaml",  // CR alone ends lines (YAML §5.4): block text in such a file was refused
        "comment-before-list-in-list.flow.yaml",  // a comment under an item's last key moved out on the second pass: `- - a` and `-` then `- a` were placed apart
        "blank-line-across-moved-keys.flow.yaml",  // two blank lines before `start:`, after the screens, became one between `version:` and `start:`
    ]

    static func format(_ url: URL) throws -> FlowFormatter.Outcome {
        let source = try SourceFile.read(path: url.path)
        return FlowFormatter.format(source, as: DocumentFormat(path: url.path), options: CompileOptions())
    }

    static func format(text: String, name: String) -> FlowFormatter.Outcome {
        FlowFormatter.format(SourceFile(path: name, text: text), as: DocumentFormat(path: name), options: CompileOptions())
    }

    @Test("each hostile case is written as its expected layout, which fmt leaves as it is", arguments: hostile)
    func hostileCase(_ name: String) throws {
        let input = BuiltTool.fixture("fmt/\(name)")
        let expectedURL = BuiltTool.fixture("fmt/\(name.replacingOccurrences(of: ".flow.yaml", with: "").replacingOccurrences(of: ".flow.json", with: "")).expected")
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        guard case .formatted(let text) = try Self.format(input) else {
            Issue.record("\(name) was refused: \(try Self.format(input))")
            return
        }
        #expect(text == expected, "\(name):\n\(LineDiff.unified(old: expected, new: text, oldName: "expected", newName: "fmt"))")
        guard case .formatted(let again) = Self.format(text: expected, name: input.lastPathComponent) else {
            Issue.record("the expected layout of \(name) was refused")
            return
        }
        #expect(again == expected, "the expected layout of \(name) is not a fixed point")
    }

    /// Every YAML and JSON file of flows/ and Tests/, and a corpus written by the
    /// benchmarks' generator (with and without expressions, and a flow of 100 screens).
    static func allInputs(generatedInto folder: URL) async throws -> [URL] {
        let generate = BuiltTool.repositoryRoot.appendingPathComponent("benchmarks/generate.py").path
        for extra in [["--corpus", "200", "--screens", "100"], ["--corpus", "100", "--expressions", "--screens", "100"]] {
            let result = try await BuiltTool.runProgram("/usr/bin/env", ["python3", generate, folder.path] + extra)
            #expect(result.status == 0, "\(result.standardError)")
        }
        var found: [URL] = []
        for root in [BuiltTool.repositoryRoot.appendingPathComponent("flows"), BuiltTool.repositoryRoot.appendingPathComponent("Tests"), folder] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard ["yaml", "yml", "json"].contains(url.pathExtension), !url.lastPathComponent.hasPrefix(".") else { continue }
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Files the layout cannot hold, each with why: fmt leaves them as they are.
    static let refused: [String: String] = [
        "directive.yaml": "a '%' directive",
        "block.yaml": "would read otherwise",  // block scalars whose lines are all blanks, under an indentation indicator
        // The flow written as one block list would move the field off its suppression's line: an opt-in rule's finding.
        "opt-in-suppression.flow.yaml": "diagnostics would change",
    ]

    @Test("a blank line stays where it divides the same entries as written, one for a run; where fmt's key order moves an entry across it, it goes")
    func blankLineAcrossMovedKeys() throws {
        // The fixture: two blank lines between the screens and `start:` (start moves above
        // the screens, across them: gone), two between the screen's `style` and
        // `primaryAction` (title and style swap above them: kept, one), one between the
        // button's `action` and `title` (they swap across it: gone), one between the two
        // screens (in their written order: kept).
        guard case .formatted(let text) = try Self.format(BuiltTool.fixture("fmt/blank-line-across-moved-keys.flow.yaml")) else {
            Issue.record("refused")
            return
        }
        #expect(text == (try String(contentsOf: BuiltTool.fixture("fmt/blank-line-across-moved-keys.expected"), encoding: .utf8)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3) == ["version: 1", "start: welcome", "screens:"])
    }

    @Test("over every fixture and a generated corpus: fmt(fmt(x)) == fmt(x), the same flow and diagnostics, every comment kept")
    func idempotentAndFaithful() async throws {
        let scratch = try ScratchFolder("fmt-corpus")
        let inputs = try await Self.allInputs(generatedInto: scratch.url.appendingPathComponent("generated"))
        var pairs: [[String]] = []
        var formattedCount = 0
        for (index, url) in inputs.enumerated() {
            // Minutes of work in all, in process: the other tests' tasks get the thread between files
            // (a test waiting on a child process's signal must not wait for this loop).
            await Task.yield()
            let original = FlowCompiler.compile(contentsOf: url)
            let loadErrors = original.document.diagnostics.filter { $0.severity == .error }
            let outcome = try Self.format(url)
            // A YAML file of comments alone holds no document, and is still formatted.
            let isCommentsOnly = DocumentFormat(path: url.path) == .yaml && loadErrors.map(\.code) == ["empty-document"]
            if !loadErrors.isEmpty, !isCommentsOnly {
                // A file that does not load is refused with its own diagnostics.
                guard case .refused(let reasons) = outcome else {
                    Issue.record("\(url.path) does not load, yet fmt formatted it")
                    continue
                }
                #expect(reasons.map(\.code) == loadErrors.map(\.code), "\(url.path)")
                continue
            }
            if let reason = Self.refused[url.lastPathComponent] {
                guard case .refused(let reasons) = outcome else {
                    Issue.record("\(url.path) should be refused (\(reason))")
                    continue
                }
                #expect(reasons.map(\.code) == ["format-refused"] && reasons.contains { $0.message.contains(reason) }, "\(url.path): \(reasons)")
                continue
            }
            guard case .formatted(let text) = outcome else {
                Issue.record("\(url.path) was refused: \(outcome)")
                continue
            }
            formattedCount += 1
            // The same name, so a single screen keeps its id (its file's base name).
            let again = Self.format(text: text, name: url.path)
            guard case .formatted(let twice) = again else {
                Issue.record("\(url.path): its layout was refused: \(again)")
                continue
            }
            #expect(twice == text, "\(url.path) is not idempotent:\n\(LineDiff.unified(old: text, new: twice, oldName: "once", newName: "twice"))")
            let formatted = FlowCompiler.compile(text: text, format: DocumentFormat(path: url.path), name: url.path)
            #expect(formatted.flow == original.flow, "\(url.path): another flow")
            func findings(_ compilation: FlowCompilation) -> [String] {
                compilation.diagnostics.map { "\($0.severity) [\($0.code)] \($0.message)" }.sorted()
            }
            #expect(findings(formatted) == findings(original), "\(url.path): other diagnostics")
            if DocumentFormat(path: url.path) == .yaml {
                let copy = scratch.url.appendingPathComponent("formatted/\(index)-\(url.lastPathComponent)")
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: copy)
                pairs.append([url.path, copy.path])
            }
        }
        #expect(formattedCount > 500)
        // Comments, counted by PyYAML's scanner.
        let list = scratch.url.appendingPathComponent("pairs.json")
        try JSONSerialization.data(withJSONObject: pairs).write(to: list)
        let script = BuiltTool.repositoryRoot.appendingPathComponent("Tests/FlowFormatTests/yaml_comments.py").path
        let result = try await BuiltTool.runProgram("/usr/bin/env", ["python3", script, list.path])
        try #require(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count == pairs.count)
        var compared = 0
        var commented = 0
        for (pair, line) in zip(pairs, lines) {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let before = answer["before"] as? [String], let after = answer["after"] as? [String] else { continue }
            compared += 1
            commented += before.isEmpty ? 0 : 1
            #expect(before.sorted() == after.sorted(), "\(pair[0]): comments differ: \(before) → \(after)")
            if answer["same_key_order"] as? Bool == true {
                #expect(before == after, "\(pair[0]): comments in another order, with the keys in the same order")
            }
        }
        #expect(compared > 400 && commented > 100, "\(compared) files compared, \(commented) with comments")
    }
}

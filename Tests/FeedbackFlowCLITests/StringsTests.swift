import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCompile
import Foundation
import Testing

/// String catalogs end to end: `strings export`, `run --strings --locale`, `validate
/// --strings`, the Swift API. The catalog's shape is checked by Python's `jsonschema`
/// against `schemas/xcstrings.schema.json`, and its layout against a catalog typed by hand
/// in Xcode's layout (`Fixtures/strings/xcode.xcstrings`).
@Suite("String Catalogs")
struct StringsTests {
    static let flow = BuiltTool.fixture("strings/feedback.flow.yaml").path
    static let xcode = BuiltTool.fixture("strings/xcode.xcstrings")

    /// Whether `catalog` passes `schemas/xcstrings.schema.json` (jsonschema, draft 2020-12).
    static func passesSchema(_ catalog: String) async throws -> Bool {
        let schema = BuiltTool.repositoryRoot.appendingPathComponent("schemas/xcstrings.schema.json").path
        let script = "import json,sys,jsonschema; jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))"
        return try await BuiltTool.runProgram("/usr/bin/env", ["python3", "-c", script, schema, catalog]).status == 0
    }

    /// A catalog as JSON objects, edited and written back (not in Xcode's layout: the tool must read any).
    static func edit(_ path: URL, _ change: (inout [String: Any]) -> Void) throws {
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        change(&catalog)
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(to: path)
    }

    static func setTranslation(_ catalog: inout [String: Any], key: String, locale: String, value: String, state: String = "translated") {
        var strings = catalog["strings"] as? [String: Any] ?? [:]
        var entry = strings[key] as? [String: Any] ?? [:]
        var localizations = entry["localizations"] as? [String: Any] ?? [:]
        localizations[locale] = ["stringUnit": ["state": state, "value": value]]
        entry["localizations"] = localizations
        strings[key] = entry
        catalog["strings"] = strings
    }

    @Test("a merge that changes nothing writes a catalog Xcode wrote byte for byte, and both pass the catalog schema")
    func xcodeLayoutIsKept() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.copyItem(at: Self.xcode, to: copy)
        let result = try await BuiltTool.run(["strings", "export", Self.flow, "-o", copy.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: Self.xcode))
        #expect(try await Self.passesSchema(Self.xcode.path))
        // A new catalog: every user-facing string, none of the ids, steps or outcomes.
        let fresh = folder.appendingPathComponent("new.xcstrings")
        #expect(try await BuiltTool.run(["strings", "export", Self.flow, "-o", fresh.path]).status == 0)
        #expect(try await Self.passesSchema(fresh.path))
        let strings = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: fresh)) as? [String: Any])?["strings"] as? [String: Any])
        #expect(Set(strings.keys) == [
            "feedback.ask.title", "feedback.ask.rating.label", "feedback.ask.email.label", "feedback.ask.email.placeholder",
            "feedback.ask.text.1", "feedback.ask.primaryAction.title", "feedback.thanks.title", "feedback.thanks.subtitle",
            "feedback.thanks.primaryAction.title", "feedback.orphan.title", "feedback.orphan.primaryAction.title",
        ])
    }

    @Test("a round trip: export, translate, run in German, validate the catalog, re-export after a rewording")
    func roundTrip() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("feedback.flow.yaml")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.flow), to: flow)
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        #expect(try await BuiltTool.run(["strings", "export", flow.path, "-o", catalog.path]).status == 0)
        try Self.edit(catalog) { catalog in
            Self.setTranslation(&catalog, key: "feedback.ask.title", locale: "de", value: "Wie war es?")
            // The translation lost its ${email}.
            Self.setTranslation(&catalog, key: "feedback.thanks.subtitle", locale: "de", value: "Wir schreiben Ihnen.")
        }
        // run in German (de-AT falls back to de): the German title, the English button.
        let run = try await BuiltTool.run(
            ["run", flow.path, "--strings", catalog.path, "--locale", "de-AT", "--feedback-out", folder.appendingPathComponent("f.jsonl").path],
            input: "quit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Wie war es?") && !run.standardOutput.contains("How was it?") && run.standardOutput.contains("Send"))

        let checked = try await BuiltTool.run(["validate", "--format", "json", "--strings", catalog.path, "--locale", "de", flow.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        // At the line and column of the translation's value in the catalog, found here by reading the text.
        let lines = try String(contentsOf: catalog, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("\"Wir schreiben Ihnen.\"") })
        let column = try #require(lines[line].range(of: "\"Wir schreiben Ihnen.\"")).lowerBound.utf16Offset(in: lines[line]) + 1
        let placeholders = try #require(diagnostics.first { $0["code"] as? String == "translation-placeholders" })
        #expect(placeholders["file"] as? String == catalog.path)
        #expect(placeholders["line"] as? Int == line + 1 && placeholders["column"] as? Int == column)
        #expect((placeholders["message"] as? String)?.contains("drops ${email}") == true)
        // Missing: only what a person can see; the unreachable screen's and the hidden block's strings are not asked for.
        let missing = Set(diagnostics.filter { $0["code"] as? String == "missing-translation" }.compactMap { $0["message"] as? String }
            .compactMap { $0.firstMatch(of: /'([^']+)'/).map { String($0.1) } })
        #expect(missing == [
            "feedback.ask.rating.label", "feedback.ask.email.label", "feedback.ask.email.placeholder", "feedback.ask.primaryAction.title",
            "feedback.thanks.title", "feedback.thanks.primaryAction.title",
        ])
        #expect(checked.status == 1)

        // The source title reworded: export again keeps the German text and marks it needs_review.
        let reworded = try String(contentsOf: flow, encoding: .utf8).replacingOccurrences(of: "title: How was it?", with: "title: How did it go?")
        try Data(reworded.utf8).write(to: flow)
        #expect(try await BuiltTool.run(["strings", "export", flow.path, "-o", catalog.path]).status == 0)
        let strings = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any])?["strings"] as? [String: Any])
        let german = ((strings["feedback.ask.title"] as? [String: Any])?["localizations"] as? [String: Any])?["de"] as? [String: Any]
        let unit = german?["stringUnit"] as? [String: String]
        #expect(unit == ["state": "needs_review", "value": "Wie war es?"])
        #expect(try await Self.passesSchema(catalog.path))
        let review = try await BuiltTool.run(["validate", "--format", "json", "--strings", catalog.path, "--locale", "de", flow.path])
        #expect(review.standardOutput.contains("translation-needs-review"))
    }

    @Test("keys no flow has, plural categories a language lacks and a catalog of another shape are reported at their place")
    func catalogProblems() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("c.xcstrings")
        try FileManager.default.copyItem(at: Self.xcode, to: catalog)
        try Self.edit(catalog) { catalog in
            Self.setTranslation(&catalog, key: "feedback.gone.title", locale: "de", value: "Weg")
            var strings = catalog["strings"] as? [String: Any] ?? [:]
            var entry = strings["feedback.thanks.title"] as? [String: Any] ?? [:]
            var localizations = entry["localizations"] as? [String: Any] ?? [:]
            // CLDR: Russian has one, few, many, other, and no two.
            localizations["ru"] = ["variations": ["plural": [
                "one": ["stringUnit": ["state": "translated", "value": "Спасибо!"]],
                "two": ["stringUnit": ["state": "translated", "value": "Спасибо!"]],
                "other": ["stringUnit": ["state": "translated", "value": "Спасибо!"]],
            ]]]
            entry["localizations"] = localizations
            strings["feedback.thanks.title"] = entry
            catalog["strings"] = strings
        }
        let checked = try await BuiltTool.run(["validate", "--format", "json", "--strings", catalog.path, Self.flow])
        let codes = ((try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [])
            .filter { $0["file"] as? String == catalog.path }.compactMap { $0["code"] as? String }
        #expect(codes.sorted() == ["invalid-plural-category", "unknown-string-key"])
        let broken = folder.appendingPathComponent("broken.xcstrings")
        // A string unit without its state: reported at the unit's `{`.
        let text = #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"value": "x"}}}}}}"#
        try Data(text.utf8).write(to: broken)
        let column = try #require(text.range(of: #"{"value""#)).lowerBound.utf16Offset(in: text) + 1
        let bad = try await BuiltTool.run(["validate", "--strings", broken.path, Self.flow])
        #expect(bad.status == 1 && bad.standardOutput.contains("broken.xcstrings:1:\(column): error:") && bad.standardOutput.contains("[invalid-catalog]"), "\(bad.standardOutput)")
    }

    @Test("the Swift API shows a flow in a locale, falling back from de-AT to de to the source")
    func swiftAPI() throws {
        let flow = try #require(FlowCompiler.compile(contentsOf: URL(filePath: Self.flow)).flow)
        let catalog = try StringCatalog(json: String(contentsOf: Self.xcode, encoding: .utf8))
        let austrian = flow.localized(with: catalog, locale: "de-AT")
        #expect(austrian.screens[0].title.raw == "Wie war es?")
        #expect(austrian.screens[1].subtitle?.raw == "Wir schreiben an ${email}.")
        // Untranslated strings keep the flow's text; another locale changes nothing.
        #expect(austrian.screens[0].primaryAction.button?.title.raw == "Send")
        #expect(flow.localized(with: catalog, locale: "fr") == flow)
        #expect(StringCatalog.fallbacks(of: "zh_Hant_TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    }

    @Test("the storyboard shows each screen in the flow's language and each locale side by side, right-to-left ones so laid out")
    func storyboardLocales() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("c.xcstrings")
        try FileManager.default.copyItem(at: Self.xcode, to: catalog)
        try Self.edit(catalog) { Self.setTranslation(&$0, key: "feedback.ask.title", locale: "ar", value: "كيف كان؟") }
        let page = folder.appendingPathComponent("board.html")
        let result = try await BuiltTool.run(
            ["storyboard", Self.flow, "--strings", catalog.path, "--locale", "de", "--locale", "ar", "-o", page.path])
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        // The ask scene: its three locales' names in order, and each one's title.
        let start = try #require(html.range(of: "<section class=\"scene pairs-3\" id=\"f1-")).upperBound
        let ask = try #require(html[start...].components(separatedBy: "<section class=\"scene").first)
        #expect(ask.contains("data-screen=\"ask\""))
        let names = ask.matches(of: /class="locale-name" dir="ltr">([^<]*)</).map { String($0.1) }
        #expect(names == ["en", "de", "ar"])
        #expect(ask.contains("How was it?") && ask.contains("Wie war es?") && ask.contains("كيف كان؟"))
        #expect(ask.components(separatedBy: "<div class=\"locale\" dir=\"rtl\">").count == 2)
        // --strings without a locale to show is a usage error.
        #expect(try await BuiltTool.run(["storyboard", Self.flow, "--strings", catalog.path, "-o", page.path]).status == 2)
    }

    @Test("export keeps what it does not own: other keys, shouldTranslate, substitutions, device variations, unknown members; plural forms go to review")
    func exportKeepsTheRest() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("feedback.flow.yaml")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.flow), to: flow)
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.copyItem(at: Self.xcode, to: catalog)
        try Self.edit(catalog) { catalog in
            catalog["x-tool"] = ["kept": true]
            var strings = catalog["strings"] as? [String: Any] ?? [:]
            // The app's own string, which no flow has: not ours to mark.
            strings["Welcome"] = ["localizations": ["de": ["stringUnit": ["state": "translated", "value": "Willkommen"]]]]
            var title = strings["feedback.thanks.title"] as? [String: Any] ?? [:]
            var localizations = title["localizations"] as? [String: Any] ?? [:]
            localizations["ru"] = ["variations": ["plural": [
                "one": ["stringUnit": ["state": "translated", "value": "Спасибо!"]],
                "other": ["stringUnit": ["state": "translated", "value": "Спасибо!!"]],
            ]]]
            localizations["fr"] = ["variations": ["device": ["iphone": ["stringUnit": ["state": "translated", "value": "Merci !"]]]]]
            localizations["it"] = ["stringUnit": ["state": "translated", "value": "Grazie!"], "substitutions": ["n": ["argNum": 1]]]
            title["localizations"] = localizations
            title["shouldTranslate"] = true
            strings["feedback.thanks.title"] = title
            var done = strings["feedback.thanks.primaryAction.title"] as? [String: Any] ?? [:]
            done["shouldTranslate"] = false
            strings["feedback.thanks.primaryAction.title"] = done
            catalog["strings"] = strings
        }
        // The thanks title reworded.
        let reworded = try String(contentsOf: flow, encoding: .utf8).replacingOccurrences(of: "title: Thank you!", with: "title: Thanks a lot!")
        try Data(reworded.utf8).write(to: flow)
        let result = try await BuiltTool.run(["strings", "export", flow.path, "-o", catalog.path])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any])
        #expect((written["x-tool"] as? [String: Any])?["kept"] as? Bool == true)
        let strings = try #require(written["strings"] as? [String: Any])
        let welcome = try #require(strings["Welcome"] as? [String: Any])
        #expect(welcome["extractionState"] == nil, "the app's key is left as it was")
        let title = try #require(strings["feedback.thanks.title"] as? [String: Any])
        let localizations = try #require(title["localizations"] as? [String: Any])
        let plural = try #require(((localizations["ru"] as? [String: Any])?["variations"] as? [String: Any])?["plural"] as? [String: Any])
        #expect(plural.values.compactMap { (($0 as? [String: Any])?["stringUnit"] as? [String: Any])?["state"] as? String } == ["needs_review", "needs_review"])
        let device = ((localizations["fr"] as? [String: Any])?["variations"] as? [String: Any])?["device"] as? [String: Any]
        #expect(device?["iphone"] != nil)
        #expect((localizations["it"] as? [String: Any])?["substitutions"] != nil)
        #expect(title["shouldTranslate"] as? Bool == true)
        // A string not to translate is never missing; the source language misses nothing.
        let checked = try await BuiltTool.run(["validate", "--format", "json", "--strings", catalog.path, "--locale", "de", "--locale", "en", flow.path])
        let messages = ((try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [])
            .compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.contains("thanks.primaryAction.title") || $0.contains("Welcome") || $0.contains("has no en") }, "\(messages)")
    }

    @Test("two strings that would share a key are refused, naming both")
    func collidingKeysAreRefused() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.flow), to: folder.appendingPathComponent("\(sub)/feedback.flow.yaml"))
        }
        let catalog = folder.appendingPathComponent("c.xcstrings")
        let result = try await BuiltTool.run([
            "strings", "export", folder.appendingPathComponent("a/feedback.flow.yaml").path, folder.appendingPathComponent("b/feedback.flow.yaml").path,
            "-o", catalog.path,
        ])
        #expect(result.status == 2 && result.standardError.contains("share the key 'feedback.ask.title'"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: catalog.path))
    }

    @Test("the catalog is a regular file: a fifo or device is refused at once (it would be read and waited on); an empty file is a new catalog")
    func outputIsARegularFile() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.xcstrings").path
        try #require(mkfifo(fifo, 0o600) == 0)
        for output in [fifo, "/dev/null"] {
            let result = try await BuiltTool.run(["strings", "export", Self.flow, "-o", output])
            #expect(result.status == 2 && result.standardError.contains("is not a regular file"), "\(output): \(result.standardError)")
        }
        let empty = folder.appendingPathComponent("empty.xcstrings")
        try Data().write(to: empty)
        let fresh = try await BuiltTool.run(["strings", "export", Self.flow, "-o", empty.path])
        #expect(fresh.status == 0, "\(fresh.standardError)")
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: empty)) as? [String: Any])
        #expect(catalog["sourceLanguage"] as? String == "en")
    }
}

@Suite("plural forms")
struct PluralFormTests {
    /// CLDR 44's examples for the cardinal rules (plurals.xml `@integer` samples).
    @Test("the CLDR category of whole numbers follows the language's rules")
    func cldrCategories() {
        let samples: [(String, [(Int, String)])] = [
            ("en", [(0, "other"), (1, "one"), (2, "other"), (11, "other")]),
            ("fr", [(0, "one"), (1, "one"), (2, "other"), (1_000_000, "many")]),
            ("ru", [(1, "one"), (21, "one"), (2, "few"), (24, "few"), (5, "many"), (11, "many"), (12, "many"), (111, "many")]),
            ("pl", [(1, "one"), (2, "few"), (22, "few"), (5, "many"), (12, "many"), (21, "many")]),
            ("ar", [(0, "zero"), (1, "one"), (2, "two"), (3, "few"), (10, "few"), (11, "many"), (99, "many"), (100, "other"), (102, "other")]),
            ("cs", [(1, "one"), (3, "few"), (5, "other")]),
            ("ja", [(1, "other")]),
            ("he", [(1, "one"), (2, "two"), (3, "other")]),
        ]
        for (language, cases) in samples {
            for (n, category) in cases {
                #expect(PluralCategories.category(of: n, locale: language) == category, "\(language) \(n)")
            }
        }
    }

    @Test("a translated string that reads one number is drawn in the plural form of its value")
    func pluralFormsAreChosen() throws {
        let flow = try #require(FlowCompiler.compile(text: """
            version: 1
            id: stars
            start: a
            screens:
              a:
                style: feedback
                image: logo
                title: "${rating} stars"
                extraContent:
                  - rating: {id: rating, min: 1, max: 5, value: 1}
                primaryAction: {button: {title: Done, action: dismiss}}

            """, format: .yaml, name: "stars.flow.yaml").flow)
        let catalog = try StringCatalog(json: #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"stars.a.title": {"localizations": {"ru": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "${rating} звезда"}},
              "few": {"stringUnit": {"state": "translated", "value": "${rating} звезды"}},
              "many": {"stringUnit": {"state": "translated", "value": "${rating} звёзд"}},
              "other": {"stringUnit": {"state": "translated", "value": "${rating} звезды"}}}}}}}}}
            """#)
        let title = flow.localized(with: catalog, locale: "ru").screens[0].title
        #expect(title.render { $0 == "rating" ? "1" : nil } == "1 звезда")
        #expect(title.render { $0 == "rating" ? "3" : nil } == "3 звезды")
        #expect(title.render { $0 == "rating" ? "5" : nil } == "5 звёзд")
    }

    @Test("a locale longer than a language tag can be (64 characters or 8 subtags) is a usage error, said at once; the fallback chain reads at most 8 subtags")
    func overlongLocaleIsRefused() async throws {
        let catalog = StringsTests.xcode.path
        let flow = StringsTests.flow
        for locale in [String(repeating: "a-", count: 40_000), "de-" + String(repeating: "x", count: 62), "a-b-c-d-e-f-g-h-i"] {
            let result = try await BuiltTool.run(["storyboard", flow, "--strings", catalog, "--locale", locale])
            #expect(result.status == 2)
            #expect(result.standardError.contains("is not a locale: a tag has at most 64 characters and 8 subtags"), "\(result.standardError.prefix(300))")
        }
        // What a language tag cannot hold: a path, a doubled or trailing separator, an escape.
        for locale in ["../../etc/passwd", "de--AT", "de-", "de\u{1B}[31m", "de AT"] {
            let result = try await BuiltTool.run(["storyboard", flow, "--strings", catalog, "--locale", locale])
            #expect(result.status == 2, "\(locale)")
            #expect(result.standardError.contains("is not a locale: a tag is letters and digits in subtags joined by '-' or '_'"), "\(result.standardError)")
            #expect(!result.standardError.contains("\u{1B}"))
        }
        #expect(try await BuiltTool.run(["storyboard", flow, "--strings", catalog, "--locale", "zh-Hant-TW"]).status == 0)
        #expect(try await BuiltTool.run(["storyboard", flow, "--strings", catalog, "--locale", "sr@latin"]).status == 0)
        #expect(StringCatalog.fallbacks(of: String(repeating: "a-", count: 40_000)).count == 8)
        #expect(StringCatalog.fallbacks(of: "zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    }
}

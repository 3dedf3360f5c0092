// swift-tools-version:6.0
import PackageDescription

/// Settings every target of the package is built with: existential types spelled `any P`,
/// and a file sees only the members of modules it imports itself.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "FeedbackFlow",
    // The floor the host products need: `Regex`, `ContinuousClock` and `Task.sleep(for:)`
    // come with iOS 16 / macOS 13; nothing newer is used (a test guards it).
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        // Everything a host app needs: the model, loading YAML and JSON files, validation,
        // the navigator and its handlers. Links libyaml.
        .library(name: "FeedbackFlow", targets: ["FeedbackFlow"]),
        // The same without the YAML loader, for apps that build screens in Swift or load
        // JSON: links no C library.
        .library(name: "FeedbackFlowCore", targets: ["FeedbackFlowCore"]),
        // HTTPFeedbackSink: posts feedback (libcurl on Linux, URLSession on Apple platforms).
        // A product of its own, so that the two above link no networking.
        .library(name: "FeedbackFlowHTTP", targets: ["FeedbackFlowHTTP"]),
        // Custom steps run as programs (ProgramHandler): spawns processes, so it is for the
        // command line and desktop hosts, never part of the products for apps.
        .library(name: "FeedbackFlowPrograms", targets: ["FeedbackFlowPrograms"]),
        // The target is `FeedbackFlowTool`, not `feedbackflow`: on a case-insensitive file
        // system (macOS) a module `feedbackflow` would share its build files with the
        // library `FeedbackFlow`. The program is named after the product.
        .executable(name: "feedbackflow", targets: ["FeedbackFlowTool"]),
        // The one program that links networking: `feedbackflow` runs it for each HTTP
        // delivery, so that no other command pays for loading libcurl at start-up.
        .executable(name: "feedbackflow-post", targets: ["feedbackflow-post"]),
        // Checks a target's flow files at build time and compiles each into Swift: typed
        // names of its screens, fields, events and handlers, and the flow as JSON, so an
        // app links only FeedbackFlowCore (no libyaml). The build machine needs libyaml.
        .plugin(name: "FeedbackFlowPlugin", targets: ["FeedbackFlowPlugin"]),
    ],
    targets: [
        // libyaml through pkg-config `yaml-0.1` (Debian: libyaml-dev). Only FlowYAML imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // libcurl through pkg-config `libcurl` (Debian: libcurl4-openssl-dev), on Linux only.
        // Only FeedbackFlowHTTP imports it; its shim.h gives typed wrappers of libcurl's
        // variadic calls.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The operating system as every module sees it: the platform's C library and
        // Foundation in one import, and the system's text for an error number.
        .target(name: "FlowSystem", swiftSettings: strictness),
        // Source files, locations, spans, the located node tree, diagnostics, strict JSON. No C.
        .target(name: "FlowSource", dependencies: ["FlowSystem"], swiftSettings: strictness),
        // YAML text → the same node tree, through libyaml. The only module that imports CYAML.
        .target(name: "FlowYAML", dependencies: ["FlowSystem", "FlowSource", "CYAML"], swiftSettings: strictness),
        // Compile time: the model, decoding with located errors, validation, templates.
        .target(name: "FlowCompile", dependencies: ["FlowSystem", "FlowSource"], swiftSettings: strictness),
        // Run time: navigation state, the navigator, handlers, presenters, delivery.
        .target(name: "FeedbackFlowCore", dependencies: ["FlowSystem", "FlowCompile", "FlowSource"], swiftSettings: strictness),
        // Programs run as handlers, bounded and stopped by process group: the only module that
        // spawns processes.
        .target(
            name: "FeedbackFlowPrograms", dependencies: ["FlowSystem", "FeedbackFlowCore", "FlowCompile", "FlowSource"], swiftSettings: strictness),
        // Delivery over HTTP (HTTPFeedbackSink): on Linux through libcurl (CCurl, the only
        // module importing it), elsewhere through URLSession. CCurl is a dependency on Linux
        // only, so the product still builds for iOS and macOS.
        .target(
            name: "FeedbackFlowHTTP",
            dependencies: [
                "FlowSystem", "FeedbackFlowCore", "FlowCompile", "FlowSource", .target(name: "CCurl", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strictness),
        // The host-facing module: re-exports the model and the runtime, and loads YAML or JSON files.
        .target(
            name: "FeedbackFlow", dependencies: ["FlowSystem", "FlowSource", "FlowYAML", "FlowCompile", "FeedbackFlowCore"],
            swiftSettings: strictness),
        // Diagnostic renderers: text with source excerpts, JSON, GitHub, SARIF, JUnit.
        .target(name: "FlowReporting", dependencies: ["FlowSystem", "FlowSource", "FlowCompile"], swiftSettings: strictness),
        // The line-mode presenter and terminal handling.
        .target(
            name: "FlowTerminal", dependencies: ["FlowSystem", "FlowSource", "FlowCompile", "FeedbackFlowCore"],
            swiftSettings: strictness),
        // How a file is compiled here: the configuration found from its folder up, applied
        // to the compile options (rule levels, host names, the handler manifest), paths
        // relative to a settings file, what a path is, and the usage errors they raise.
        .target(
            name: "FlowWorkspace", dependencies: ["FlowSystem", "FeedbackFlow", "FlowSource", "FlowCompile", "FlowReporting"],
            resources: [.embedInCode("Resources/feedbackflow.schema.json")], swiftSettings: strictness),
        // `feedbackflow lsp`'s server: Language Server Protocol 3.17 over a byte stream, on
        // the loader, decoder and validator `validate` uses, and flow tests' reader.
        .target(
            name: "FlowLanguageServer",
            dependencies: [
                "FlowSystem", "FeedbackFlow", "FlowSource", "FlowYAML", "FlowCompile", "FlowReporting", "FlowFormat", "FlowWorkspace", "FlowScenarios",
            ],
            swiftSettings: strictness),
        // The pictures of a flow: themes, screen cards in HTML, the storyboard page, the
        // navigation graph in DOT and Mermaid, and the live preview in the browser.
        .target(
            name: "FlowWeb",
            dependencies: ["FlowSystem", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore", "FlowReporting", "FlowWorkspace", "LoopbackHTTP"],
            swiftSettings: strictness),
        // Flow tests: scenario files read, run against the navigator, and the coverage of
        // the flow they took (`feedbackflow test`, and the language server's checks).
        .target(
            name: "FlowScenarios",
            dependencies: ["FlowSystem", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore", "FlowReporting", "FlowWorkspace", "FlowWeb", "FlowFormat"],
            swiftSettings: strictness),
        // A small HTTP/1.1 server on 127.0.0.1 only, safe by construction: the address's
        // secret, Host and Origin checked, bounded slots and reads (the preview's server).
        .target(name: "LoopbackHTTP", dependencies: ["FlowSystem", "FlowSource"], swiftSettings: strictness),
        // The formatter: a flow's text in the format's one layout, comments kept (fmt), and
        // a flow's tree written as YAML or JSON in that layout (convert).
        .target(
            name: "FlowFormat", dependencies: ["FeedbackFlow", "FlowSource", "FlowYAML", "FlowCompile", "FlowReporting"],
            swiftSettings: strictness),
        // A flow file as Swift: checked as `validate` checks it, its JSON as `convert` writes
        // it, and names for its screens, fields, events and handlers (the build-time plugin's work).
        .target(
            name: "FlowCodeGeneration",
            dependencies: ["FeedbackFlow", "FlowSource", "FlowCompile", "FlowFormat", "FlowReporting", "FlowWorkspace"],
            swiftSettings: strictness),
        // The program the build-time plugin runs for each flow file: few dependencies, since
        // every package that uses the plugin builds it.
        .executableTarget(
            name: "feedbackflow-generate", dependencies: ["FlowSystem", "FlowCodeGeneration", "FlowSource"], swiftSettings: strictness),
        // The build-tool plugin: one `feedbackflow-generate` command per flow file of a target.
        .plugin(name: "FeedbackFlowPlugin", capability: .buildTool(), dependencies: ["feedbackflow-generate"]),
        // The commands, as a library the executable and the tests use (not a product).
        .target(
            name: "FeedbackFlowCLI",
            dependencies: [
                "FlowSystem", "FeedbackFlow", "FlowSource", "FlowYAML", "FlowCompile", "FeedbackFlowCore", "FlowReporting", "FlowTerminal",
                "FeedbackFlowPrograms", "FlowFormat", "LoopbackHTTP", "FlowWorkspace", "FlowLanguageServer", "FlowWeb", "FlowScenarios",
            ],
            swiftSettings: strictness),
        // Release builds for use link the Swift runtime statically (`--static-swift-stdlib`
        // in scripts/feedbackflow and benchmarks/run): ~5 ms to start instead of ~12 ms
        // (benchmarks/results/profile.md). Not an `unsafeFlags` setting here, because
        // packages that depend on FeedbackFlow could then not use it.
        .executableTarget(
            name: "FeedbackFlowTool", dependencies: ["FlowSystem", "FeedbackFlowCLI"], path: "Sources/feedbackflow", swiftSettings: strictness),
        .executableTarget(
            name: "feedbackflow-post", dependencies: ["FlowSystem", "FeedbackFlowHTTP", "FeedbackFlowCore", "FlowSource"], swiftSettings: strictness),
        // An app's use of the library, as a program CI builds and runs. Of this package it
        // imports only `FeedbackFlow`, and only its public API (a test type-checks it
        // outside the package). Its flow file is checked and compiled at build time.
        .executableTarget(
            name: "CallFeedbackExample", dependencies: [.target(name: "FeedbackFlow")], path: "Examples/CallFeedback",
            swiftSettings: strictness, plugins: [.plugin(name: "FeedbackFlowPlugin")]),
        // Shared test doubles (handlers, presenters, sinks), and the soundness property's
        // generators and checker (Soundness/), which compile flow text with FeedbackFlow.
        .target(
            name: "FeedbackFlowTestSupport", dependencies: ["FeedbackFlow", "FeedbackFlowCore", "FlowCompile", "FlowSource"],
            path: "Tests/FeedbackFlowTestSupport", swiftSettings: strictness),
        .testTarget(
            name: "DocumentLoadingTests", dependencies: ["FlowSource", "FlowYAML", "FeedbackFlow", "FeedbackFlowTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FlowCompileTests", dependencies: ["FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FeedbackFlowTests",
            dependencies: ["FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore", "FeedbackFlowTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FlowReportingTests", dependencies: ["FlowReporting", "FeedbackFlow", "FlowSource", "FlowCompile"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FlowTerminalTests",
            dependencies: [
                "FlowTerminal", "FlowReporting", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore",
                "FeedbackFlowTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LoopbackHTTPTests", dependencies: ["LoopbackHTTP", "FlowSource"]),
        .testTarget(name: "FlowWebTests", dependencies: ["FlowWeb", "FeedbackFlow", "FlowSource", "FlowCompile"]),
        .testTarget(
            name: "FlowLanguageServerTests",
            dependencies: ["FlowLanguageServer", "FlowWorkspace", "FlowSource", "FlowScenarios", "FeedbackFlow", "FeedbackFlowTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FlowFormatTests",
            dependencies: ["FlowFormat", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowTestSupport"],
            // PyYAML's comment count (yaml_comments.py) runs from the source tree, not bundled.
            exclude: ["yaml_comments.py"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FlowScenariosTests",
            dependencies: [
                "FlowScenarios", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore", "FlowWorkspace", "FlowWeb",
                "FeedbackFlowTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowCodeGenerationTests",
            dependencies: ["FlowCodeGeneration", "FeedbackFlow", "FlowSource", "FlowCompile", "FlowWorkspace", "FeedbackFlowTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FeedbackFlowCLITests",
            dependencies: [
                "FeedbackFlowCLI", "FeedbackFlow", "FlowSource", "FlowCompile", "FeedbackFlowCore", "FlowReporting",
                "FlowTerminal", "FeedbackFlowHTTP", "FeedbackFlowTestSupport", "FlowFormat", "FlowLanguageServer", "FlowWorkspace", "FlowWeb",
                "FlowCodeGeneration", "FlowScenarios",
            ],
            // The Python helpers run from the source tree (SchemaTests, ParseCommandTests, the
            // JSON conformance checks, the outbox tests, the browser tests), not bundled.
            exclude: ["check_schema.py", "check_parse.py", "check_json.py", "feedback_server.py", "graph_svg.py", "browser_check.py", "preview_access.py", "storyboard_facts.py", "lsp"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/README.md), declared only when FEEDBACKFLOW_FUZZ is set: they
// build only with coverage instrumentation and libFuzzer's driver linked in
// (scripts/fuzz passes the flags).
if Context.environment["FEEDBACKFLOW_FUZZ"] != nil {
    // SwiftPM builds the tools of every target's build-tool plugins before any product:
    // without this, each fuzzing build would first build the flow generator in release.
    // The fuzz targets never need the example.
    package.targets.removeAll { $0.name == "CallFeedbackExample" }
    package.targets.append(.target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(
        .target(
            name: "FuzzDriver", dependencies: ["CLibFuzzer", "FeedbackFlow", "FlowSource"], path: "Fuzz/FuzzDriver",
            swiftSettings: strictness))
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzYAMLLoader", ["FeedbackFlow", "FlowSource", "FlowYAML"]),
        ("FuzzJSONLoader", ["FeedbackFlow", "FlowSource"]),
        ("FuzzPipeline", ["FeedbackFlow", "FlowSource", "FlowCompile", "FlowReporting"]),
        ("FuzzTemplates", ["FlowCompile", "FlowSource"]),
        ("FuzzLineMode", ["FeedbackFlow", "FlowCompile", "FlowReporting", "FeedbackFlowCore", "FlowSource", "FlowTerminal"]),
        ("FuzzLanguageServer", ["FlowLanguageServer", "FeedbackFlowCLI"]),
        ("FuzzHTTPRequestHead", ["LoopbackHTTP"]),
        ("FuzzFormatter", ["FlowFormat", "FeedbackFlow", "FlowSource"]),
        ("FuzzSoundness", ["FeedbackFlowTestSupport", "FlowSource"]),
    ]
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["FuzzDriver"], path: "Fuzz/\(target.name)",
                // The `TARGET_main` entry point is the file's own `@_cdecl` function, not top-level code.
                swiftSettings: strictness + [.unsafeFlags(["-parse-as-library"])]))
    }
}

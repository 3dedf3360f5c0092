// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedbackFlow",
    products: [
        .library(name: "FlowDocument", targets: ["FlowDocument"]),
        .library(name: "FeedbackFlow", targets: ["FeedbackFlow"]),
        .library(name: "FlowTerminal", targets: ["FlowTerminal"]),
        .library(name: "FeedbackFlowCLI", targets: ["FeedbackFlowCLI"]),
        .executable(name: "feedbackflow", targets: ["feedbackflow"]),
    ],
    targets: [
        // libyaml through pkg-config `yaml-0.1` (Debian: libyaml-dev). Only FlowDocument imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Text → located node tree (YAML via libyaml, strict JSON), locations, diagnostics.
        .target(name: "FlowDocument", dependencies: ["CYAML"]),
        // Model, decoding, validation, templates, navigator runtime, handler/presenter protocols.
        .target(name: "FeedbackFlow", dependencies: ["FlowDocument"]),
        // Line-mode presenter, diagnostic rendering, ANSI/TTY handling.
        .target(name: "FlowTerminal", dependencies: ["FeedbackFlow", "FlowDocument"]),
        // Commands as a testable library.
        .target(name: "FeedbackFlowCLI", dependencies: ["FeedbackFlow", "FlowDocument", "FlowTerminal"]),
        // Release builds for use link the Swift runtime statically (`--static-swift-stdlib`
        // in scripts/feedbackflow and benchmarks/run): ~5 ms to start instead of ~12 ms
        // (benchmarks/results/profile.md). Not an `unsafeFlags` setting here, because
        // packages that depend on FeedbackFlow could then not use it.
        .executableTarget(name: "feedbackflow", dependencies: ["FeedbackFlowCLI"]),
        // Shared test doubles (handlers, presenters, sinks).
        .target(name: "FeedbackFlowTestSupport", dependencies: ["FeedbackFlow"], path: "Tests/FeedbackFlowTestSupport"),
        .testTarget(name: "FlowDocumentTests", dependencies: ["FlowDocument"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FeedbackFlowTests",
            dependencies: ["FeedbackFlow", "FlowDocument", "FeedbackFlowTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FlowTerminalTests",
            dependencies: ["FlowTerminal", "FeedbackFlow", "FeedbackFlowTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FeedbackFlowCLITests",
            dependencies: ["FeedbackFlowCLI", "FeedbackFlow"],
            // check_schema.py is run by SchemaTests from the source tree, not bundled.
            exclude: ["check_schema.py"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

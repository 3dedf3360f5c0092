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
        .executableTarget(
            name: "feedbackflow",
            dependencies: ["FeedbackFlowCLI"],
            // Release builds on Linux link the Swift runtime and Foundation statically:
            // starting the process then takes ~5 ms instead of ~12 ms, most of which was
            // the dynamic loader resolving symbols of ~20 shared libraries (measured in
            // benchmarks/results/profile.md). Compiling main.swift with the flag too makes
            // its Foundation import name the static libraries Foundation needs
            // (CoreFoundation, ICU). Debug builds stay dynamic (faster links).
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
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

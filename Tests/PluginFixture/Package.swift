// swift-tools-version:6.0
import PackageDescription

// A package that uses FeedbackFlow's build-time plugin as an app's package would, built by
// PluginFixtureTests (Tests/FeedbackFlowCLITests/PluginFixtureTests.swift) with its build
// folder under the repository's `.build/plugin-fixture`:
// - FixtureApp: a flow with a declared handler, registered with its typed closure and run;
// - BrokenFlow: a flow with an error, which must fail the build at the flow's line;
// - WrongHandlerType: Swift that reads a declared argument as another type, which must
//   fail the build at that Swift line.

/// The repository's package, two folders up. SwiftPM names a package of a path by the
/// path's last folder, which is the checkout's name, whatever it is.
let feedbackFlow = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "FeedbackFlow")

/// What the repository's own targets are built with: existential types spelled `any P`,
/// and a file sees only the members of modules it imports.
var strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The app's declarations are main-actor isolated by default, as new app projects are
/// (Swift 6.2): the generated types must still be usable from every actor.
#if compiler(>=6.2)
let appIsolation: [SwiftSetting] = [.unsafeFlags(["-default-isolation", "MainActor"])]
#else
let appIsolation: [SwiftSetting] = []
#endif

let core: Target.Dependency = .product(name: "FeedbackFlowCore", package: feedbackFlow)
let plugin: Target.PluginUsage = .plugin(name: "FeedbackFlowPlugin", package: feedbackFlow)

let package = Package(
    name: "PluginFixture",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "FixtureApp", dependencies: [core], swiftSettings: strictness + appIsolation, plugins: [plugin]),
        .target(name: "BrokenFlow", dependencies: [core], swiftSettings: strictness, plugins: [plugin]),
        .target(name: "WrongHandlerType", dependencies: [core], swiftSettings: strictness, plugins: [plugin]),
    ],
    swiftLanguageModes: [.v6]
)

/// One navigation stack of a running flow as SwiftUI shows it: the root a
/// `NavigationStack` starts with and the path pushed above it, identified by the root's
/// instance, so `.sheet(item:)` keeps a sheet while screens are pushed and popped on it.
public struct FlowStack: Identifiable, Sendable, Hashable {
    /// The screen the stack started with (a `present`, or the flow's start).
    public var root: ScreenInstance
    /// The screens pushed above the root, bottom first: a `NavigationStack`'s path.
    public var path: [ScreenInstance]

    /// The root's instance id: stable while the stack is shown.
    public var id: ScreenInstanceID { root.id }

    /// The screen on top of this stack: the last of ``path``, or the root.
    public var top: ScreenInstance { path.last ?? root }

    /// A stack of `root` with `path` above it (default none).
    public init(root: ScreenInstance, path: [ScreenInstance] = []) {
        self.root = root
        self.path = path
    }

    /// The stack of `screens`, root first; `nil` for an empty list.
    public init?(_ screens: [ScreenInstance]) {
        guard let root = screens.first else { return nil }
        self.init(root: root, path: Array(screens.dropFirst()))
    }
}

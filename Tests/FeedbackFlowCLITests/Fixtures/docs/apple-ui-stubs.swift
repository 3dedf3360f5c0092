// The few SwiftUI and UIKit declarations the articles' views use, for type-checking them
// on Linux, which has neither framework. Only their shapes matter: the check is that the
// articles call this library's API correctly; the frameworks' own API is Apple's.
@MainActor protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

struct StubView: View {
    var body: StubView { self }
}

@resultBuilder enum ViewBuilder {
    static func buildExpression(_ view: any View) -> StubView { StubView() }
    static func buildBlock(_ views: StubView...) -> StubView { StubView() }
    static func buildOptional(_ view: StubView?) -> StubView { StubView() }
    static func buildEither(first view: StubView) -> StubView { StubView() }
    static func buildEither(second view: StubView) -> StubView { StubView() }
}

@propertyWrapper struct State<Value> {
    var wrappedValue: Value
    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

struct Binding<Value> {
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
}

struct Text: View {
    init(_ text: String) {}
    var body: StubView { StubView() }
}

struct VStack: View {
    init(@ViewBuilder content: () -> StubView) {}
    var body: StubView { StubView() }
}

struct ForEach<Element>: View {
    init<ID: Hashable>(_ data: [Element], id: KeyPath<Element, ID>, @ViewBuilder content: @escaping (Element) -> StubView) {}
    var body: StubView { StubView() }
}

struct Stepper: View {
    init(_ title: String, value: Binding<Int>, in range: ClosedRange<Int>) {}
    var body: StubView { StubView() }
}

struct Toggle: View {
    init(_ title: String, isOn: Binding<Bool>) {}
    var body: StubView { StubView() }
}

struct TextField: View {
    init(_ title: String, text: Binding<String>) {}
    var body: StubView { StubView() }
}

struct Button: View {
    init(_ title: String, action: @escaping @MainActor () -> Void) {}
    var body: StubView { StubView() }
}

struct NavigationStack<Data>: View {
    init(path: Binding<Data>, @ViewBuilder root: () -> StubView) {}
    var body: StubView { StubView() }
}

extension View {
    func disabled(_ disabled: Bool) -> StubView { StubView() }
    func sheet<Item: Identifiable>(item: Binding<Item?>, @ViewBuilder content: @escaping (Item) -> StubView) -> StubView { StubView() }
    func task(_ action: @escaping @MainActor () async -> Void) -> StubView { StubView() }
    func navigationDestination<Data: Hashable>(for data: Data.Type, @ViewBuilder destination: @escaping (Data) -> StubView) -> StubView {
        StubView()
    }
}

@MainActor class UIViewController {
    init() {}
    func viewDidLoad() {}
    func dismiss(animated: Bool) {}
}

@MainActor class UILabel {
    var text: String?
    init() {}
}

struct UIAction {
    init(handler: @escaping @MainActor (UIAction) -> Void) {}
}

@MainActor class UIButton {
    enum ButtonType { case system }
    enum State { case normal }
    enum Event { case touchUpInside }
    var isEnabled = true
    init(type: ButtonType) {}
    func setTitle(_ title: String?, for state: State) {}
    func addAction(_ action: UIAction, for event: Event) {}
}

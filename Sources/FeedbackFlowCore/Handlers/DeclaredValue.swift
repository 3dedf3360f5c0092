import FlowCompile
import FlowSystem

/// A Swift type that holds the values of one ``ValueType`` a flow declares: `Int` for
/// `integer`, `Decimal` for `decimal`, `String` for `string`, `Bool` for `boolean`, and an
/// `Optional` of one of them for the same type with `?`.
///
/// The Swift the build-time plugin generates reads a handler's arguments
/// (``HandlerArguments/value(_:as:)``) and writes its returned values and an event's
/// payload (``expressionValue``) through it, so a generated property's Swift type is the
/// type the flow declares.
public protocol DeclaredValue: Sendable {
    /// The type a flow declares for values of this Swift type (`integer`, `string?`).
    static var declaredType: ValueType { get }

    /// The value `argument` holds, as a custom step's argument passes it
    /// (``ActionInvocation/argument``); `nil` when it holds no value of this type. An
    /// argument the step leaves out is `argument == nil`. O(size of the value).
    static func decoded(from argument: FlowValue?) -> Self?

    /// The value as expressions read it: what a handler returns (`NAME.FIELD`) or an
    /// event's payload (`event.FIELD`).
    var expressionValue: ExpressionValue { get }
}

extension Int: DeclaredValue {
    /// `integer`.
    public static var declaredType: ValueType { ValueType(.integer) }

    /// A number written as a whole number that fits 64 bits (`12`, `-3`); `nil` for any
    /// other value, a decimal such as `2.5` included.
    public static func decoded(from argument: FlowValue?) -> Int? {
        guard case .number(let text)? = argument, case .integer(let value)? = ExpressionValue(parsing: text, as: declaredType)
        else { return nil }
        return value
    }

    /// ``ExpressionValue/integer(_:)``.
    public var expressionValue: ExpressionValue { .integer(self) }
}

extension Decimal: DeclaredValue {
    /// `decimal`.
    public static var declaredType: ValueType { ValueType(.decimal) }

    /// A number (`2.5`, `3`, `1e-5`) of at most 38 significant digits, exactly; `nil` for
    /// any other value.
    public static func decoded(from argument: FlowValue?) -> Decimal? {
        guard case .number(let text)? = argument, let value = ExpressionValue(parsing: text, as: declaredType)?.decimalValue
        else { return nil }
        return value
    }

    /// ``ExpressionValue/decimal(_:)``.
    public var expressionValue: ExpressionValue { .decimal(self) }
}

extension String: DeclaredValue {
    /// `string`.
    public static var declaredType: ValueType { ValueType(.string) }

    /// A text; `nil` for a number, a boolean, `null`, a list or a mapping (a number is not
    /// read as its digits: validation refuses it for a `string` argument).
    public static func decoded(from argument: FlowValue?) -> String? {
        guard case .string(let text)? = argument else { return nil }
        return text
    }

    /// ``ExpressionValue/string(_:)``.
    public var expressionValue: ExpressionValue { .string(self) }
}

extension Bool: DeclaredValue {
    /// `boolean`.
    public static var declaredType: ValueType { ValueType(.boolean) }

    /// `true` or `false`; `nil` for any other value (the text `"true"` included).
    public static func decoded(from argument: FlowValue?) -> Bool? {
        guard case .bool(let value)? = argument else { return nil }
        return value
    }

    /// ``ExpressionValue/boolean(_:)``.
    public var expressionValue: ExpressionValue { .boolean(self) }
}

extension Optional: DeclaredValue where Wrapped: DeclaredValue {
    /// The wrapped type with `?`: `Int?` is `integer?`.
    public static var declaredType: ValueType { ValueType(Wrapped.declaredType.base, isOptional: true) }

    /// `.some(nil)` for an argument left out or `null`; else the wrapped type's value, or
    /// `nil` when there is none of that type.
    public static func decoded(from argument: FlowValue?) -> Wrapped?? {
        guard let argument, argument != .null else { return .some(nil) }
        return Wrapped.decoded(from: argument).map { .some($0) }
    }

    /// ``ExpressionValue/null`` for `nil`, else the wrapped value's.
    public var expressionValue: ExpressionValue { map(\.expressionValue) ?? .null }
}

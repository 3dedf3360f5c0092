import CLibFuzzer

/// The body of the target. Set once, before the driver starts, and only read after:
/// libFuzzer calls back on the thread that started it, so no lock is needed.
nonisolated(unsafe) private var body: (@Sendable ([UInt8]) -> Void)?

/// Runs libFuzzer with the process's arguments, handing each input to `test` as bytes.
/// The fuzz target's `main` (SwiftPM names it `TARGET_main`) calls this. A check that
/// fails inside `test` should trap (`precondition`): libFuzzer then keeps the input.
package func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: @escaping @Sendable ([UInt8]) -> Void
) -> CInt {
    body = test
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        body?(bytes)
        return 0
    }
}

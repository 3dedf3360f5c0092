import Dispatch
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import FuzzDriver

/// The soundness property (docs/navigation.md §13) on flows and runs the input
/// chooses: its bytes are the choices of ``SoundnessFlowGenerator`` (the flow) and then of
/// ``SoundnessRunGenerator`` (two runs of at most 40 taps and field edits). A flow that
/// validates with no error and no warning and fails a step by its own doing in a run is
/// a finding: the flow, the run and the failure are written to standard error, then the
/// target traps, and libFuzzer keeps the input. Host failures and integer overflows are not.
@_cdecl("FuzzSoundness_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let found = LockedBox<SoundnessCounterexample?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            var choices = ByteChoices(bytes)
            let checker = SoundnessChecker(runsPerFlow: 2)
            var result = SoundnessResult()
            await checker.check(checker.flowGenerator.flow(&choices), &choices, into: &result)
            found.withLock { $0 = result.counterexamples.first }
            done.signal()
        }
        done.wait()
        if let counterexample = found.withLock({ $0 }) {
            FileHandle.standardError.write(Data("soundness counterexample:\n\(counterexample)\n".utf8))
            fatalError("a flow that validates clean failed a step by its own doing: \(counterexample.failure)")
        }
    }
}

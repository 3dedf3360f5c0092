#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowTerminal
import Testing

// The pseudo-terminal calls of POSIX, which the Glibc module hides behind _XOPEN_SOURCE.
@_silgen_name("posix_openpt") private func openPseudoTerminal(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantPseudoTerminal(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockPseudoTerminal(_ fd: Int32) -> Int32
// `ptsname_r`, not `ptsname`: the tests run in parallel, and `ptsname`'s one static buffer
// could give a test the other's terminal, which hangs up when the other test closes it.
@_silgen_name("ptsname_r") private func pseudoTerminalName(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int32

/// When colours are on, decided on a real terminal (a pseudo-terminal this test opens)
/// and on a file descriptor that is not one, by the rules of no-color.org,
/// force-color.org and bixense.com/clicolors.
@Suite("Colour choice on a terminal and off one")
struct TerminalColorTests {
    /// Runs `body` with the descriptor of a pseudo-terminal's secondary side, closed after.
    func withTerminal(_ body: (Int32) throws -> Void) throws {
        let primary = openPseudoTerminal(O_RDWR | O_NOCTTY)
        try #require(primary >= 0, "posix_openpt failed")
        defer { close(primary) }
        try #require(grantPseudoTerminal(primary) == 0 && unlockPseudoTerminal(primary) == 0)
        var buffer = [CChar](repeating: 0, count: 128)
        try #require(pseudoTerminalName(primary, &buffer, buffer.count) == 0)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(secondary >= 0)
        defer { close(secondary) }
        #expect(isatty(secondary) == 1)
        try body(secondary)
    }

    func enabled(_ fd: Int32, _ environment: [String: String], _ choice: TerminalCapabilities.ColorChoice = .auto) -> Bool {
        TerminalCapabilities.colorsEnabled(fileDescriptor: fd, environment: environment, choice: choice)
    }

    @Test("on a terminal: colours by default, off with NO_COLOR, CLICOLOR=0 or TERM=dumb")
    func terminal() throws {
        try withTerminal { fd in
            #expect(enabled(fd, ["TERM": "xterm"]))
            #expect(!enabled(fd, ["TERM": "xterm", "NO_COLOR": "1"]))
            #expect(enabled(fd, ["TERM": "xterm", "NO_COLOR": ""]))
            #expect(!enabled(fd, ["TERM": "xterm", "CLICOLOR": "0"]))
            #expect(enabled(fd, ["TERM": "xterm", "CLICOLOR": "1"]))
            #expect(!enabled(fd, ["TERM": "dumb"]))
            #expect(enabled(fd, ["TERM": "dumb", "FORCE_COLOR": "1"]))
            #expect(enabled(fd, ["CLICOLOR": "0", "CLICOLOR_FORCE": "1"]))
        }
    }

    @Test("a flag wins over every variable; an empty FORCE_COLOR forces nothing, 0 and false turn colours off")
    func flagsAndForcing() throws {
        let notTerminal = open("/dev/null", O_WRONLY)
        try #require(notTerminal >= 0)
        defer { close(notTerminal) }
        #expect(!enabled(notTerminal, [:]))
        #expect(enabled(notTerminal, ["NO_COLOR": "1"], .always))
        #expect(!enabled(notTerminal, ["FORCE_COLOR": "1"], .never))
        #expect(enabled(notTerminal, ["FORCE_COLOR": "1"]))
        #expect(enabled(notTerminal, ["FORCE_COLOR": "3"]))
        #expect(!enabled(notTerminal, ["FORCE_COLOR": ""]))
        #expect(!enabled(notTerminal, ["FORCE_COLOR": "0"]))
        #expect(!enabled(notTerminal, ["FORCE_COLOR": "false"]))
        #expect(!enabled(notTerminal, ["FORCE_COLOR": "1", "NO_COLOR": "1"]))
        #expect(enabled(notTerminal, ["CLICOLOR_FORCE": "1"]))
        #expect(!enabled(notTerminal, ["CLICOLOR_FORCE": "0"]))
        try withTerminal { fd in
            #expect(!enabled(fd, ["TERM": "xterm", "FORCE_COLOR": "0"]))
        }
    }
}

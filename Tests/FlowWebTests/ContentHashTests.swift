@testable import FlowWeb
import Foundation
import Testing


/// SHA-256 against the examples of its standard (FIPS 180-4, NIST's example values for
/// "abc", the empty message and the two-block 448-bit message) and the CSP source form.
@Suite("SHA-256 for Content-Security-Policy hashes")
struct ContentHashTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("the standard's examples hash to their published digests")
    func standardExamples() {
        #expect(Self.hex(ContentHash.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(ContentHash.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(ContentHash.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // A million 'a's: many blocks.
        #expect(
            Self.hex(ContentHash.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a CSP source is 'sha256-' and the digest in base64, quoted")
    func cspSource() {
        #expect(ContentHash.cspSource(of: "abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }
}

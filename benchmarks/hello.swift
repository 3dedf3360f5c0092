// The start-up floor for benchmarks/run: a Foundation program that prints one line,
// built like the product (release, Swift runtime linked statically).
import Foundation

FileHandle.standardOutput.write(Data("hello\n".utf8))

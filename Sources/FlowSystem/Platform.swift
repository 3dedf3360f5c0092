// The one place that says which C library and which Foundation a platform has: every
// other file imports `FlowSystem` and gets both.
//
// - The C library: Glibc (Debian), Musl (static Linux), Darwin (iOS, macOS).
// - Foundation: `FoundationEssentials` where the toolchain has it (Linux: the smaller
//   library, without the Objective-C-era APIs), else `Foundation` (Apple platforms,
//   where it is part of the system).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif

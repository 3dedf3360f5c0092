/// What a file was when a command read it: its fingerprint, taken after opening it and
/// before reading, and the time that was (to tell whether the file's times are too close
/// to the read to prove anything: ``FileFingerprint/isRecent(comparedTo:)``).
package struct ReadStamp: Sendable, Hashable {
    package var fingerprint: FileFingerprint
    package var time: FileFingerprint.Stamp

    package init(fingerprint: FileFingerprint, time: FileFingerprint.Stamp) {
        self.fingerprint = fingerprint
        self.time = time
    }
}

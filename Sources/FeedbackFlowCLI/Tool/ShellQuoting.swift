extension String {
    /// The string as one word for a POSIX shell: as it is when every character is one no
    /// shell reads specially (ASCII letters, digits, `._/-+,`), else in single quotes with
    /// each `'` written `'\\''`. For commands the tool prints for people to copy.
    var shellQuoted: String {
        let plain = !isEmpty && unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/-+,".unicodeScalars.contains($0))
        }
        return plain ? self : "'" + replacing("'", with: "'\\''") + "'"
    }
}

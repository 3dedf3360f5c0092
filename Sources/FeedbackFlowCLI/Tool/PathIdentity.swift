import FlowReporting
import FlowSource
import FlowSystem
import FlowWorkspace

/// Whether two paths name one file, however written (`flows/a.yaml`, `./flows/a.yaml`, a
/// link): by device and inode (``FlowSource/FileIdentity``) when the file exists, else
/// by the absolute path.
enum PathIdentity {
    /// A text equal for every path to one file.
    static func key(_ path: String) -> String {
        if let status = PathKind.status(of: path) {
            let identity = FileIdentity(status)
            return "\(identity.device):\(identity.inode)"
        }
        return SARIFLocationBase(baseDirectory: "/", workingDirectory: FileManager.default.currentDirectoryPath).absolutePath(of: path)
    }

    /// Whether `a` and `b` name one file.
    static func same(_ a: String, _ b: String) -> Bool {
        a == b || key(a) == key(b)
    }
}

import FlowFormat
import FlowSource

/// `textDocument/formatting`: `fmt`'s layout of the document.
extension LanguageServer {
    /// The layout as one edit of the whole text (none when it is in the layout already, or
    /// is not a flow); a text fmt leaves as it is is `RequestFailed`, saying why and where,
    /// as `fmt` would. The request's tab size and spacing options are not read: the layout
    /// is the format's, two spaces.
    func formatting(_ request: LSPDocumentRequest) throws(LSPError) -> [LSPTextEdit] {
        let document = request.document
        let path = request.analysis.source.path.isEmpty ? LSPFileURI.path(of: document.uri) ?? document.uri : request.analysis.source.path
        switch FlowFormatter.format(SourceFile(path: path, bytes: document.bytes), as: DocumentFormat(path: path), options: request.analysis.options) {
        case .formatted(let text):
            return text.utf8.elementsEqual(document.bytes) ? [] : [LSPTextEdit(range: document.range(from: 0, to: document.bytes.count), newText: text)]
        case .notFlow:
            return []
        case .refused(let reasons):
            let place = reasons.first?.span.map { "\($0.start.line):\($0.start.column): " } ?? ""
            throw LSPError(.requestFailed, "fmt leaves this file as it is: \(place)\(reasons.first?.message ?? "it cannot be laid out")")
        }
    }
}

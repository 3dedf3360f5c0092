import FlowCompile
import FlowSource

extension FlowCompiler {
    /// Compiles the file at `path`. Never throws; problems are diagnostics.
    /// - Parameters:
    ///   - path: the file to read, relative to the working directory or absolute; the
    ///     diagnostics name it as given.
    ///   - format: the syntax to read; `nil` (the default) takes it from the path's
    ///     extension (``DocumentFormat/init(path:)``).
    ///   - options: what the host provides (template variables, custom step handlers,
    ///     URL schemes), as for ``FlowCompiler/compile(text:format:name:options:)``; give the registry the
    ///     same value so that validation and the run agree.
    public static func compile(
        path: String, format: DocumentFormat? = nil, options: CompileOptions = CompileOptions()
    ) -> FlowCompilation {
        compile(path: path, format: format, options: options, keepingTree: false)
    }

    /// ``compile(path:format:options:)``, keeping the loaded node tree in the result's
    /// `document` or not (`keepingTree`, see ``FlowCompiler/compile(_:options:keepingTree:)``):
    /// what reads `document.root` afterwards (`convert`) keeps it.
    package static func compile(
        path: String, format: DocumentFormat? = nil, options: CompileOptions = CompileOptions(), keepingTree: Bool
    ) -> FlowCompilation {
        compile(
            DocumentLoader.load(path: path, format: format, limits: options.limitsForLoading), options: options,
            keepingTree: keepingTree)
    }

    /// Compiles the file at `path` as if it were named `name`: diagnostics name it so,
    /// and its format (unless `format` is given) and base name come from `name`. With
    /// `onlyRegular`, anything but a regular file is an `io-error`, and opening it
    /// cannot wait (a fifo with no writer). The node tree is not kept (`keepingTree` of
    /// ``FlowCompiler/compile(_:options:keepingTree:)``): no caller reads it.
    package static func compile(
        path: String, named name: String, format: DocumentFormat? = nil, options: CompileOptions = CompileOptions(),
        onlyRegular: Bool = false
    ) -> FlowCompilation {
        compile(
            DocumentLoader.load(path: path, named: name, format: format, limits: options.limitsForLoading, onlyRegular: onlyRegular),
            options: options, keepingTree: false)
    }

}

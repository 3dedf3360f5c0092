import FlowCompile
import FlowSource
import FlowSystem

extension FlowCompiler {
    /// Compiles the flow in `file`. Never throws; problems are diagnostics.
    /// - Parameters:
    ///   - file: the file to read, a file URL: `URL(filePath: "flows/rate.flow.yaml")`, or
    ///     `Bundle.main.url(forResource:withExtension:)`. The diagnostics name it by its
    ///     path: a path relative to the working directory as given, any other whole.
    ///   - format: the syntax to read; `nil` (the default) takes it from the path's
    ///     extension (``DocumentFormat/init(path:)``).
    ///   - options: what the host provides (template variables, custom step handlers,
    ///     URL schemes), as for ``FlowCompiler/compile(text:format:name:options:)``; give the registry the
    ///     same value so that validation and the run agree.
    public static func compile(
        contentsOf file: URL, format: DocumentFormat? = nil, options: CompileOptions = CompileOptions()
    ) -> FlowCompilation {
        compile(path: file.localPath, format: format, options: options, keepingTree: false)
    }

    /// Compiles the file at `path`, relative to the working directory or absolute, which
    /// the diagnostics name as given; otherwise as ``compile(contentsOf:format:options:)``.
    @available(*, deprecated, message: "give the file as a URL: FlowCompiler.compile(contentsOf: URL(filePath: path))")
    public static func compile(
        path: String, format: DocumentFormat? = nil, options: CompileOptions = CompileOptions()
    ) -> FlowCompilation {
        compile(path: path, format: format, options: options, keepingTree: false)
    }

    /// The file at `path`, named as given, compiled as ``compile(contentsOf:format:options:)``
    /// compiles a file, keeping the loaded node tree in the result's `document` or not
    /// (`keepingTree`, see ``FlowCompiler/compile(_:options:keepingTree:)``): what reads
    /// `document.root` afterwards (`convert`) keeps it.
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

/// The text of `--help`, built from ``CommandConfiguration``s, in the layout of
/// swift-argument-parser (OVERVIEW, USAGE, ARGUMENTS, OPTIONS).
enum HelpFormatter {
    /// Width of the left column of option and command lists.
    static let column = 26

    /// `feedbackflow validate [--format <format>] [--quiet] <path> ...`
    static func usage(of configuration: CommandConfiguration, tool: String) -> String {
        var parts = [tool, configuration.name]
        for option in configuration.options {
            let long = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            parts.append("[\(long)]" + (option.isRepeatable ? " ..." : ""))
        }
        let positional = configuration.positional.synopsis
        if !positional.isEmpty { parts.append(positional) }
        return parts.joined(separator: " ")
    }

    /// The help of one command.
    static func help(for configuration: CommandConfiguration, tool: String) -> String {
        var out = "OVERVIEW: \(configuration.abstract)\n\n"
        out += "USAGE: \(usage(of: configuration, tool: tool))\n"
        if configuration.positional.count != .none {
            out += "\nARGUMENTS:\n"
            out += row("<\(configuration.positional.name)>", configuration.positional.help)
        }
        out += "\nOPTIONS:\n"
        for option in configuration.options {
            var text = option.help
            if let allowed = option.allowedValues {
                text += " One of: \(allowed.joined(separator: ", "))."
            }
            out += row(option.synopsis, text)
        }
        out += row("-h, --help", "Show help information.")
        if !configuration.discussion.isEmpty {
            out += "\n" + configuration.discussion + "\n"
        }
        return out
    }

    /// The help of the whole tool: its commands and global options.
    static func toolHelp(tool: String, abstract: String, commands: [CommandConfiguration], footer: String) -> String {
        var out = "OVERVIEW: \(abstract)\n\n"
        out += "USAGE: \(tool) <command> [<options>]\n\n"
        out += "COMMANDS:\n"
        for command in commands {
            out += row(command.name, command.abstract)
        }
        out += "\nOPTIONS:\n"
        out += row("--version", "Show the version.")
        out += row("-h, --help", "Show help information.")
        out += "\n" + footer + "\n"
        return out
    }

    /// `  left   text`, wrapping to a new line when `left` is wider than the column.
    static func row(_ left: String, _ text: String) -> String {
        let lead = "  " + left
        if lead.count + 2 > column {
            return lead + "\n" + String(repeating: " ", count: column) + text + "\n"
        }
        return lead + String(repeating: " ", count: column - lead.count) + text + "\n"
    }

    /// The reference of every command's arguments and options as Markdown, the text of
    /// `docs/options.md` (`feedbackflow help --markdown`): for each command its abstract,
    /// its usage line and a table of what it takes, read from the same declarations as
    /// `--help`.
    static func markdown(tool: String, commands: [CommandConfiguration]) -> String {
        func cell(_ text: String) -> String { text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
        var out = "# Options of every command\n\n"
        out += "Generated from the commands' declarations by `\(tool) help --markdown > docs/options.md`;\n"
        out += "[command-line.md](command-line.md) says what each command does.\n"
        for configuration in commands {
            out += "\n## \(tool) \(configuration.name)\n\n\(configuration.abstract)\n\n"
            out += "```\n\(usage(of: configuration, tool: tool))\n```\n\n"
            out += "| argument or option | what it is |\n|---|---|\n"
            if configuration.positional.count != .none {
                out += "| `<\(configuration.positional.name)>` | \(cell(configuration.positional.help)) |\n"
            }
            for option in configuration.options {
                var text = option.help
                if let allowed = option.allowedValues { text += " One of: \(allowed.joined(separator: ", "))." }
                out += "| `\(cell(option.synopsis))` | \(cell(text)) |\n"
            }
            out += "| `-h, --help` | Show help information. |\n"
        }
        return out
    }
}

//! REPL commands: a line that starts with `:` when no cell is being continued.

use std::fmt;

/// A REPL command. Any unambiguous prefix of a command's name is accepted (`:q`, `:l file.cgs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `:help` — list the commands.
    Help,
    /// `:quit` — leave the REPL (so does Ctrl-D).
    Quit,
    /// `:load FILE` — run a script in the current session; its definitions stay.
    Load(String),
    /// `:time` — toggle printing the elapsed time after each cell.
    Time,
    /// `:clear` — forget every variable and definition, and give their memory back.
    Clear,
    /// `:set KEY VALUE` — change a setting (`max-memory SIZE`, `print-limit N`, `print-sharing on|off`, `output
    /// cgs|cgsuite`); `:set`
    /// alone shows the settings.
    Set(String),
    /// `:doc X` — what a built-in, member or ruleset does (as `?X`).
    Doc(String),
}

/// Why a `:` line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No command has this name (or prefix).
    Unknown(String),
    /// The prefix matches several commands.
    Ambiguous(String),
    /// The command needs an argument that was not given.
    MissingArgument(&'static str),
    /// The command takes no argument but one was given.
    UnexpectedArgument(&'static str),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(name) => {
                write!(f, "Unknown command `:{name}`. Type `:help` for the list of commands.")
            }
            CommandError::Ambiguous(name) => {
                write!(f, "Ambiguous command `:{name}`. Type `:help` for the list of commands.")
            }
            CommandError::MissingArgument(usage) => {
                write!(f, "Missing argument. Usage: `{usage}`.")
            }
            CommandError::UnexpectedArgument(name) => write!(f, "`:{name}` takes no argument."),
        }
    }
}

/// The commands: name, usage, one-line description. The single table behind parsing, `:help` and completion.
pub const COMMANDS: [(&str, &str, &str); 7] = [
    ("help", ":help", "show this help"),
    ("quit", ":quit", "leave cgs (Ctrl-D also works)"),
    ("load", ":load FILE", "run a script in this session; its definitions stay"),
    ("time", ":time", "toggle printing the time each cell takes"),
    ("clear", ":clear", "forget all variables and definitions (and give their memory back)"),
    (
        "set",
        ":set KEY VALUE",
        "`max-memory SIZE` (e.g. 4G), `print-limit N` (characters or none), `print-sharing on|off`, \
         `output cgs|cgsuite`; `:set` shows them",
    ),
    ("doc", ":doc X", "what a built-in, member or ruleset does, with an example (also `?X`)"),
];

impl Command {
    /// Parses a line that starts with `:`. The argument of `:load` may be quoted.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let line = line.trim();
        let rest = line.strip_prefix(':').unwrap_or(line);
        let (word, arg) = match rest.find(char::is_whitespace) {
            Some(i) => (&rest[..i], rest[i..].trim()),
            None => (rest, ""),
        };
        let matches: Vec<&str> =
            COMMANDS.iter().map(|c| c.0).filter(|name| !word.is_empty() && name.starts_with(word)).collect();
        let name = match matches.as_slice() {
            [one] => *one,
            [] => return Err(CommandError::Unknown(word.to_string())),
            _ => return Err(CommandError::Ambiguous(word.to_string())),
        };
        let no_arg = |cmd: Command| {
            if arg.is_empty() {
                Ok(cmd)
            } else {
                Err(CommandError::UnexpectedArgument(name))
            }
        };
        match name {
            "help" => no_arg(Command::Help),
            "quit" => no_arg(Command::Quit),
            "time" => no_arg(Command::Time),
            "clear" => no_arg(Command::Clear),
            "set" => Ok(Command::Set(arg.to_string())),
            "doc" => {
                if arg.is_empty() {
                    Err(CommandError::MissingArgument(":doc X"))
                } else {
                    Ok(Command::Doc(arg.to_string()))
                }
            }
            "load" => {
                let path = unquote(arg);
                if path.is_empty() {
                    Err(CommandError::MissingArgument(":load FILE"))
                } else {
                    Ok(Command::Load(path.to_string()))
                }
            }
            _ => unreachable!("every name in COMMANDS is handled"),
        }
    }
}

fn unquote(s: &str) -> &str {
    s.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(s)
}

/// The text `:help` prints.
pub fn help_text() -> String {
    let mut text = String::from(
        "Type a cgs expression or statement and press Enter; the value of a cell is printed\n\
         (end it with `;` to suppress that). Unfinished input (an open bracket, `begin` without `end`)\n\
         continues on the next line. Examples: `<0|*>`, `^ + ^ + *`, `def f(n) := *n + *(n+1); f(3)`.\n\n\
         Commands:\n",
    );
    for (_, usage, what) in COMMANDS {
        text.push_str(&format!("  {usage:<12} {what}\n"));
    }
    text.push_str(
        "\n`?X` is `:doc X` (e.g. `?Cool`, `?x.Mean`, `?Domineering`).\n\
         Keys: Tab completes names (and, after `x.`, the members of x's type), Ctrl-C cancels the input or\n\
         interrupts an evaluation, Ctrl-D quits.\n",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands_and_prefixes() {
        assert_eq!(Command::parse(":help"), Ok(Command::Help));
        assert_eq!(Command::parse(":q"), Ok(Command::Quit));
        assert_eq!(Command::parse("  :time "), Ok(Command::Time));
        assert_eq!(Command::parse(":clear"), Ok(Command::Clear));
        assert_eq!(Command::parse(":load a b.cgs"), Ok(Command::Load("a b.cgs".into())));
        assert_eq!(Command::parse(":l \"x.cgs\""), Ok(Command::Load("x.cgs".into())));
        assert_eq!(Command::parse(":load"), Err(CommandError::MissingArgument(":load FILE")));
        assert_eq!(Command::parse(":frob"), Err(CommandError::Unknown("frob".into())));
        assert_eq!(Command::parse(":"), Err(CommandError::Unknown("".into())));
        assert_eq!(Command::parse(":quit now"), Err(CommandError::UnexpectedArgument("quit")));
        assert_eq!(Command::parse(":set max-memory 2G"), Ok(Command::Set("max-memory 2G".into())));
        assert_eq!(Command::parse(":doc Cool"), Ok(Command::Doc("Cool".into())));
        assert_eq!(Command::parse(":d"), Err(CommandError::MissingArgument(":doc X")));
    }
}

"""The ``tricktutor`` command's argument parser, speaking the current language.

:class:`Parser` is an :class:`argparse.ArgumentParser` whose own words come from
the tutor catalogue (gettext domain ``tutor``) instead of argparse's English:
the usage line's prefix, the titles "positional arguments" and "options", the
help of ``-h``/``--help``, and the error lines a person meets most (an invalid
choice, a value that is not a number, required arguments missing,
unrecognized arguments), each an entry with named placeholders filled from
argparse's own data (its actions and their values, never its English
sentence).  An error argparse says in other words (rare: an option missing its
value, an ambiguous abbreviation) keeps argparse's sentence inside the
catalogue's frame ("{prog}: error: …").  In English the output is argparse's
own, apart from a value that is not a number, which says so plainly.

The words are those of the language current when the parser is built (help,
titles) and when it parses (errors): a command run with ``with
language("so"): …`` speaks Somali.  Subparsers made with
``add_subparsers().add_parser`` are of the same class (argparse's default).

>>> from tutor.text import language
>>> with language("en"):
...     p = Parser(prog="demo")
...     _ = p.add_argument("--n", type=int)
...     p.format_help().splitlines()[:4]
['usage: demo [-h] [--n N]', '', 'options:', '  -h, --help  show this help message and exit']
"""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from typing import Any, Iterator, NoReturn, Sequence

from tutor.text import M_, say

__all__ = ["Parser"]

#: The parser's own words (argparse's, in the current language): catalogue entries, named placeholders.
_WORDS = {
    # TRANSLATORS: a command's help begins with this word and the command line to type (argparse's "usage:"),
    # e.g. "usage: tricktutor exercises make [-h] --roster ROSTER …".
    "usage": M_("cli.usage", "usage:"),
    # TRANSLATORS: the title of the list of a command's arguments written without an option name (files,
    # folders, sub-commands), in its help.
    "positionals": M_("cli.positionals", "positional arguments"),
    # TRANSLATORS: the title of the list of a command's options (--roster, --out …) in its help.
    "options": M_("cli.options", "options"),
    # TRANSLATORS: the help of the options -h and --help (keep them).
    "help": M_("cli.help", "show this help message and exit"),
    # TRANSLATORS: a command line could not be read: {prog} is the command (e.g. tricktutor exercises make),
    # {message} says what is wrong.
    "error": M_("cli.error", "{prog}: error: {message}"),
    # TRANSLATORS: what is wrong with one argument of a command line: {argument} is the option (e.g. --lang) or
    # the argument's name, {problem} says what.
    "argument": M_("cli.argument", "argument {argument}: {problem}"),
    # TRANSLATORS: an option was given the value {value} (quoted), which is not one of those allowed; {choices}
    # lists them (e.g. 'practice', 'test').
    "invalid_choice": M_("cli.invalid_choice", "invalid choice: {value} (choose from {choices})"),
    # TRANSLATORS: an option was given the value {value} (quoted) where a whole number is needed.
    "not_whole": M_("cli.not_whole", "not a whole number: {value}"),
    # TRANSLATORS: an option was given the value {value} (quoted) where a number is needed.
    "not_number": M_("cli.not_number", "not a number: {value}"),
    # TRANSLATORS: a command line lacks arguments it must have; {arguments} lists them (e.g. --roster, --out).
    "required": M_("cli.required", "the following arguments are required: {arguments}"),
    # TRANSLATORS: a command line has words the command does not take; {arguments} lists them as typed.
    "unrecognized": M_("cli.unrecognized", "unrecognized arguments: {arguments}"),
}


def _whole_number(text: str) -> int:
    """``type=int``: the number, or an ArgumentTypeError saying (in the current language) that it is not one."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say(_WORDS["not_whole"], value=text)) from None


def _number(text: str) -> float:
    """``type=float``: the number, or an ArgumentTypeError saying it is not one."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say(_WORDS["not_number"], value=text)) from None


class _NotAChoice(argparse.ArgumentError):
    """An invalid choice, holding the action (argparse's ArgumentError keeps only its name)."""

    def __init__(self, action: argparse.Action, message: str) -> None:
        super().__init__(action, message)
        self.action = action


def _name(action: argparse.Action) -> str:
    """How an argument is named in an error: its option strings (``--roster``), else its metavar, else its
    choices (a sub-command: ``{make,collect,grade,report}``), else its dest (argparse's order, choices before
    a dest that is a Python name)."""
    if action.option_strings:
        return "/".join(action.option_strings)
    if isinstance(action.metavar, str):
        return action.metavar
    if isinstance(action.metavar, tuple):
        return "/".join(action.metavar)
    if action.choices:
        return "{" + ",".join(map(str, action.choices)) + "}"
    return str(action.dest)


class _Usage(argparse.HelpFormatter):
    """A help formatter whose usage line begins with the catalogue's "usage:"."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        if prefix is None:
            prefix = say(_WORDS["usage"]) + " "
        super().add_usage(usage, actions, groups, prefix)


_FORMATTERS: dict[type[argparse.HelpFormatter], type[argparse.HelpFormatter]] = {}


def _speaking(formatter_class: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """``formatter_class`` with the catalogue's usage prefix (one class made per formatter class)."""
    if issubclass(formatter_class, _Usage):
        return formatter_class
    made = _FORMATTERS.get(formatter_class)
    if made is None:
        made = _FORMATTERS[formatter_class] = type(f"Speaking{formatter_class.__name__}",
                                                   (_Usage, formatter_class), {})
    return made


class Parser(argparse.ArgumentParser):
    """An argument parser speaking the current language (see the module docstring)."""

    def __init__(self, *, formatter_class: type[argparse.HelpFormatter] = argparse.HelpFormatter,
                 add_help: bool = True, exit_on_error: bool = True, **kwargs: Any) -> None:
        # argparse's errors are caught here (exit_on_error=False to argparse), to be said in the catalogue's
        # words; with exit_on_error=False this parser, like argparse's, lets an ArgumentError out
        super().__init__(formatter_class=_speaking(formatter_class), add_help=False, exit_on_error=False, **kwargs)
        self._exit_on_error = exit_on_error
        self._positionals.title = say(_WORDS["positionals"])
        self._optionals.title = say(_WORDS["options"])
        self.register("type", int, _whole_number)
        self.register("type", float, _number)
        self._kept_required: list[argparse.Action] = []
        if add_help:
            prefix = "-" if "-" in self.prefix_chars else self.prefix_chars[0]
            self.add_argument(prefix + "h", prefix * 2 + "help", action="help", default=argparse.SUPPRESS,
                              help=say(_WORDS["help"]).replace("%", "%%"))

    @contextmanager
    def _required_shown(self) -> Iterator[None]:
        """While parsing, the required actions are not required to argparse (this parser checks them itself,
        to name them in its own words); a help or usage printed meanwhile shows them as they are."""
        kept = self._kept_required
        for action in kept:
            action.required = True
        try:
            yield
        finally:
            for action in kept:
                action.required = False

    def format_usage(self) -> str:
        with self._required_shown():
            return super().format_usage()

    def format_help(self) -> str:
        with self._required_shown():
            return super().format_help()

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        required = [a for a in self._actions if a.required and a.dest is not argparse.SUPPRESS]
        problem = None
        for action in required:
            action.required = False
        self._kept_required = required
        try:
            parsed, extras = super().parse_known_args(args, namespace)
        except argparse.ArgumentError as e:
            if not self._exit_on_error:
                raise
            argument = _name(e.action) if isinstance(e, _NotAChoice) else e.argument_name
            problem = say(_WORDS["argument"], argument=argument, problem=e.message) if argument else e.message
        finally:
            for action in required:
                action.required = True
            self._kept_required = []
        if problem is not None:
            self.error(problem)
        missing = [_name(a) for a in required if getattr(parsed, a.dest, None) is a.default]
        if missing:
            self.error(say(_WORDS["required"], arguments=", ".join(missing)))
        return parsed, extras

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error(say(_WORDS["unrecognized"], arguments=" ".join(extras)))
        return parsed

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's hook for a value not among an action's choices (also a sub-command's name)
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(repr, action.choices))
            raise _NotAChoice(action, say(_WORDS["invalid_choice"], value=value, choices=choices))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, say(_WORDS["error"], prog=self.prog, message=message) + "\n")

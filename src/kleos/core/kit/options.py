"""A game's options as a frozen typed model, read by one parser from every source.

A game declares its options as a frozen dataclass: each field is one option, its annotation the
value's type (a ``Literal`` of texts lists the choices), its default the rulebook's, and
:func:`option` adds what people read (help, label, a meaning per choice) and what is checked
beyond the type (a whole number's range, the game's own check of a structured value).
:func:`option_specs` lists the fields as the kit's :class:`~kleos.core.kit.OptionSpec` s, and
:func:`read_options` turns values into the model, the same way for every surface: the server's
JSON as it is, the command lines' ``NAME=VALUE`` texts (``text=True``) each read first as its field
wants it. Commands once read the same text differently (``gold_supply=98`` became the number 98 in
one and the choice ``"98"`` in another, which the game then refused); a choice given as a number is
now the choice, and every refusal has one message, naming the option and listing its choices.
The rules then read typed fields, never texts with their defaults repeated.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

from kleos.core.kit import FOLDER_NAME, NOT_ONE_OF, UNKNOWN_OPTION, WHOLE_NUMBER, GameKit, OptionsError, OptionSpec

Model = TypeVar("Model")
Check = Callable[[Any], Any]
"""A game's check of a structured value: the value as the rules read it, or :class:`OptionsError`."""

_DECLARED = "kleos.option"


@dataclass(frozen=True)
class Declared:
    """What :func:`option` adds to a field: the words people read and the checks beyond its type."""

    help: str
    label: str = ""
    meanings: tuple[tuple[str, str], ...] = ()
    choices: tuple[str, ...] = ()
    least: int | None = None
    most: int | None = None
    check: Check | None = None
    listed: bool = True
    advanced: bool = False
    local_only: bool = False
    open_choices: bool = False


def option(default: Any = None, *, help: str, factory: Callable[[], Any] | None = None,
           label: str = "", meanings: Iterable[tuple[str, str]] = (), choices: Iterable[str] = (),
           least: int | None = None, most: int | None = None, check: Check | None = None,
           advanced: bool = False, local_only: bool = False, open_choices: bool = False) -> Any:
    """A field of an options model. ``choices`` are needed only when the annotation is no
    ``Literal``; ``factory`` makes a structured default (whose value is not listed as a default);
    ``check`` judges and normalises a structured value (and the default, so that the rules always
    read the same form). ``open_choices``: the choices are those the packaged data offers, and any
    other name is passed on for the game to judge against the data it loads (a user's data folder
    may hold more)."""
    declared = Declared(help, label, tuple(meanings), tuple(choices), least, most, check, factory is None,
                        advanced, local_only, open_choices)
    if factory is not None:
        return field(default_factory=factory, metadata={_DECLARED: declared})
    return field(default=default, metadata={_DECLARED: declared})


@dataclass(frozen=True)
class _Option:
    """One field of a model, as the parser reads it."""

    name: str
    declared: Declared
    choices: tuple[str, ...]
    spec_field: Field[Any]

    def default(self) -> Any:
        factory = self.spec_field.default_factory
        return factory() if factory is not MISSING else self.spec_field.default

    @property
    def folder(self) -> bool:
        return self.declared.local_only and not self.choices


_FIELDS: dict[type[Any], tuple[_Option, ...]] = {}


def _options(model: type[Any]) -> tuple[_Option, ...]:
    """The fields of ``model``, each with its choices (the ``Literal`` annotation's, else declared);
    looked up once per model."""
    found = _FIELDS.get(model)
    if found is None:
        if not is_dataclass(model):
            raise TypeError(f"{model.__name__} is not a dataclass of options")
        hints = get_type_hints(model)
        found = tuple(_option_of(f, hints[f.name]) for f in fields(model))
        _FIELDS[model] = found
    return found


def _option_of(spec_field: Field[Any], hint: Any) -> _Option:
    declared = spec_field.metadata.get(_DECLARED) or Declared("")
    return _Option(spec_field.name, declared, declared.choices or _literal_choices(hint), spec_field)


def _literal_choices(hint: Any) -> tuple[str, ...]:
    return tuple(str(c) for c in get_args(hint)) if get_origin(hint) is Literal else ()


def option_specs(model: type[Any], sources: Mapping[str, str] | None = None) -> tuple[OptionSpec, ...]:
    """The options of ``model`` for listings, the lobby and the command lines, in field order;
    ``sources`` says where a reading comes from (by option name), shown only on request."""
    found = sources or {}
    return tuple(OptionSpec(o.name, o.declared.help, o.default() if o.declared.listed else None, o.choices,
                            local_only=o.declared.local_only, advanced=o.declared.advanced,
                            meanings=o.declared.meanings, source=found.get(o.name, ""), label=o.declared.label)
                 for o in _options(model))


def read_options(model: type[Model], raw: Mapping[str, Any], *, text: bool = False) -> Model:
    """The options model from ``raw`` (missing options take their defaults); ``text``: the values
    are command-line texts, each read first as its option wants it (a choice as written, a folder
    as a name, anything else as JSON when it parses). Raises :class:`OptionsError` naming the option."""
    known = _options(model)
    unknown = sorted(set(raw) - {o.name for o in known})
    if unknown:
        raise OptionsError(unknown[0], UNKNOWN_OPTION, allowed=", ".join(o.name for o in known))
    values = {}
    for o in known:
        value = raw[o.name] if o.name in raw else o.default()
        if text and o.name in raw and isinstance(value, str):
            value = _from_text(o, value)
        values[o.name] = _checked(o, value)
    return model(**values)


def read_any_options(model: type[Model], options: Mapping[str, Any] | Model) -> Model:
    """``options`` as they are when they are the model already, else read (JSON values)."""
    return options if isinstance(options, model) else read_options(model, options)  # type: ignore[arg-type]


def options_record(options: Any, always: Iterable[str] = ()) -> dict[str, Any]:
    """The options that differ from their defaults (and the ``always`` ones), as JSON values: what a
    record keeps to rebuild the game. A tuple is kept as a list."""
    out = {}
    for o in _options(type(options)):
        value = getattr(options, o.name)
        if o.name in always or value != _checked(o, o.default()):
            out[o.name] = list(value) if isinstance(value, tuple) else value
    return out


def _from_text(o: _Option, text: str) -> Any:
    return text if o.choices or o.folder else _json_or_text(text)


def _checked(o: _Option, value: Any) -> Any:
    """``value`` as the rules read it, or :class:`OptionsError` with the message every source gets."""
    if isinstance(value, int) and not isinstance(value, bool) and o.choices:
        value = str(value)  # a choice written as a number (JSON 98 for the choice "98") is that choice
    d = o.declared
    if o.choices and (isinstance(value, str) or d.check is None):
        if value not in o.choices and not (d.open_choices and isinstance(value, str) and value.strip()):
            raise OptionsError(o.name, NOT_ONE_OF, value=repr(value), choices=", ".join(o.choices))
        return value
    if d.check is not None:
        return d.check(value)
    if d.least is not None and d.most is not None:
        if not isinstance(value, int) or isinstance(value, bool) or not d.least <= value <= d.most:
            raise OptionsError(o.name, WHOLE_NUMBER, least=d.least, most=d.most, value=repr(value))
        return value
    if o.folder and value is not None and not isinstance(value, str):
        raise OptionsError(o.name, FOLDER_NAME)
    return value


def option_texts(pairs: Iterable[str]) -> dict[str, str]:
    """``NAME=VALUE`` pairs as texts by name (the later pair wins); a pair without ``=`` or name is
    a ``ValueError``. Read them with ``text=True``."""
    out = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"--option {pair!r}: write NAME=VALUE")
        out[name.strip()] = value
    return out


def text_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Command-line texts as JSON values where they parse, for a game that declares no options model."""
    return {name: _json_or_text(value) if isinstance(value, str) else value for name, value in raw.items()}


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def command_options(kit: GameKit, pairs: Iterable[str], edition: str | None = None,
                    seats: int | None = None) -> dict[str, Any]:
    """The game options of a command line (``play``, ``arena``, ``random``): the ``--option`` pairs,
    then the ``--edition`` and seat-count shortcuts, read by the one parser as texts."""
    texts = option_texts(pairs)
    if edition is not None:
        texts["edition"] = edition
    if seats is not None and kit.seat_count_option is not None:
        texts[kit.seat_count_option] = str(seats)
    return kit.checked_options(texts, text=True)

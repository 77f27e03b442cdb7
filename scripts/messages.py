"""The translation catalogues: extract, update, pseudo-translate and compile (Babel).

usage: python scripts/messages.py [extract] [update] [pseudo] [compile] [--check]
       (no step: all four, in that order; ./dev.sh messages runs this)

Two gettext domains, each beside the code that declares its entries:

* ``engine``: verdicts, errors, score lines, the bots' and the review's words
  (``engine/locale/engine.pot``, ``engine/locale/<lang>/LC_MESSAGES/engine.po``);
* ``tutor``: everything the widgets, drills, table and exercises show
  (``tutor/locale/tutor.pot``, ``tutor/locale/<lang>/LC_MESSAGES/tutor.po``).

Steps:

``extract``  the templates (.pot) from the sources, with Babel and the project's
             settings (pyproject ``[tool.babel.extract_messages]``, ``babel.cfg``);
``update``   each language's .po from its template (new entries added empty,
             gone ones dropped, no fuzzy matching: a changed English text is a
             new entry a translator must see);
``pseudo``   the pseudo-language ``qps`` (accented, lengthened English in
             brackets, placeholders and markup kept), for the browser tests that
             look for untranslated or cut text;
``compile``  every .po to its .mo (committed: tests/test_catalogues.py checks
             that each .mo is what compiling its .po gives today), and
             ``tutor/locale/languages.json``: each language's name in itself (its
             catalogue's ``app.language.name``), so that the app's language menu
             needs no catalogue but the page's own (parsing the three whole
             tutor catalogues cost the page's start 90 million instructions).

``--check`` changes nothing and exits 1 when a .po or .mo is out of date.
"""
from __future__ import annotations

import io
import json
import re
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parent.parent
#: gettext domain → the package folder that declares its entries.
DOMAINS = {"engine": REPO / "engine", "tutor": REPO / "tutor"}
PSEUDO = "qps"


def _plural_of(lang: str) -> str:
    """The plural rule of ``lang``: the Plural-Forms its tutor.po declares (Somali and Hausa: one/other;
    Cebuano: CLDR's Filipino rule, whose second form is for numbers ending in 4, 6 or 9), or, for a new
    language whose folder has no catalogue yet, the rule CLDR gives it (Babel)."""
    po = REPO / "tutor" / "locale" / lang / "LC_MESSAGES" / "tutor.po"
    if po.exists():
        return _read(po).plural_forms
    return Catalog(locale=lang).plural_forms


def languages() -> dict[str, str]:
    """The translated languages, derived from the locale folders: every folder of ``tutor/locale`` (the
    pseudo-language's apart; a new language is a new folder there), in the order of their codes, with its
    plural rule (:func:`_plural_of`)."""
    codes = sorted(p.name for p in (REPO / "tutor" / "locale").iterdir() if p.is_dir() and p.name != PSEUDO)
    return {lang: _plural_of(lang) for lang in codes}


WIDTH = 120


def _settings() -> tuple[list, dict, dict, list[str]]:
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]["extract_messages"]
    with open(REPO / conf["mapping_file"], encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    keywords: dict[str, tuple] = {}
    for spec in conf["keywords"].split():
        name, _, args = spec.partition(":")
        keywords[name] = tuple((int(a[:-1]), "c") if a.endswith("c") else int(a) for a in args.split(","))
    return method_map, options_map, keywords, [conf["add_comments"]]


def pot_path(domain: str) -> Path:
    return DOMAINS[domain] / "locale" / f"{domain}.pot"


def po_path(domain: str, lang: str) -> Path:
    return DOMAINS[domain] / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def template(domain: str) -> Catalog:
    """The domain's entries as Babel extracts them from its package today."""
    method_map, options_map, keywords, tags = _settings()
    cat = Catalog(project="Trick Tutor", version="0.1.0", domain=domain, fuzzy=False,
                  msgid_bugs_address="https://github.com/tricktutor/tricktutor/issues",
                  copyright_holder="Trick Tutor contributors")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(DOMAINS[domain]), method_map, options_map, keywords=keywords, comment_tags=tags,
            strip_comment_tags=True):
        if context is None or context.startswith(("doctest.", "test.")):
            continue
        path = (DOMAINS[domain] / filename).relative_to(REPO).as_posix()
        cat.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return cat


def _dump(cat: Catalog, **kw: object) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, sort_output=True, omit_header=False, **kw)  # type: ignore[arg-type]
    # the creation/revision dates change on every run: keep them out of the files' comparison
    return buf.getvalue()


def _same(a: bytes, b: bytes) -> bool:
    strip = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', re.MULTILINE)
    return strip.sub(b"", a) == strip.sub(b"", b)


def _write(path: Path, data: bytes, check: bool, stale: list[str]) -> None:
    old = path.read_bytes() if path.exists() else b""
    if (data if path.suffix == ".mo" else None) == old or (path.suffix != ".mo" and _same(old, data)):
        return
    if check:
        stale.append(str(path.relative_to(REPO)))
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    print(f"wrote {path.relative_to(REPO)}")


def _read(path: Path) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, abort_invalid=True)


#: The translated languages and their plural rules (:func:`languages`).
LANGUAGES = languages()


def extract(check: bool, stale: list[str]) -> None:
    for domain in DOMAINS:
        _write(pot_path(domain), _dump(template(domain)), check, stale)


def update(check: bool, stale: list[str]) -> None:
    for domain in DOMAINS:
        tpl = template(domain)
        for lang, plural in LANGUAGES.items():
            path = po_path(domain, lang)
            if path.exists():
                cat = _read(path)
            else:
                cat = Catalog(locale=lang, domain=domain, project="Trick Tutor", version="0.1.0",
                              copyright_holder="Trick Tutor contributors",
                              msgid_bugs_address="https://github.com/tricktutor/tricktutor/issues",
                              header_comment=f"# Trick Tutor's {domain} messages in {lang}.\n# Plural forms: {plural}\n"
                                             "# Waiting for a native speaker's review: see docs/translations.md.",
                              fuzzy=False)
            cat.update(tpl, no_fuzzy_matching=True, update_header_comment=False)
            cat.obsolete.clear()
            _set_plural(cat, plural)
            _write(path, _dump(cat, ignore_obsolete=True), check, stale)


def _set_plural(cat: Catalog, plural: str) -> None:
    # Babel derives Plural-Forms from its own CLDR data when the locale is known; the rule asked for
    # by the project is written here so that every tool (gettext, Babel, Poedit) reads the same one.
    cat._num_plurals = int(re.search(r"nplurals=(\d+)", plural).group(1))  # type: ignore[union-attr]
    cat._plural_expr = re.search(r"plural=(.*?);?$", plural).group(1)  # type: ignore[union-attr]


_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[#\w]+;|\b(?:SP|OH)-(?:V|H|2P-)?\d+\b)")
_ACCENT = str.maketrans("abcdefghijklmnoprstuwyzABCDEGHIJKLNOPRSTUWYZ",
                        "åƀçđéƒĝĥîĵķľɱñöþŕšţûŵýžÅßÇÐÉĜĤÎĴĶĽÑÖÞŔŠŢÛŴÝŽ")


def pseudo_text(text: str) -> str:
    """English made strange but readable: accented letters, a third longer, in brackets;
    placeholders, markup, entities and rule ids untouched.

    >>> pseudo_text("You must follow {led_suit}: <b>SP-10</b>")
    '[Ýöû ɱûšţ ƒöľľöŵ {led_suit}: <b>SP-10</b> ~~~~~ ~]'
    """
    if not text or sum(c.isalpha() for c in text) < 2:
        return text       # a card's rank ("10", "J"), a symbol: as on the cards
    parts = _KEEP.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENT) for i, p in enumerate(parts))
    letters = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    pad = max(1, letters // 3)
    # in words of at most 5, so that a line can break inside the padding as between real words
    return f"[{out} {' '.join('~' * min(5, pad - k) for k in range(0, pad, 5))}]"


def pseudo(check: bool, stale: list[str]) -> None:
    for domain in DOMAINS:
        cat = Catalog(domain=domain, project="Trick Tutor", version="0.1.0", fuzzy=False,
                      header_comment="# The pseudo-language qps, made by scripts/messages.py pseudo: do not edit.")
        for m in template(domain):
            if not m.id:
                continue
            if m.pluralizable:
                one, other = m.id
                cat.add(m.id, (pseudo_text(one), pseudo_text(other)), context=m.context)
            else:
                cat.add(m.id, pseudo_text(m.id), context=m.context)
        _write(po_path(domain, PSEUDO), _dump(cat), check, stale)


#: Each language's name in itself, from the tutor catalogues (:func:`language_names`).
LANGUAGE_NAMES = REPO / "tutor" / "locale" / "languages.json"
#: The catalogue entry that names a language in itself (tutor/app.py's ``LANGUAGE_NAME``).
LANGUAGE_NAME_ENTRY = ("English", "app.language.name")


def language_names() -> bytes:
    """``{code: name}`` as JSON for every tutor catalogue with the language-name entry translated
    (the pseudo-language included: the menu leaves it out itself)."""
    names = {}
    for po in sorted((DOMAINS["tutor"] / "locale").glob("*/LC_MESSAGES/tutor.po")):
        entry = _read(po).get(*LANGUAGE_NAME_ENTRY)
        if entry is not None and entry.string and not entry.fuzzy:
            names[po.parent.parent.name] = entry.string
    return (json.dumps(names, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def compile_all(check: bool, stale: list[str]) -> None:
    for domain in DOMAINS:
        for po in sorted((DOMAINS[domain] / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
            _write(po.with_suffix(".mo"), mo_bytes(_read(po)), check, stale)
    _write(LANGUAGE_NAMES, language_names(), check, stale)


def mo_bytes(cat: Catalog) -> bytes:
    """The compiled catalogue (untranslated and fuzzy entries left out: English shows instead)."""
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


STEPS = {"extract": extract, "update": update, "pseudo": pseudo, "compile": compile_all}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    steps = [a for a in argv if a != "--check"] or list(STEPS)
    unknown = [s for s in steps if s not in STEPS]
    if unknown:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    stale: list[str] = []
    for step in steps:
        STEPS[step](check, stale)
    if stale:
        print("out of date (run ./dev.sh messages):\n  " + "\n  ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
